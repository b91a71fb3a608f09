import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answerOf, api } from '../../../api/api';

export const accountingStatusKey = ['admin', 'accounting'] as const;

/** Asks for Intuit's consent page (with a state issued to this staff member) and goes there. */
export const useConnectQuickBooks = () =>
  useMutation({
    mutationFn: () => answerOf(api.POST('/api/internal/accounting/quickbooks/authorize')),
    onSuccess: ({ url }) => window.location.assign(url),
  });

/** Hands Intuit's redirect (code, state, realmId) to the callback; the page then shows the company. */
export function useCompleteQuickBooks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (query: { code: string; state: string; realmId: string }) =>
      answerOf(api.GET('/api/internal/accounting/quickbooks/callback', { params: { query } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountingStatusKey }),
  });
}

export function useDisconnectQuickBooks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => answerOf(api.DELETE('/api/internal/accounting/quickbooks/connection')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountingStatusKey }),
  });
}

/** 'Push now': queues a push; the status query follows it until it ends. */
export function usePushToQuickBooks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => answerOf(api.POST('/api/internal/accounting/quickbooks/pushes')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountingStatusKey }),
  });
}
