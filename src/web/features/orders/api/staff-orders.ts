import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SwapBuyerInput, SwapSupplierInput } from '../../../../domain/orders/order-staff-actions';
import type { OrderEvent, OrderState } from '../../../../domain/orders/order-states';
import { answerOf, api } from '../../../api/api';
import type { components } from '../../../api/generated/openapi';
import { orderKeys } from './order-api';

export const adminOrdersKey = ['admin', 'orders'] as const;

/** GET /api/internal/orders/by_number/{orderNumber}: the order as staff see it, both sides, and the allowed moves. */
export type AdminOrderDetail = components['schemas']['AdminOrder'];

export type AdminOrderListItem = components['schemas']['StaffOrderListItem'];

export const adminOrderQueryOptions = (orderNumber: string) =>
  queryOptions({
    queryKey: [...adminOrdersKey, 'detail', orderNumber],
    queryFn: ({ signal }) =>
      answerOf(
        api.GET('/api/internal/orders/by_number/{orderNumber}', {
          params: { path: { orderNumber } },
          signal,
        }),
      ),
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
      answerOf(
        api.GET('/api/internal/orders', {
          params: {
            query: {
              query: filter.query || undefined,
              state: filter.state ?? undefined,
              page: filter.page,
              perPage: filter.perPage,
            },
          },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });

export type StaffTransitionInput = {
  event: OrderEvent;
  expectedState: OrderState;
  sendCancelEmail?: boolean;
  reason?: string | null;
};

/** Refreshes every staff order query, and the order page (its names behind the events now include this admin). */
const refreshStaffOrder = (queryClient: ReturnType<typeof useQueryClient>, id: number) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: adminOrdersKey }),
    queryClient.invalidateQueries({ queryKey: orderKeys.detail(id) }),
  ]);

/** POST /api/internal/orders/{id}/transition; its dialog shows failures (and conflicts) itself. */
export function useStaffTransition(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffTransitionInput) =>
      answerOf(api.POST('/api/internal/orders/{id}/transition', { params: { path: { id } }, body })),
    onSettled: () => refreshStaffOrder(queryClient, id),
    meta: { handlesErrors: true },
  });
}

/** What the staff actions answer: the order as staff now see it; swaps add the items that kept their price. */
export type StaffActionAnswer = AdminOrderDetail &
  Partial<Pick<components['schemas']['SwappedOrder'], 'unlistedItems'>>;

/** A staff action's mutation; its dialog shows failures (and conflicts) itself. */
function useStaffOrderAction<Input>(id: number, send: (input: Input) => Promise<StaffActionAnswer>) {
  const queryClient = useQueryClient();
  return useMutation<StaffActionAnswer, Error, Input>({
    mutationFn: send,
    onSettled: () => refreshStaffOrder(queryClient, id),
    meta: { handlesErrors: true },
  });
}

/** POST /api/internal/orders/{id}/deactivate (reason): takes the order out of both sides' lists. */
export const useDeactivateOrder = (id: number) =>
  useStaffOrderAction(id, (body: { reason: string }) =>
    answerOf(api.POST('/api/internal/orders/{id}/deactivate', { params: { path: { id } }, body })),
  );
/** POST /api/internal/orders/{id}/reactivate (reason): puts it back. */
export const useReactivateOrder = (id: number) =>
  useStaffOrderAction(id, (body: { reason: string }) =>
    answerOf(api.POST('/api/internal/orders/{id}/reactivate', { params: { path: { id } }, body })),
  );
/** POST /api/internal/orders/{id}/swap_buyer: another buyer, as a new version. */
export const useSwapBuyer = (id: number) =>
  useStaffOrderAction(id, (body: SwapBuyerInput) =>
    answerOf(api.POST('/api/internal/orders/{id}/swap_buyer', { params: { path: { id } }, body })),
  );
/** POST /api/internal/orders/{id}/swap_supplier: another branch, as a new version. */
export const useSwapSupplier = (id: number) =>
  useStaffOrderAction(id, (body: SwapSupplierInput) =>
    answerOf(api.POST('/api/internal/orders/{id}/swap_supplier', { params: { path: { id } }, body })),
  );

export type BranchOption = components['schemas']['OrderBranchOptions']['results'][number];

/** GET /api/internal/orders/{id}/branch_options: branches the order could move to, best stocked first. */
export const useBranchOptions = (id: number, query: string, enabled: boolean) =>
  useQuery({
    queryKey: [...adminOrdersKey, 'branch-options', id, query],
    queryFn: ({ signal }) =>
      answerOf(
        api.GET('/api/internal/orders/{id}/branch_options', {
          params: { path: { id }, query: { query: query || undefined } },
          signal,
        }),
      ),
    enabled,
    placeholderData: keepPreviousData,
  });

/** A user an order could move to, as GET /api/internal/users answers it. */
export type BuyerCandidate = components['schemas']['AdminUser'];

/** GET /api/internal/users: the first 20 users matching a name or e-mail, for the swap-buyer dialog. */
export const useBuyerCandidates = (query: string, enabled: boolean) =>
  useQuery({
    queryKey: [...adminOrdersKey, 'buyer-candidates', query],
    queryFn: ({ signal }) =>
      answerOf(
        api.GET('/api/internal/users', {
          params: { query: { query: query.trim(), page: 1, perPage: 20 } },
          signal,
        }),
      ),
    enabled,
    placeholderData: keepPreviousData,
  });
