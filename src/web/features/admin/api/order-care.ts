import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { answerOf, api } from '../../../api/api';
import type { components } from '../../../api/generated/openapi';

/** An open order needing staff attention, with the reasons (the caretaker query). */
export type CaretakerOrder = components['schemas']['CaretakerOrder'];

export const caretakerQueryOptions = (filter: { page: number; perPage: number }) =>
  queryOptions({
    queryKey: ['admin', 'orders', 'caretaker', filter],
    queryFn: ({ signal }) =>
      answerOf(api.GET('/api/internal/orders/caretaker', { params: { query: filter }, signal })),
    placeholderData: keepPreviousData,
  });

export const useCaretakerOrders = (filter: { page: number; perPage: number }) =>
  useQuery(caretakerQueryOptions(filter));

/** The accounting page's status; polled every 2 s while a push to QuickBooks waits or runs. */
export const useAccountingStatus = () =>
  useQuery({
    queryKey: ['admin', 'accounting'],
    queryFn: ({ signal }) => answerOf(api.GET('/api/internal/accounting', { signal })),
    refetchInterval: (query) => {
      const status = query.state.data?.lastPush?.status;
      return status === 'queued' || status === 'running' ? 2000 : false;
    },
  });
