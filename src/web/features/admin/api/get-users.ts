import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AccessStatus } from '../../../../domain/access';
import { answerOf, api } from '../../../api/api';
import type { components } from '../../../api/generated/openapi';

/** A user as staff see it in Beehive (the server's adminUserSchema). */
export type UserAdminView = components['schemas']['AdminUser'];

export type UsersFilter = { query: string; status: AccessStatus | null; page: number; perPage: number };

export const adminUsersKey = ['admin', 'users'] as const;

export const getUsers = (filter: UsersFilter, signal?: AbortSignal) =>
  answerOf(
    api.GET('/api/internal/users', {
      params: {
        query: {
          query: filter.query.trim() || undefined,
          status: filter.status ?? undefined,
          page: filter.page,
          perPage: filter.perPage,
        },
      },
      signal,
    }),
  );

export const getUsersQueryOptions = (filter: UsersFilter) =>
  queryOptions({
    queryKey: [...adminUsersKey, 'list', filter],
    queryFn: ({ signal }) => getUsers(filter, signal),
    // Paging and typing keep the last page on screen instead of flashing a loader.
    placeholderData: keepPreviousData,
  });

export const useUsers = (filter: UsersFilter) => useQuery(getUsersQueryOptions(filter));
