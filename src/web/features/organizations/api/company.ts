import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompanyProfileInput } from '../../../../domain/accounts/company-schema';
import type { CompanyAddressView, CompanyView } from '../../../../domain/accounts/company-view';
import { apiRequest } from '../../../api/client';
import { currentUserKey } from '../../../api/current-user';

export type Company = CompanyView;
export type CompanyAddress = CompanyAddressView;

export const companyKey = (id: number) => ['organizations', id] as const;

export const companyQueryOptions = (id: number) =>
  queryOptions({
    queryKey: companyKey(id),
    queryFn: ({ signal }) => apiRequest<Company>(`/api/v1/organizations/${id}`, { signal }),
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
        ? apiRequest<Company>(`/api/v1/organizations/${id}`, { method: 'PATCH', body: values })
        : apiRequest<Company>('/api/v1/organizations', { method: 'POST', body: values }),
    onSuccess: async (company, { id }) => {
      queryClient.setQueryData(companyKey(company.id), company);
      // A new company makes the user its member: the header, home and profile read that from the user.
      if (!id) await queryClient.invalidateQueries({ queryKey: currentUserKey });
    },
  });
}
