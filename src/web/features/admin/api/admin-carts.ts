import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminCartView, StaffPricesInput } from '../../../../domain/carts/cart-staff';
import { answerOf, api } from '../../../api/api';

export type { AdminCartView };

export const adminCartsKey = ['admin', 'carts'] as const;

export const adminCartsQueryOptions = (filter: { query: string; page: number; perPage: number }) =>
  queryOptions({
    queryKey: [...adminCartsKey, 'list', filter],
    queryFn: ({ signal }) =>
      answerOf(
        api.GET('/api/internal/carts', {
          params: {
            query: { query: filter.query.trim() || undefined, page: filter.page, perPage: filter.perPage },
          },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });

export const useAdminCarts = (filter: { query: string; page: number; perPage: number }) =>
  useQuery(adminCartsQueryOptions(filter));

const cartKey = (cartNumber: string) => [...adminCartsKey, 'one', cartNumber] as const;

export const useAdminCart = (cartNumber: string) =>
  useQuery({
    queryKey: cartKey(cartNumber),
    queryFn: ({ signal }) =>
      answerOf(
        api.GET('/api/internal/carts/by_number/{cartNumber}', { params: { path: { cartNumber } }, signal }),
      ),
  });

/** A staff change of the cart: the answer is the cart as staff now see it, put straight into the cache. */
function useCartChange<Input>(cartNumber: string, change: (input: Input) => Promise<AdminCartView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: async (view) => {
      queryClient.setQueryData(cartKey(cartNumber), view);
      await queryClient.invalidateQueries({ queryKey: [...adminCartsKey, 'list'] });
    },
  });
}

export const useSetStaffPrices = (cartNumber: string) =>
  useCartChange(cartNumber, (input: { itemId: number; prices: StaffPricesInput }) =>
    answerOf(
      api.PUT('/api/internal/cart_items/{id}/staff_prices', {
        params: { path: { id: input.itemId } },
        body: input.prices,
      }),
    ),
  );

export const useMoveCartLine = (cartNumber: string) =>
  useCartChange(cartNumber, (input: { itemId: number; branchId: number }) =>
    answerOf(
      api.POST('/api/internal/cart_items/{id}/move', {
        params: { path: { id: input.itemId } },
        body: { branchId: input.branchId },
      }),
    ),
  );

export const useAddInternalNote = (cartNumber: string) =>
  useCartChange(cartNumber, (input: { cartId: number; body: string }) =>
    answerOf(
      api.POST('/api/internal/carts/{id}/internal_notes', {
        params: { path: { id: input.cartId } },
        body: { body: input.body },
      }),
    ),
  );

export const useReassignCart = (cartNumber: string) =>
  useCartChange(
    cartNumber,
    (input: { cartId: number; buyerUserId: number; notifyBuyer: boolean; note: string }) =>
      answerOf(
        api.POST('/api/internal/carts/{id}/reassign', {
          params: { path: { id: input.cartId } },
          body: {
            buyerUserId: input.buyerUserId,
            notifyBuyer: input.notifyBuyer,
            note: input.note || undefined,
          },
        }),
      ),
  );
