import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { answerOf, api } from '../../../api/api';
import type { components } from '../../../api/generated/openapi';

export type OrdersTab = 'buyer' | 'supplier';
export type OrderType = 'needs_response' | 'open';
export type OrderSortField = 'submittedAt' | 'orderNumber' | 'name' | 'total' | 'requestedOn';

/** One row of GET /api/v1/orders. */
export type OrderListItem = components['schemas']['OrderListItem'];

export type OrderListFilter = {
  tab: OrdersTab;
  orderType: OrderType | null;
  startDate: string | null;
  endDate: string | null;
  query: string;
  sort: string | null;
  page: number;
  /** Supplier tab: only this branch's orders. */
  branchId?: number | null;
};

export const ordersPerPage = 25;

export const orderListKeys = {
  all: ['orders', 'list'] as const,
  list: (filter: OrderListFilter) => ['orders', 'list', filter] as const,
  counts: ['orders', 'counts'] as const,
};

export const orderListQueryOptions = (filter: OrderListFilter) =>
  queryOptions({
    queryKey: orderListKeys.list(filter),
    queryFn: ({ signal }) =>
      answerOf(
        api.GET('/api/v1/orders', {
          params: {
            query: {
              tab: filter.tab,
              orderType: filter.orderType ?? undefined,
              startDate: filter.startDate ?? undefined,
              endDate: filter.endDate ?? undefined,
              query: filter.query || undefined,
              branchId: filter.branchId ?? undefined,
              sort: filter.sort ?? undefined,
              page: filter.page,
              perPage: ordersPerPage,
            },
          },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });

/** The Orders list of one tab, 25 a page. */
export const useOrderList = (filter: OrderListFilter, enabled = true) =>
  useQuery({ ...orderListQueryOptions(filter), enabled });

/** Orders waiting for the caller as buyer and as supplier (dashboard and header alerts). */
export const useOrderCounts = (enabled = true) =>
  useQuery({
    queryKey: orderListKeys.counts,
    queryFn: ({ signal }) => answerOf(api.GET('/api/v1/orders/counts', { signal })),
    enabled,
  });

/** The caller's organisation's branches, for the supplier tab's branch filter. */
export const useSupplierBranches = (enabled = true) =>
  useQuery({
    queryKey: ['orders', 'supplier_branches'],
    queryFn: ({ signal }) => answerOf(api.GET('/api/v1/orders/supplier_branches', { signal })),
    staleTime: 5 * 60_000,
    enabled,
  });
