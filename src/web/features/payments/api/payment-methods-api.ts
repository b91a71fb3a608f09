import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answerOf, api } from '../../../api/api';
import type { components } from '../../../api/generated/openapi';

export type PaymentMethod = components['schemas']['PaymentMethod'];
export type PaymentType = PaymentMethod['paymentType'];

// The same key as the invoices feature's reader, so a change here refreshes the payment page too.
export const paymentMethodKeys = { all: ['payment-methods'] as const };

export const paymentMethodsQueryOptions = () =>
  queryOptions({
    queryKey: paymentMethodKeys.all,
    queryFn: ({ signal }) => answerOf(api.GET('/api/v1/payment_methods', { signal })),
  });

export const usePaymentMethods = () => useQuery(paymentMethodsQueryOptions());

function useInvalidate() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: paymentMethodKeys.all });
    // The dashboard's warning and checklist read whether a method exists.
    void client.invalidateQueries({ queryKey: ['dashboard'] });
  };
}

/**
 * Saves a method from a token, or a bank account from the SetupIntent Stripe.js confirmed; validation
 * errors are the form's to show (part 3 §8).
 */
export function useCreatePaymentMethod() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (
      body: { paymentType: PaymentType; makeDefault?: boolean } & (
        | { token: string }
        | { setupIntentId: string }
      ),
    ) => answerOf(api.POST('/api/v1/payment_methods', { body })),
    meta: { handlesErrors: true },
    onSuccess: invalidate,
  });
}

/** Starts a bank-account setup: the SetupIntent whose client secret Stripe.js completes. */
export function useStartBankAccountSetup() {
  return useMutation({
    mutationFn: () =>
      answerOf(api.POST('/api/v1/payment_methods/setup_intents', { body: { paymentType: 'bank_account' } })),
    meta: { handlesErrors: true },
  });
}

export function useVerifyPaymentMethod() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { id: number; amounts: [number, number] }) =>
      answerOf(
        api.POST('/api/v1/payment_methods/{id}/verify', {
          params: { path: { id: input.id } },
          body: { amounts: input.amounts },
        }),
      ),
    meta: { handlesErrors: true },
    onSuccess: invalidate,
  });
}

export function useDeletePaymentMethod() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) =>
      answerOf(api.DELETE('/api/v1/payment_methods/{id}', { params: { path: { id } } })),
    onSuccess: invalidate,
  });
}

export function useMakeDefaultPaymentMethod() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) =>
      answerOf(api.POST('/api/v1/payment_methods/{id}/default', { params: { path: { id } } })),
    onSuccess: invalidate,
  });
}
