import { useQueries } from '@tanstack/react-query';
import type { OrderState } from '../../../../domain/orders/order-states';
import { answerOf, api } from '../../../api/api';

/** The order states staff act on: reviews, missing payment details, answers the parties owe. */
export const attentionStates: readonly OrderState[] = [
  'needs_review',
  'needs_payment_info',
  'needs_buyer_review',
  'needs_supplier_review',
  'submitted',
  'purchase_order_sent',
];

/** The queue's names, as staff say them. */
export const attentionLabels: Record<(typeof attentionStates)[number], string> = {
  needs_review: 'Needs Review',
  needs_payment_info: 'Needs Payment Info',
  needs_buyer_review: "Waiting for the Buyer's Review",
  needs_supplier_review: "Waiting for the Supplier's Review",
  submitted: 'Submitted',
  purchase_order_sent: 'Waiting for the Supplier',
} as Record<OrderState, string>;

/** How many orders are in each attention state (GET /api/internal/orders, admins only). */
export function useOrdersNeedingAttention(enabled: boolean) {
  return useQueries({
    queries: attentionStates.map((state) => ({
      queryKey: ['staff-home', 'orders', state],
      enabled,
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        answerOf(
          api.GET('/api/internal/orders', { params: { query: { state, page: 1, perPage: 1 } }, signal }),
        ).then((list) => ({ state, count: list.totalCount })),
    })),
  });
}
