import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '../../domain/users/current-user';
import { showError } from '../shell/toasts';
import { apiRequest } from './client';
import { currentUserKey } from './current-user';

type Toggle = { branchId: number; favorite: boolean };

export const toggleFavoriteBranch = ({ branchId, favorite }: Toggle) =>
  favorite
    ? apiRequest('/api/v1/favorite_branches', { method: 'POST', body: { branchId } })
    : apiRequest(`/api/v1/favorite_branches/${branchId}`, { method: 'DELETE' });

/**
 * Stars or unstars a branch. The star changes at once (the current user's preferredSupplierIds);
 * a failure puts it back and says why; either way the current user is fetched again after.
 */
export function useToggleFavoriteBranch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleFavoriteBranch,
    onMutate: async ({ branchId, favorite }) => {
      await queryClient.cancelQueries({ queryKey: currentUserKey });
      const previous = queryClient.getQueryData<CurrentUser | null>(currentUserKey);
      if (previous) {
        const others = previous.preferredSupplierIds.filter((id) => id !== branchId);
        const preferredSupplierIds = favorite ? [...others, branchId] : others;
        const next: CurrentUser = {
          ...previous,
          preferredSupplierIds,
          hasPreferredSuppliers: preferredSupplierIds.length > 0,
        };
        queryClient.setQueryData(currentUserKey, next);
      }
      return { previous };
    },
    onError: (error, { favorite }, context) => {
      if (context?.previous) queryClient.setQueryData(currentUserKey, context.previous);
      showError(
        `${favorite ? 'Could not add this supplier to your favorites' : 'Could not remove this supplier from your favorites'}: ${error.message}`,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: currentUserKey }),
  });
}
