import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { answerOf, api } from './api';
import type { paths } from './generated/openapi';

/** The orders `GET /api/v1/availabilities` sorts by (the server refuses any other with a 400). */
export type AvailabilitySort = NonNullable<
  NonNullable<paths['/api/v1/availabilities']['get']['parameters']['query']>['sort']
>;

export type ProductAvailabilityFilter = {
  productId: number;
  postalCode: string | null;
  // A string, not AvailabilitySort: the product page passes the sort it read from the address bar.
  sort: string;
  page: number;
  perPage: number;
};

export const productAvailabilitiesQueryOptions = (filter: ProductAvailabilityFilter) =>
  queryOptions({
    queryKey: ['availabilities', 'product', filter],
    queryFn: ({ signal }) =>
      answerOf(
        api.GET('/api/v1/availabilities', {
          params: {
            query: {
              productId: filter.productId,
              available: 'true',
              postalCode: filter.postalCode ?? undefined,
              sort: filter.sort as AvailabilitySort,
              page: filter.page,
              perPage: filter.perPage,
            },
          },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });

/** The branches that list a product, with the caller's prices and distances from a postal code. */
export const useProductAvailabilities = (filter: ProductAvailabilityFilter) =>
  useQuery(productAvailabilitiesQueryOptions(filter));
