import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PasswordChangeInput } from '../../../../domain/accounts/sign-in-schema';
import type { UserProfileInput } from '../../../../domain/users/profile-schema';
import { answerOf, api } from '../../../api/api';
import { currentUserKey } from '../../../api/current-user';

/** Saves the signed-in user's own profile and puts the answer in the current-user cache. */
export function useUpdateCurrentUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UserProfileInput) => answerOf(api.PATCH('/api/v1/users/current', { body: input })),
    onSuccess: (user) => queryClient.setQueryData(currentUserKey, user),
  });
}

/** Changes the signed-in user's password; the server keeps this session and closes the others. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: PasswordChangeInput) =>
      answerOf(api.PUT('/api/v1/users/current/password', { body: input })),
    // The card puts field messages on its fields and toasts any other failure itself.
    meta: { handlesErrors: true },
  });
}
