import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKey, GeneratedApiKey } from '../../../../domain/admin/api-keys';
import { answerOf, api } from '../../../api/api';
import { adminOrganizationsKey } from './get-organizations';

export type { ApiKey, GeneratedApiKey };

const apiKeysKey = (organizationId: number) =>
  [...adminOrganizationsKey, 'api-keys', organizationId] as const;

export const apiKeysQueryOptions = (organizationId: number) =>
  queryOptions({
    queryKey: apiKeysKey(organizationId),
    queryFn: async ({ signal }) =>
      (
        await answerOf(
          api.GET('/api/internal/organizations/{id}/api_keys', {
            params: { path: { id: organizationId } },
            signal,
          }),
        )
      ).results,
  });

export const useApiKeys = (organizationId: number) => useQuery(apiKeysQueryOptions(organizationId));

/** generate_api_key: the answer holds the key, shown once; the list refetches. */
export function useGenerateApiKey(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (label: string) =>
      answerOf(
        api.POST('/api/internal/organizations/{id}/api_keys', {
          params: { path: { id: organizationId } },
          body: { label },
        }),
      ),
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey(organizationId) }),
  });
}

/** revoke_api_key: the key stops working at once. */
export function useRevokeApiKey(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      answerOf(api.DELETE('/api/internal/api_keys/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey(organizationId) }),
  });
}
