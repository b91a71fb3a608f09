import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AvailabilityListing } from '../ui/availability-table';
import { apiRequest } from './client';

export type ListPage<T> = { results: T[]; totalCount: number; currentPage: number; totalPages: number };

export type ProductAvailabilityFilter = {
  productId: number;
  postalCode: string | null;
  sort: string;
  page: number;
  perPage: number;
};

export const productAvailabilitiesQueryOptions = (filter: ProductAvailabilityFilter) =>
  queryOptions({
    queryKey: ['availabilities', 'product', filter],
    queryFn: ({ signal }) =>
      apiRequest<ListPage<AvailabilityListing>>('/api/v1/availabilities', {
        query: {
          productId: filter.productId,
          available: true,
          postalCode: filter.postalCode,
          sort: filter.sort,
          page: filter.page,
          perPage: filter.perPage,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** The branches that list a product, with the caller's prices and distances from a postal code. */
export const useProductAvailabilities = (filter: ProductAvailabilityFilter) =>
  useQuery(productAvailabilitiesQueryOptions(filter));
