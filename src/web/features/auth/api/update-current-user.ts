import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PasswordChangeInput } from '../../../../domain/accounts/sign-in-schema';
import type { CurrentUser } from '../../../../domain/users/current-user';
import type { UserProfileInput } from '../../../../domain/users/profile-schema';
import { apiRequest } from '../../../api/client';
import { currentUserKey } from '../../../api/current-user';

/** Saves the signed-in user's own profile and puts the answer in the current-user cache. */
export function useUpdateCurrentUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UserProfileInput) =>
      apiRequest<CurrentUser>('/api/v1/users/current', { method: 'PATCH', body: input }),
    onSuccess: (user) => queryClient.setQueryData(currentUserKey, user),
  });
}

/** Changes the signed-in user's password; the server keeps this session and closes the others. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: PasswordChangeInput) =>
      apiRequest<null>('/api/v1/users/current/password', { method: 'PUT', body: input }),
  });
}
