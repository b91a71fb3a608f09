import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { answerOf, api } from '../../../api/api';
import type { components } from '../../../api/generated/openapi';

export type Invoice = components['schemas']['Invoice'];
export type InvoiceDetail = components['schemas']['InvoiceDetail'];
export type InvoiceList = components['schemas']['InvoiceList'];
export type Payment = components['schemas']['Payment'];
export type PaymentMethod = components['schemas']['PaymentMethod'];

export type InvoiceFilter = { status: 'open' | 'paid'; query: string; sort: string; page: number };

export const invoiceKeys = {
  all: ['invoices'] as const,
  list: (filter: InvoiceFilter) => ['invoices', 'list', filter] as const,
  balance: ['invoices', 'balance'] as const,
  one: (id: number) => ['invoices', 'one', id] as const,
  methods: ['payment-methods'] as const,
};

export const invoiceListQueryOptions = (filter: InvoiceFilter) =>
  queryOptions({
    queryKey: invoiceKeys.list(filter),
    queryFn: ({ signal }) =>
      answerOf(
        api.GET('/api/v1/invoices', {
          params: {
            query: {
              status: filter.status,
              query: filter.query || undefined,
              sort: filter.sort,
              page: filter.page,
              perPage: 20,
            },
          },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });

/** One tab's page of invoices with the tab counts and the payable balance. */
export const useInvoiceList = (filter: InvoiceFilter) => useQuery(invoiceListQueryOptions(filter));

/** What 'Pay Full Balance' pays. */
export const useBalance = (enabled = true) =>
  useQuery({
    queryKey: invoiceKeys.balance,
    queryFn: ({ signal }) => answerOf(api.GET('/api/v1/invoices/balance', { signal })),
    enabled,
  });

/** The invoices chosen for a payment, each with its detail. */
export const useInvoices = (ids: number[]) =>
  useQueries({
    queries: ids.map((id) => ({
      queryKey: invoiceKeys.one(id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        answerOf(api.GET('/api/v1/invoices/{id}', { params: { path: { id } }, signal })),
    })),
  });

/** The methods the buyer can pay with (the payment page reads them; the payments feature manages them). */
export const usePaymentMethodsForPaying = () =>
  useQuery({
    queryKey: invoiceKeys.methods,
    queryFn: ({ signal }) => answerOf(api.GET('/api/v1/payment_methods', { signal })),
  });

/** Pays invoices once per page visit: the Idempotency-Key makes a retry or a double click one payment. */
export function usePayInvoices() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { invoiceIds: number[]; paymentMethodId: number; idempotencyKey: string }) =>
      answerOf(
        api.POST('/api/v1/payments', {
          body: { invoiceIds: input.invoiceIds, paymentMethodId: input.paymentMethodId },
          headers: { 'Idempotency-Key': input.idempotencyKey },
        }),
      ),
    meta: { handlesErrors: true },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: invoiceKeys.all });
      void client.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}
