import { queryOptions, useQuery } from '@tanstack/react-query';
import { answerOf, api } from '../../../api/api';
import type { components } from '../../../api/generated/openapi';
import { adminUsersKey } from './get-users';

/** One row of the audit trail: who did what to the record, and when. */
export type AuditEvent = components['schemas']['AuditEvent'];

export type UserDetail = components['schemas']['AdminUserDetail'];

export const getUser = (id: number, signal?: AbortSignal) =>
  answerOf(api.GET('/api/internal/users/{id}', { params: { path: { id } }, signal }));

export const getUserQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...adminUsersKey, 'detail', id],
    queryFn: ({ signal }) => getUser(id, signal),
  });

export const useUser = (id: number) => useQuery(getUserQueryOptions(id));
