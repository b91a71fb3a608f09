import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { answerOf, api } from '../../../api/api';
import type { components } from '../../../api/generated/openapi';

/** A branch in the supplier directory (`GET /api/v1/suppliers`). */
export type SupplierSummary = components['schemas']['SupplierDirectoryEntry'];

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
      answerOf(
        api.GET('/api/v1/suppliers', {
          params: {
            query: {
              query: filter.query.trim(),
              state: filter.state ?? undefined,
              postalCode: filter.postalCode ?? undefined,
              radius: (filter.postalCode && filter.radius) || undefined,
              page: filter.page,
              perPage: filter.perPage,
            },
          },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });

/** The supplier directory, filtered and paged. */
export const useSuppliers = (filter: SupplierFilter) => useQuery(suppliersQueryOptions(filter));
