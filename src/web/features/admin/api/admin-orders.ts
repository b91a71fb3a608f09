import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderEvent, OrderState } from '../../../../domain/orders/order-states';
import { apiRequest } from '../../../api/client';
import { type OrderDetail, type OrderItemDetail, orderKeys } from '../../orders/api/order-api';

export const adminOrdersKey = ['admin', 'orders'] as const;

/** GET /api/internal/orders/by_number/{orderNumber}: the order as staff see it, both sides, and the allowed moves. */
export type AdminOrderDetail = Omit<OrderDetail, 'items' | 'proposals'> & {
  items: (OrderItemDetail & { bookPrice?: number | null; priceCategory?: string | null })[];
  versions: { version: number; reason: string | null; createdAt: string }[];
  responses: {
    version: number;
    respondedWith: string;
    shippingMode: string | null;
    shippingAmount: number | null;
    shippingNotes: string | null;
    reason: string | null;
    comment: string | null;
    respondedAt: string;
  }[];
  proposals: {
    id: number;
    version: number;
    bailiwick: 'order_item' | 'fulfillment_date';
    proposedBySide: 'buyer' | 'supplier';
    orderItemId: number | null;
    proposal: Record<string, unknown> & { comment?: string | null; changes?: string[] };
    state: 'pending' | 'accepted' | 'rejected';
    createdAt: string;
    decidedAt: string | null;
    decisionComment: string | null;
  }[];
  buyer: { id: number; fullName: string; email: string; organizationName: string };
  supplier: { organizationName: string; branchName: string };
  allowedEvents: OrderEvent[];
};

export type AdminOrderListItem = {
  id: number;
  orderNumber: string;
  name: string;
  state: OrderState;
  submittedAt: string;
  total: number;
  buyerOrganizationName: string;
  branchName: string;
};

export type AdminOrderList = {
  results: AdminOrderListItem[];
  totalCount: number;
  currentPage: number;
  totalPages: number;
};

export const adminOrderQueryOptions = (orderNumber: string) =>
  queryOptions({
    queryKey: [...adminOrdersKey, 'detail', orderNumber],
    queryFn: ({ signal }) =>
      apiRequest<AdminOrderDetail>(`/api/internal/orders/by_number/${encodeURIComponent(orderNumber)}`, {
        signal,
      }),
  });

export const useAdminOrder = (orderNumber: string) => useQuery(adminOrderQueryOptions(orderNumber));

export const useAdminOrders = (filter: {
  query: string;
  state: OrderState | null;
  page: number;
  perPage: number;
}) =>
  useQuery({
    queryKey: [...adminOrdersKey, 'list', filter],
    queryFn: ({ signal }) =>
      apiRequest<AdminOrderList>('/api/internal/orders', {
        signal,
        query: {
          query: filter.query || undefined,
          state: filter.state ?? undefined,
          page: filter.page,
          perPage: filter.perPage,
        },
      }),
    placeholderData: keepPreviousData,
  });

export type StaffTransitionInput = {
  event: OrderEvent;
  expectedState: OrderState;
  sendCancelEmail?: boolean;
  reason?: string | null;
};

/** POST /api/internal/orders/{id}/transition; refreshes every staff order query afterwards. */
export function useStaffTransition(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StaffTransitionInput) =>
      apiRequest<OrderDetail>(`/api/internal/orders/${id}/transition`, { method: 'POST', body: input }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminOrdersKey }),
        // The order page's names behind the events, which now include this admin.
        queryClient.invalidateQueries({ queryKey: orderKeys.detail(id) }),
      ]),
  });
}
