import { useMutation, useQuery } from '@tanstack/react-query';
import { answerOf, api } from '../../../api/api';

/** What is wrong with the order now (validate); fetched when staff ask. */
export const useOrderValidation = (orderId: number, enabled: boolean) =>
  useQuery({
    queryKey: ['admin', 'orders', orderId, 'validation'],
    queryFn: ({ signal }) =>
      answerOf(
        api.GET('/api/internal/orders/{id}/validation', { params: { path: { id: orderId } }, signal }),
      ),
    enabled,
  });

/** Re-sends the purchase order to the supplier (sync). */
export const useSyncOrder = (orderId: number) =>
  useMutation({
    mutationFn: () =>
      answerOf(api.POST('/api/internal/orders/{id}/sync', { params: { path: { id: orderId } } })),
  });
