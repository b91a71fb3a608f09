import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { answerOf, api } from '../../../api/api';
import type { components } from '../../../api/generated/openapi';

export type FoundCompany = components['schemas']['OrganizationLookupResult'];

/** Companies that already use Hedgerow whose name holds the words typed (those at the postal code first). */
export function useCompanyLookup(name: string, postalCode: string) {
  const query = name.trim();
  return useQuery({
    queryKey: ['organizations', 'lookup', query, postalCode],
    queryFn: ({ signal }) =>
      answerOf(
        api.GET('/api/v1/organizations/lookup', {
          params: { query: { name: query, postalCode: postalCode.trim() || undefined } },
          signal,
        }),
      ),
    enabled: query.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** The company an e-mailed invitation link leads into (404 when the link is used, revoked or expired). */
export function useInvitationPreview(token: string | null) {
  return useQuery({
    queryKey: ['organization_invitations', token],
    queryFn: ({ signal }) =>
      answerOf(
        api.GET('/api/v1/organization_invitations/{token}', {
          params: { path: { token: token ?? '' } },
          signal,
        }),
      ),
    enabled: Boolean(token),
    retry: false,
  });
}
