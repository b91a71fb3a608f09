import { useMutation } from '@tanstack/react-query';
import type { SignInInput } from '../../../../domain/accounts/sign-in-schema';
import type { CurrentUser } from '../../../../domain/users/current-user';
import { apiRequest } from '../../../api/client';

export type Session = { token: string; user: CurrentUser };

/** Opens a session; the caller stores it with useSetSession. */
export function useSignIn() {
  return useMutation({
    mutationFn: (input: SignInInput) =>
      apiRequest<Session>('/api/v1/sessions', { method: 'POST', body: input }),
  });
}
