import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { answerOf, api } from '../../../api/api';
import type { paths } from '../../../api/generated/openapi';

/** The orders the branch's availability list can come in. */
export type AvailabilitySort = NonNullable<
  paths['/api/v1/branches/{slug}/availabilities']['get']['parameters']['query']
>['sort'];

export type BranchAvailabilityFilter = {
  slug: string;
  query: string;
  sort: AvailabilitySort;
  page: number;
  perPage: number;
};

export const branchAvailabilitiesQueryOptions = (filter: BranchAvailabilityFilter) =>
  queryOptions({
    queryKey: ['availabilities', 'branch', filter],
    queryFn: ({ signal }) =>
      answerOf(
        api.GET('/api/v1/branches/{slug}/availabilities', {
          params: {
            path: { slug: filter.slug },
            query: {
              query: filter.query.trim(),
              sort: filter.sort,
              page: filter.page,
              perPage: filter.perPage,
            },
          },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });

/** What one branch has in stock, with the caller's prices. */
export const useBranchAvailabilities = (filter: BranchAvailabilityFilter) =>
  useQuery(branchAvailabilitiesQueryOptions(filter));
