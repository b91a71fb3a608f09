import { useMutation } from '@tanstack/react-query';
import type {
  PasswordResetInput,
  PasswordResetRequestInput,
} from '../../../../domain/accounts/sign-in-schema';
import { answerOf, api } from '../../../api/api';

/** Asks for a reset e-mail; the answer's message is the same whether or not the account exists. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (input: PasswordResetRequestInput) =>
      answerOf(api.POST('/api/v1/passwords', { body: input })),
    // The page shows the failure in its own alert.
    meta: { handlesErrors: true },
  });
}

/** Sets a new password with the token from a reset e-mail. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (input: PasswordResetInput) => answerOf(api.PUT('/api/v1/passwords', { body: input })),
    // The page explains an expired link, marks a refused password, or shows the failure in its alert.
    meta: { handlesErrors: true },
  });
}
