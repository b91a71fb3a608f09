import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answerOf, api } from '../../../api/api';
import { adminOrganizationsKey } from './get-organizations';

const assignmentKey = (organizationId: number) =>
  [...adminOrganizationsKey, 'market-manager', organizationId] as const;

export const useMarketManagerOptions = () =>
  useQuery({
    queryKey: ['admin', 'market-managers'],
    queryFn: async ({ signal }) =>
      (await answerOf(api.GET('/api/internal/market_managers', { signal }))).results,
  });

export const useOrganizationMarketManager = (organizationId: number) =>
  useQuery({
    queryKey: assignmentKey(organizationId),
    queryFn: ({ signal }) =>
      answerOf(
        api.GET('/api/internal/organizations/{id}/market_manager', {
          params: { path: { id: organizationId } },
          signal,
        }),
      ),
  });

/** Assigns (or clears, with null) the organisation's market manager. */
export function useAssignMarketManager(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number | null) =>
      answerOf(
        api.PUT('/api/internal/organizations/{id}/market_manager', {
          params: { path: { id: organizationId } },
          body: { userId },
        }),
      ),
    onSuccess: (answer) => queryClient.setQueryData(assignmentKey(organizationId), answer),
  });
}
