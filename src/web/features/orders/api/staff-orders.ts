import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SwapBuyerInput, SwapSupplierInput } from '../../../../domain/orders/order-staff-actions';
import type { OrderEvent, OrderState } from '../../../../domain/orders/order-states';
import { apiRequest } from '../../../api/client';
import { type OrderDetail, type OrderItemDetail, orderKeys } from './order-api';

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
  canSwapParties: boolean;
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
  deactivated: boolean;
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

/** What the staff actions answer: the order as staff now see it; swaps add the items that kept their price. */
export type StaffActionAnswer = AdminOrderDetail & {
  unlistedItems?: { orderItemId: number; primaryName: string; size: string | null }[];
};

function useStaffOrderAction<Input>(id: number, action: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) =>
      apiRequest<StaffActionAnswer>(`/api/internal/orders/${id}/${action}`, { method: 'POST', body: input }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminOrdersKey }),
        queryClient.invalidateQueries({ queryKey: orderKeys.detail(id) }),
      ]),
  });
}

/** POST /api/internal/orders/{id}/deactivate (reason): takes the order out of both sides' lists. */
export const useDeactivateOrder = (id: number) => useStaffOrderAction<{ reason: string }>(id, 'deactivate');
/** POST /api/internal/orders/{id}/reactivate (reason): puts it back. */
export const useReactivateOrder = (id: number) => useStaffOrderAction<{ reason: string }>(id, 'reactivate');
/** POST /api/internal/orders/{id}/swap_buyer: another buyer, as a new version. */
export const useSwapBuyer = (id: number) => useStaffOrderAction<SwapBuyerInput>(id, 'swap_buyer');
/** POST /api/internal/orders/{id}/swap_supplier: another branch, as a new version. */
export const useSwapSupplier = (id: number) => useStaffOrderAction<SwapSupplierInput>(id, 'swap_supplier');

export type BranchOption = {
  id: number;
  name: string;
  organizationId: number;
  organizationName: string;
  listedItems: number;
};

/** GET /api/internal/orders/{id}/branch_options: branches the order could move to, best stocked first. */
export const useBranchOptions = (id: number, query: string, enabled: boolean) =>
  useQuery({
    queryKey: [...adminOrdersKey, 'branch-options', id, query],
    queryFn: ({ signal }) =>
      apiRequest<{ itemsCount: number; results: BranchOption[]; totalCount: number }>(
        `/api/internal/orders/${id}/branch_options`,
        { signal, query: { query: query || undefined } },
      ),
    enabled,
    placeholderData: keepPreviousData,
  });

/** A user an order could move to, as GET /api/internal/users answers (the fields the swap dialog shows). */
export type BuyerCandidate = {
  id: number;
  email: string;
  fullName: string;
  organizationId: number | null;
  organizationName: string | null;
};

/** GET /api/internal/users: the first 20 users matching a name or e-mail, for the swap-buyer dialog. */
export const useBuyerCandidates = (query: string, enabled: boolean) =>
  useQuery({
    queryKey: [...adminOrdersKey, 'buyer-candidates', query],
    queryFn: ({ signal }) =>
      apiRequest<{ results: BuyerCandidate[] }>('/api/internal/users', {
        query: { query: query.trim(), status: null, page: 1, perPage: 20 },
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
