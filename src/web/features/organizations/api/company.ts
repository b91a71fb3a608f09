import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompanyProfileInput } from '../../../../domain/accounts/company-schema';
import { answerOf, api } from '../../../api/api';
import { currentUserKey } from '../../../api/current-user';
import type { components } from '../../../api/generated/openapi';

export type Company = components['schemas']['Company'];
export type CompanyAddress = components['schemas']['CompanyAddress'];

export const companyKey = (id: number) => ['organizations', id] as const;

export const companyQueryOptions = (id: number) =>
  queryOptions({
    queryKey: companyKey(id),
    queryFn: ({ signal }) =>
      answerOf(api.GET('/api/v1/organizations/{id}', { params: { path: { id } }, signal })),
  });

/** The company profile of a company the user belongs to (admins may read any). */
export function useCompany(id: number | null | undefined) {
  return useQuery({ ...companyQueryOptions(id ?? 0), enabled: Boolean(id) });
}

/** Creates the user's company when there is no id yet, otherwise updates it (the spec's "create or update"). */
export function useSaveCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: number | null; values: CompanyProfileInput }) =>
      id
        ? answerOf(api.PATCH('/api/v1/organizations/{id}', { params: { path: { id } }, body: values }))
        : answerOf(api.POST('/api/v1/organizations', { body: values })),
    // The form shows its own "Unable to create/update company" toast and puts field messages on its fields.
    meta: { handlesErrors: true },
    onSuccess: async (company, { id }) => {
      queryClient.setQueryData(companyKey(company.id), company);
      // A new company makes the user its member: the header, home and profile read that from the user.
      if (!id) await queryClient.invalidateQueries({ queryKey: currentUserKey });
    },
  });
}
