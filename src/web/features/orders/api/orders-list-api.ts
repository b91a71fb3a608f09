import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderLabel } from '../../../../domain/orders/order-states';
import { apiRequest } from '../../../api/client';

export type OrdersTab = 'buyer' | 'supplier';
export type OrderType = 'needs_response' | 'open';
export type OrderSortField = 'submittedAt' | 'orderNumber' | 'name' | 'total' | 'requestedOn';

/** One row of GET /api/v1/orders. */
export type OrderListItem = {
  id: number;
  orderNumber: string;
  name: string;
  state: string;
  displayState: OrderLabel;
  fulfillment: 'pickup' | 'delivery';
  requestedOn: string | null;
  submittedAt: string;
  total: number;
  itemsCount: number;
  branch: { id: number; name: string; slug: string };
  buyerOrganization: { id: number; name: string };
  buyer: { id: number; fullName: string };
  jobNumber: string | null;
};

export type OrderListPage = {
  results: OrderListItem[];
  totalCount: number;
  currentPage: number;
  totalPages: number;
};

export type OrderListFilter = {
  tab: OrdersTab;
  orderType: OrderType | null;
  startDate: string | null;
  endDate: string | null;
  query: string;
  sort: string | null;
  page: number;
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
      apiRequest<OrderListPage>('/api/v1/orders', {
        query: {
          tab: filter.tab,
          orderType: filter.orderType ?? undefined,
          startDate: filter.startDate ?? undefined,
          endDate: filter.endDate ?? undefined,
          query: filter.query || undefined,
          sort: filter.sort ?? undefined,
          page: filter.page,
          perPage: ordersPerPage,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** The Orders list of one tab, 25 a page. */
export const useOrderList = (filter: OrderListFilter, enabled = true) =>
  useQuery({ ...orderListQueryOptions(filter), enabled });

/** Orders waiting for the caller as buyer and as supplier (dashboard and header alerts). */
export const useOrderCounts = (enabled = true) =>
  useQuery({
    queryKey: orderListKeys.counts,
    queryFn: ({ signal }) =>
      apiRequest<{ buyerNeedsResponse: number; supplierNeedsResponse: number }>('/api/v1/orders/counts', {
        signal,
      }),
    enabled,
  });
