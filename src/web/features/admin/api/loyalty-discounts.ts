import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoyaltyDiscount, LoyaltyDiscountInput } from '../../../../domain/catalog/loyalty-discounts';
import { answerOf, api } from '../../../api/api';
import { adminOrganizationsKey } from './get-organizations';

export type { LoyaltyDiscount, LoyaltyDiscountInput };

const loyaltyKey = (organizationId: number) =>
  [...adminOrganizationsKey, 'loyalty-discounts', organizationId] as const;

export const loyaltyDiscountsQueryOptions = (organizationId: number) =>
  queryOptions({
    queryKey: loyaltyKey(organizationId),
    queryFn: async ({ signal }) =>
      (
        await answerOf(
          api.GET('/api/internal/organizations/{id}/loyalty_discounts', {
            params: { path: { id: organizationId } },
            signal,
          }),
        )
      ).results,
  });

export const useLoyaltyDiscounts = (organizationId: number) =>
  useQuery(loyaltyDiscountsQueryOptions(organizationId));

/** Creates one (no id) or edits one; the list refetches. */
export function useSaveLoyaltyDiscount(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: LoyaltyDiscountInput }) =>
      id === null
        ? answerOf(
            api.POST('/api/internal/organizations/{id}/loyalty_discounts', {
              params: { path: { id: organizationId } },
              body,
            }),
          )
        : answerOf(api.PUT('/api/internal/loyalty_discounts/{id}', { params: { path: { id } }, body })),
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: loyaltyKey(organizationId) }),
  });
}

/** Ends one now: carts priced from now on pay full price. */
export function useEndLoyaltyDiscount(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      answerOf(api.POST('/api/internal/loyalty_discounts/{id}/end', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: loyaltyKey(organizationId) }),
  });
}
