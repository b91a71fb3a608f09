import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';
import type { ListPage } from './get-users';

/** A row of the Beehive organisation list. */
export type OrganizationListItem = {
  id: number;
  name: string;
  slug: string;
  email: string | null;
  companyType: string | null;
  isBuyer: boolean;
  branchCount: number;
  userCount: number;
  createdAt: string;
};

export type OrganizationsFilter = { query: string; page: number; perPage: number };

export const adminOrganizationsKey = ['admin', 'organizations'] as const;

export const getOrganizations = (filter: OrganizationsFilter, signal?: AbortSignal) =>
  apiRequest<ListPage<OrganizationListItem>>('/api/internal/organizations', {
    query: { query: filter.query.trim(), page: filter.page, perPage: filter.perPage },
    signal,
  });

export const getOrganizationsQueryOptions = (filter: OrganizationsFilter) =>
  queryOptions({
    queryKey: [...adminOrganizationsKey, 'list', filter],
    queryFn: ({ signal }) => getOrganizations(filter, signal),
    placeholderData: keepPreviousData,
  });

export const useOrganizations = (filter: OrganizationsFilter) =>
  useQuery(getOrganizationsQueryOptions(filter));
