import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answerOf, api } from '../../../api/api';
import { useCurrentUser } from '../../../api/current-user';
import { tokenStore } from '../../../api/token-store';
import { paths } from '../../../paths';

export const impersonateUser = (id: number) =>
  answerOf(api.POST('/api/internal/users/{id}/impersonation', { params: { path: { id } } }));

/**
 * Starts acting as a user: the admin's own token is put aside for the way back (the impersonation
 * banner), the borrowed one becomes current, and the app reloads at home as that user.
 */
export function useImpersonateUser() {
  const queryClient = useQueryClient();
  const { user: current } = useCurrentUser();
  return useMutation({
    mutationFn: impersonateUser,
    onSuccess: ({ token }) => {
      // Already acting as another admin? The way back leads to the original admin, so keep that token.
      const keepOriginal = Boolean(current?.impersonator && tokenStore.getAdmin());
      if (!keepOriginal) tokenStore.setAdmin(tokenStore.get()!);
      tokenStore.set(token);
      queryClient.clear();
      window.location.assign(paths.home);
    },
  });
}
