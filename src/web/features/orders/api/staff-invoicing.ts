import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answerOf, api } from '../../../api/api';
import { adminOrdersKey } from './staff-orders';

const invoiceKey = (orderId: number) => [...adminOrdersKey, 'invoice', orderId] as const;
const adjustmentsKey = (orderId: number) => [...adminOrdersKey, 'price-adjustments', orderId] as const;

/** The order's invoice (with its credit memos), or null before invoicing. */
export const useOrderInvoice = (orderId: number) =>
  useQuery({
    queryKey: invoiceKey(orderId),
    queryFn: ({ signal }) =>
      answerOf(api.GET('/api/internal/orders/{id}/invoice', { params: { path: { id: orderId } }, signal })),
  });

export const usePriceAdjustments = (orderId: number) =>
  useQuery({
    queryKey: adjustmentsKey(orderId),
    queryFn: ({ signal }) =>
      answerOf(
        api.GET('/api/internal/orders/{id}/price_adjustments', { params: { path: { id: orderId } }, signal }),
      ),
  });

function useRefresh(orderId: number) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: invoiceKey(orderId) });
    void client.invalidateQueries({ queryKey: adjustmentsKey(orderId) });
    void client.invalidateQueries({ queryKey: adminOrdersKey });
  };
}

export function useCreatePriceAdjustment(orderId: number) {
  const refresh = useRefresh(orderId);
  return useMutation({
    mutationFn: (body: { amount: number; reason: string }) =>
      answerOf(
        api.POST('/api/internal/orders/{id}/price_adjustments', { params: { path: { id: orderId } }, body }),
      ),
    onSuccess: refresh,
  });
}

export function useDeletePriceAdjustment(orderId: number) {
  const refresh = useRefresh(orderId);
  return useMutation({
    mutationFn: (id: number) =>
      answerOf(api.DELETE('/api/internal/price_adjustments/{id}', { params: { path: { id } } })),
    onSuccess: refresh,
  });
}

export function useSendInvoice(orderId: number) {
  const refresh = useRefresh(orderId);
  return useMutation({
    mutationFn: () =>
      answerOf(api.POST('/api/internal/orders/{id}/send_invoice', { params: { path: { id: orderId } } })),
    onSuccess: refresh,
  });
}

export function useCreateCreditMemo(orderId: number) {
  const refresh = useRefresh(orderId);
  return useMutation({
    mutationFn: (input: { invoiceId: number; amount: number; reason: string }) =>
      answerOf(
        api.POST('/api/internal/invoices/{id}/credit_memos', {
          params: { path: { id: input.invoiceId } },
          body: { amount: input.amount, reason: input.reason },
        }),
      ),
    onSuccess: refresh,
  });
}
