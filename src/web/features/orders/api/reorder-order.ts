import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';

/** POST /api/v1/orders/{id}/reorder: a new open cart of the order's items; skipped items are named. */
export type ReorderAnswer = {
  cart: { id: number; name: string };
  addedCount: number;
  skippedItems: { orderItemId: number; primaryName: string; size: string | null; reason: string }[];
};

export function useReorderOrder(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<ReorderAnswer>(`/api/v1/orders/${id}/reorder`, { method: 'POST' }),
    // The new cart is the buyer's current cart: the header's cart button and cart lists change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['carts'] }),
  });
}
