import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';
import type { ListPage } from './get-users';

export type OutboxStatus = 'outbox' | 'queued' | 'sent' | 'failed';

/** One e-mail the product sent (or kept, without SMTP). */
export type OutboxEmail = {
  id: number;
  toAddress: string;
  subject: string;
  textBody: string;
  status: OutboxStatus;
  /** Tries to hand it to SMTP so far. */
  attempts: number;
  /** The last try's error (a failed e-mail, or one waiting to be retried). */
  error: string | null;
  createdAt: string;
  sentAt: string | null;
};

export type OutboxFilter = { page: number; perPage: number };

export const adminOutboxKey = ['admin', 'outbox'] as const;

export const getOutbox = (filter: OutboxFilter, signal?: AbortSignal) =>
  apiRequest<ListPage<OutboxEmail>>('/api/internal/outbox', { query: filter, signal });

export const getOutboxQueryOptions = (filter: OutboxFilter) =>
  queryOptions({
    queryKey: [...adminOutboxKey, filter],
    queryFn: ({ signal }) => getOutbox(filter, signal),
    placeholderData: keepPreviousData,
  });

export const useOutbox = (filter: OutboxFilter) => useQuery(getOutboxQueryOptions(filter));
