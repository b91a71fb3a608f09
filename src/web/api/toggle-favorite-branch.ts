import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '../../domain/users/current-user';
import { showError } from '../shell/toasts';
import { answerOf, api } from './api';
import { currentUserKey } from './current-user';

type Toggle = { branchId: number; favorite: boolean };

export const toggleFavoriteBranch = ({ branchId, favorite }: Toggle) =>
  favorite
    ? answerOf(api.POST('/api/v1/favorite_branches', { body: { branchId } }))
    : answerOf(api.DELETE('/api/v1/favorite_branches/{branchId}', { params: { path: { branchId } } }));

/**
 * Stars or unstars a branch. The star changes at once (the current user's preferredSupplierIds);
 * a failure puts it back and says why; either way the current user is fetched again after.
 */
export function useToggleFavoriteBranch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleFavoriteBranch,
    // The failure toast names what could not be done, instead of the default one.
    meta: { handlesErrors: true },
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
