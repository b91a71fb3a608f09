import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AddCartItemInput,
  BranchFulfillmentInput,
  CreateCartInput,
  UpdateCartInput,
} from '../../../../domain/carts/cart-schemas';
import type { CartItemView, CartNoteView, CartSummary, CartView } from '../../../../domain/carts/cart-view';
import { apiRequest } from '../../../api/client';
import { currentUserKey } from '../../../api/current-user';

export type ListPage<T> = { results: T[]; totalCount: number; currentPage: number; totalPages: number };

export type CartListFilter = { active: boolean; query: string; sort: string | null; page: number };

export type SubmittedCart = {
  cart: CartView;
  orders: { id: number; orderNumber: string; branchId: number; total: number; state: string }[];
};

export const cartKeys = {
  all: ['carts'] as const,
  list: (filter: CartListFilter) => ['carts', 'list', filter] as const,
  current: ['carts', 'current'] as const,
  detail: (id: number) => ['carts', 'detail', id] as const,
};

export const cartListQueryOptions = (filter: CartListFilter) =>
  queryOptions({
    queryKey: cartKeys.list(filter),
    queryFn: ({ signal }) =>
      apiRequest<ListPage<CartSummary>>('/api/v1/carts', {
        query: {
          active: filter.active,
          query: filter.query || undefined,
          sort: filter.sort ?? undefined,
          page: filter.page,
          perPage: 10,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** Saved Carts: open or submitted, 10 a page. */
export const useCartList = (filter: CartListFilter) => useQuery(cartListQueryOptions(filter));

/** The signed-in user's current cart (header cart button); null when they have none. */
export const useCurrentCart = (enabled: boolean) =>
  useQuery({
    queryKey: cartKeys.current,
    queryFn: ({ signal }) => apiRequest<{ cart: CartSummary | null }>('/api/v1/carts/current', { signal }),
    enabled,
  });

export const cartQueryOptions = (id: number) =>
  queryOptions({
    queryKey: cartKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<CartView>(`/api/v1/carts/${id}`, { signal }),
  });

/** One cart as loaded for editing, reading and checkout. */
export const useCart = (id: number) => useQuery(cartQueryOptions(id));

/** After any change: the cart itself, the lists, the header's current cart and the user's currentCartId. */
export function useInvalidateCarts() {
  const queryClient = useQueryClient();
  return (cart?: CartView) => {
    if (cart) queryClient.setQueryData(cartKeys.detail(cart.id), cart);
    void queryClient.invalidateQueries({ queryKey: cartKeys.all });
    void queryClient.invalidateQueries({ queryKey: currentUserKey });
  };
}

export const createCart = (input: CreateCartInput) =>
  apiRequest<CartView>('/api/v1/carts', { method: 'POST', body: input });

export const updateCart = (id: number, input: UpdateCartInput) =>
  apiRequest<CartView>(`/api/v1/carts/${id}`, { method: 'PATCH', body: input });

export const deleteCart = (id: number) => apiRequest<null>(`/api/v1/carts/${id}`, { method: 'DELETE' });

export const duplicateCart = (id: number) =>
  apiRequest<CartView>(`/api/v1/carts/${id}/duplicate`, { method: 'POST' });

export const makeCartCurrent = (id: number) =>
  apiRequest<CartView>(`/api/v1/carts/${id}/make_current`, { method: 'POST' });

export const assignCart = (id: number, input: { buyerUserId: number; notifyBuyer: boolean; note?: string }) =>
  apiRequest<CartView>(`/api/v1/carts/${id}/assign_to_buyer_user`, { method: 'POST', body: input });

export const checkoutCart = (id: number) =>
  apiRequest<CartView>(`/api/v1/carts/${id}/checkout`, { method: 'POST' });

export const reopenCart = (id: number) =>
  apiRequest<CartView>(`/api/v1/carts/${id}/reopen`, { method: 'POST' });

export const saveFulfillment = (
  cartId: number,
  branchId: number,
  input: BranchFulfillmentInput & { version: number },
) =>
  apiRequest<CartView>(`/api/v1/carts/${cartId}/fulfillments/${branchId}`, {
    method: 'PUT',
    body: input,
  });

/** Submits with an Idempotency-Key so a retried or double-clicked submit creates the orders once. */
export const submitCart = (id: number, idempotencyKey: string) =>
  apiRequest<SubmittedCart>(`/api/v1/carts/${id}/submit`, { method: 'POST', idempotencyKey });

export const addCartItem = (input: AddCartItemInput) =>
  apiRequest<CartItemView>('/api/v1/cart_items', { method: 'POST', body: input });

export const updateCartItem = (
  id: number,
  input: { version?: number; quantity?: number; buyerNotes?: string | null; sharedNotes?: string | null },
) => apiRequest<CartItemView>(`/api/v1/cart_items/${id}`, { method: 'PATCH', body: input });

export const deleteCartItem = (id: number) =>
  apiRequest<null>(`/api/v1/cart_items/${id}`, { method: 'DELETE' });

export const reorderCartItems = (cartId: number, cartItemsSort: { id: number; sortPosition: number }[]) =>
  apiRequest<CartView>('/api/v1/cart_items/reorder', { method: 'POST', body: { cartId, cartItemsSort } });

export const addCartNote = (cartId: number, body: string) =>
  apiRequest<CartNoteView>('/api/v1/cart_notes', { method: 'POST', body: { cartId, body } });

export const deleteCartNote = (id: number) =>
  apiRequest<null>(`/api/v1/cart_notes/${id}`, { method: 'DELETE' });

/** Runs a cart change and refreshes what depends on it. */
export function useCartMutation<TInput, TResult>(run: (input: TInput) => Promise<TResult>) {
  const invalidate = useInvalidateCarts();
  return useMutation({
    mutationFn: run,
    onSuccess: (result) => {
      const cart =
        result && typeof result === 'object' && 'cartNumber' in result
          ? (result as unknown as CartView)
          : undefined;
      invalidate(cart);
    },
  });
}
