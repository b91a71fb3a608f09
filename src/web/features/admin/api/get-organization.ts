import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';
import { adminOrganizationsKey } from './get-organizations';
import type { UserAdminView } from './get-users';

export type OrganizationAddress = {
  id: number;
  name: string | null;
  street1: string | null;
  street2: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string | null;
  phone: string | null;
  fax: string | null;
  addressType: string | null;
  deliveryInstructions: string | null;
};

/** A company as the server's companyView answers it. */
export type Company = {
  id: number;
  name: string;
  slug: string;
  website: string | null;
  invoiceEmail: string | null;
  email: string | null;
  companyType: string | null;
  companySize: string | null;
  projectTypes: string[] | null;
  taxId: string | null;
  isBuyer: boolean;
  address: OrganizationAddress | null;
};

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
