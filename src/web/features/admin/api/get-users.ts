import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AccessStatus, StaffRole } from '../../../../domain/access';
import { apiRequest } from '../../../api/client';

/** A user as staff see it in Beehive (the server's userAdminView). */
export type UserAdminView = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  fullName: string;
  phone: string | null;
  status: AccessStatus;
  activated: boolean;
  roles: StaffRole[];
  isMarketManager: boolean;
  messagesEnabled: boolean;
  organizationId: number | null;
  organizationName: string | null;
  lastSignInAt: string | null;
  createdAt: string;
};

export type ListPage<T> = { results: T[]; totalCount: number; currentPage: number; totalPages: number };

export type UsersFilter = { query: string; status: AccessStatus | null; page: number; perPage: number };

export const adminUsersKey = ['admin', 'users'] as const;

export const getUsers = (filter: UsersFilter, signal?: AbortSignal) =>
  apiRequest<ListPage<UserAdminView>>('/api/internal/users', {
    query: { query: filter.query.trim(), status: filter.status, page: filter.page, perPage: filter.perPage },
    signal,
  });

export const getUsersQueryOptions = (filter: UsersFilter) =>
  queryOptions({
    queryKey: [...adminUsersKey, 'list', filter],
    queryFn: ({ signal }) => getUsers(filter, signal),
    // Paging and typing keep the last page on screen instead of flashing a loader.
    placeholderData: keepPreviousData,
  });

export const useUsers = (filter: UsersFilter) => useQuery(getUsersQueryOptions(filter));
