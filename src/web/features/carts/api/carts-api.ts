import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AddCartItemInput,
  BranchFulfillmentInput,
  CreateCartInput,
  UpdateCartInput,
} from '../../../../domain/carts/cart-schemas';
import type { CartView } from '../../../../domain/carts/cart-view';
import { answerOf, api } from '../../../api/api';
import { currentCartKey } from '../../../api/current-cart';
import { currentUserKey } from '../../../api/current-user';
import type { components } from '../../../api/generated/openapi';

export type CartListFilter = { active: boolean; query: string; sort: string | null; page: number };

/** The submitted cart and the orders it became, one per branch. */
export type SubmittedCart = components['schemas']['SubmittedCart'];

export const cartKeys = {
  all: ['carts'] as const,
  list: (filter: CartListFilter) => ['carts', 'list', filter] as const,
  current: currentCartKey,
  detail: (id: number) => ['carts', 'detail', id] as const,
};

export const cartListQueryOptions = (filter: CartListFilter) =>
  queryOptions({
    queryKey: cartKeys.list(filter),
    queryFn: ({ signal }) =>
      answerOf(
        api.GET('/api/v1/carts', {
          params: {
            query: {
              active: filter.active ? 'true' : 'false',
              query: filter.query || undefined,
              sort: filter.sort ?? undefined,
              page: filter.page,
              perPage: 10,
            },
          },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });

/** Saved Carts: open or submitted, 10 a page. */
export const useCartList = (filter: CartListFilter) => useQuery(cartListQueryOptions(filter));

export { useCurrentCart } from '../../../api/current-cart';

export const cartQueryOptions = (id: number) =>
  queryOptions({
    queryKey: cartKeys.detail(id),
    queryFn: ({ signal }) => answerOf(api.GET('/api/v1/carts/{id}', { params: { path: { id } }, signal })),
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

export const createCart = (input: CreateCartInput) => answerOf(api.POST('/api/v1/carts', { body: input }));

export const updateCart = (id: number, input: UpdateCartInput) =>
  answerOf(api.PATCH('/api/v1/carts/{id}', { params: { path: { id } }, body: input }));

export const deleteCart = (id: number) =>
  answerOf(api.DELETE('/api/v1/carts/{id}', { params: { path: { id } } }));

export const duplicateCart = (id: number) =>
  answerOf(api.POST('/api/v1/carts/{id}/duplicate', { params: { path: { id } } }));

export const makeCartCurrent = (id: number) =>
  answerOf(api.POST('/api/v1/carts/{id}/make_current', { params: { path: { id } } }));

export const assignCart = (id: number, input: { buyerUserId: number; notifyBuyer: boolean; note?: string }) =>
  answerOf(api.POST('/api/v1/carts/{id}/assign_to_buyer_user', { params: { path: { id } }, body: input }));

export const checkoutCart = (id: number) =>
  answerOf(api.POST('/api/v1/carts/{id}/checkout', { params: { path: { id } } }));

export const reopenCart = (id: number) =>
  answerOf(api.POST('/api/v1/carts/{id}/reopen', { params: { path: { id } } }));

export const saveFulfillment = (
  cartId: number,
  branchId: number,
  input: BranchFulfillmentInput & { version: number },
) =>
  answerOf(
    api.PUT('/api/v1/carts/{id}/fulfillments/{branchId}', {
      params: { path: { id: cartId, branchId } },
      body: input,
    }),
  );

/** Submits with an Idempotency-Key so a retried or double-clicked submit creates the orders once. */
export const submitCart = (id: number, idempotencyKey: string) =>
  answerOf(
    api.POST('/api/v1/carts/{id}/submit', {
      params: { path: { id } },
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
  );

export const addCartItem = (input: AddCartItemInput) =>
  answerOf(api.POST('/api/v1/cart_items', { body: input }));

export const updateCartItem = (
  id: number,
  input: { version?: number; quantity?: number; buyerNotes?: string | null; sharedNotes?: string | null },
) => answerOf(api.PATCH('/api/v1/cart_items/{id}', { params: { path: { id } }, body: input }));

export const deleteCartItem = (id: number) =>
  answerOf(api.DELETE('/api/v1/cart_items/{id}', { params: { path: { id } } }));

export const reorderCartItems = (cartId: number, cartItemsSort: { id: number; sortPosition: number }[]) =>
  answerOf(api.POST('/api/v1/cart_items/reorder', { body: { cartId, cartItemsSort } }));

export const addCartNote = (cartId: number, body: string) =>
  answerOf(api.POST('/api/v1/cart_notes', { body: { cartId, body } }));

export const deleteCartNote = (id: number) =>
  answerOf(api.DELETE('/api/v1/cart_notes/{id}', { params: { path: { id } } }));

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
