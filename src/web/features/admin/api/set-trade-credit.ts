import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answerOf, api } from '../../../api/api';
import { adminOrganizationsKey } from './get-organizations';

export const setTradeCredit = (id: number, paymentTermsDays: number) =>
  answerOf(
    api.PUT('/api/internal/organizations/{id}/trade_credit', {
      params: { path: { id } },
      body: { paymentTermsDays },
    }),
  );

/** Grants (Net 30) or removes (due on receipt) an organisation's trade credit; its page refetches. */
export function useSetTradeCredit(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentTermsDays: number) => setTradeCredit(id, paymentTermsDays),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminOrganizationsKey }),
  });
}
