import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';

export type ListPage<T> = { results: T[]; totalCount: number; currentPage: number; totalPages: number };

/** A branch in the supplier directory (`GET /api/v1/suppliers`). */
export type SupplierSummary = {
  id: number;
  organizationId: number;
  organizationName: string | null;
  name: string;
  slug: string;
  displayAddress: string | null;
  city: string | null;
  state: string | null;
  logo: string | null;
  sellsOnline: boolean;
  productCount?: number;
  distance?: number | null;
};

export type SupplierFilter = {
  query: string;
  state: string | null;
  postalCode: string | null;
  radius: string | null;
  page: number;
  perPage: number;
};

export const suppliersQueryOptions = (filter: SupplierFilter) =>
  queryOptions({
    queryKey: ['suppliers', 'directory', filter],
    queryFn: ({ signal }) =>
      apiRequest<ListPage<SupplierSummary>>('/api/v1/suppliers', {
        query: {
          query: filter.query.trim(),
          state: filter.state,
          postalCode: filter.postalCode,
          radius: filter.postalCode ? filter.radius : null,
          page: filter.page,
          perPage: filter.perPage,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** The supplier directory, filtered and paged. */
export const useSuppliers = (filter: SupplierFilter) => useQuery(suppliersQueryOptions(filter));
