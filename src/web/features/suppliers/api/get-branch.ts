import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';

/** One branch (`GET /api/v1/branches/{slug}`). */
export type Branch = {
  id: number;
  organizationId: number;
  name: string;
  slug: string;
  address: {
    street1: string;
    street2: string | null;
    city: string | null;
    state: string | null;
    postalCode: string | null;
    country: string | null;
    phone: string | null;
  } | null;
  displayAddress: string | null;
  logo: string | null;
  latitude: number | null;
  longitude: number | null;
  notices: string | null;
  sellsOnline: boolean;
  isPrimary: boolean;
};

export const branchQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['branches', slug],
    queryFn: ({ signal }) => apiRequest<Branch>(`/api/v1/branches/${encodeURIComponent(slug)}`, { signal }),
  });

export const useBranch = (slug: string) => useQuery(branchQueryOptions(slug));
