import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';
import type { AvailabilityListing } from '../../../ui/availability-table';
import type { ListPage } from './get-suppliers';

export type BranchAvailabilityFilter = {
  slug: string;
  query: string;
  sort: string;
  page: number;
  perPage: number;
};

export const branchAvailabilitiesQueryOptions = (filter: BranchAvailabilityFilter) =>
  queryOptions({
    queryKey: ['availabilities', 'branch', filter],
    queryFn: ({ signal }) =>
      apiRequest<ListPage<AvailabilityListing>>(
        `/api/v1/branches/${encodeURIComponent(filter.slug)}/availabilities`,
        {
          query: {
            query: filter.query.trim(),
            sort: filter.sort,
            page: filter.page,
            perPage: filter.perPage,
          },
          signal,
        },
      ),
    placeholderData: keepPreviousData,
  });

/** What one branch has in stock, with the caller's prices. */
export const useBranchAvailabilities = (filter: BranchAvailabilityFilter) =>
  useQuery(branchAvailabilitiesQueryOptions(filter));
