import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { answerOf, api } from '../../../api/api';
import type { components } from '../../../api/generated/openapi';

/** An open order whose supplier has nobody who can receive it (Beehive's 'Orders nobody can answer'). */
export type UnanswerableOrder = components['schemas']['UnanswerableOrder'];

export const getUnanswerableOrdersQueryOptions = (filter: { page: number; perPage: number }) =>
  queryOptions({
    queryKey: ['admin', 'orders', 'unanswerable', filter],
    queryFn: ({ signal }) =>
      answerOf(api.GET('/api/internal/orders/unanswerable', { params: { query: filter }, signal })),
    placeholderData: keepPreviousData,
  });

export const useUnanswerableOrders = (filter: { page: number; perPage: number }) =>
  useQuery(getUnanswerableOrdersQueryOptions(filter));
