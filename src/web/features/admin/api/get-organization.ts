import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanyAddressView, CompanyView } from '../../../../domain/accounts/company-view';
import { apiRequest } from '../../../api/client';
import { adminOrganizationsKey } from './get-organizations';
import type { UserAdminView } from './get-users';

export type Company = CompanyView;
export type OrganizationAddress = CompanyAddressView;

export type OrganizationDetail = Company & {
  branches: { id: number; name: string; slug: string; isPrimary: boolean }[];
  users: UserAdminView[];
};

export const getOrganization = (id: number, signal?: AbortSignal) =>
  apiRequest<OrganizationDetail>(`/api/internal/organizations/${id}`, { signal });

export const getOrganizationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...adminOrganizationsKey, 'detail', id],
    queryFn: ({ signal }) => getOrganization(id, signal),
  });

export const useOrganization = (id: number) => useQuery(getOrganizationQueryOptions(id));
