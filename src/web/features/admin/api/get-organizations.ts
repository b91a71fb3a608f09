import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { answerOf, api } from '../../../api/api';
import type { components } from '../../../api/generated/openapi';

/** A row of the Beehive organisation list. */
export type OrganizationListItem = components['schemas']['AdminOrganizationListItem'];

export type OrganizationsFilter = { query: string; page: number; perPage: number };

export const adminOrganizationsKey = ['admin', 'organizations'] as const;

export const getOrganizations = (filter: OrganizationsFilter, signal?: AbortSignal) =>
  answerOf(
    api.GET('/api/internal/organizations', {
      params: {
        query: { query: filter.query.trim() || undefined, page: filter.page, perPage: filter.perPage },
      },
      signal,
    }),
  );

export const getOrganizationsQueryOptions = (filter: OrganizationsFilter) =>
  queryOptions({
    queryKey: [...adminOrganizationsKey, 'list', filter],
    queryFn: ({ signal }) => getOrganizations(filter, signal),
    placeholderData: keepPreviousData,
  });

export const useOrganizations = (filter: OrganizationsFilter) =>
  useQuery(getOrganizationsQueryOptions(filter));
