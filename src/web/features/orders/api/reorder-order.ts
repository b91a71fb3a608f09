import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answerOf, api } from '../../../api/api';
import type { components } from '../../../api/generated/openapi';

/** POST /api/v1/orders/{id}/reorder: a new open cart of the order's items; skipped items are named. */
export type ReorderAnswer = components['schemas']['ReorderResult'];

export function useReorderOrder(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => answerOf(api.POST('/api/v1/orders/{id}/reorder', { params: { path: { id } } })),
    // The new cart is the buyer's current cart: the header's cart button and cart lists change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['carts'] }),
  });
}
