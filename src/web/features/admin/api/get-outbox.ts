import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { answerOf, api } from '../../../api/api';
import type { components } from '../../../api/generated/openapi';

/** One e-mail the product sent (or kept, without SMTP), as the API answers it. */
export type OutboxEmail = components['schemas']['OutboxEmail'];
export type OutboxStatus = OutboxEmail['status'];

export type OutboxFilter = { page: number; perPage: number };

export const adminOutboxKey = ['admin', 'outbox'] as const;

export const getOutboxQueryOptions = (filter: OutboxFilter) =>
  queryOptions({
    queryKey: [...adminOutboxKey, filter],
    queryFn: ({ signal }) => answerOf(api.GET('/api/internal/outbox', { params: { query: filter }, signal })),
    placeholderData: keepPreviousData,
  });

export const useOutbox = (filter: OutboxFilter) => useQuery(getOutboxQueryOptions(filter));
