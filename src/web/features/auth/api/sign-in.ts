import { useMutation } from '@tanstack/react-query';
import type { SignInInput } from '../../../../domain/accounts/sign-in-schema';
import { answerOf, api } from '../../../api/api';

/** Opens a session; the caller stores it with useSetSession. */
export function useSignIn() {
  return useMutation({
    mutationFn: (input: SignInInput) => answerOf(api.POST('/api/v1/sessions', { body: input })),
    // The sign-in page shows a refusal in its own alert.
    meta: { handlesErrors: true },
  });
}
