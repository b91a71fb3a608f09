import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';
import { adminUsersKey, type UserAdminView } from './get-users';

/** One row of the audit trail: who did what to the record, and when. */
export type AuditEvent = {
  id: number;
  createdAt: string;
  actorUserId: number | null;
  impersonatorUserId: number | null;
  subjectType: string;
  subjectId: number | null;
  action: string;
  data: Record<string, unknown> | null;
};

export type UserDetail = UserAdminView & { supplier: boolean; events: AuditEvent[] };

export const getUser = (id: number, signal?: AbortSignal) =>
  apiRequest<UserDetail>(`/api/internal/users/${id}`, { signal });

export const getUserQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...adminUsersKey, 'detail', id],
    queryFn: ({ signal }) => getUser(id, signal),
  });

export const useUser = (id: number) => useQuery(getUserQueryOptions(id));
