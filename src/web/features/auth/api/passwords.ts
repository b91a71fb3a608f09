import { useMutation } from '@tanstack/react-query';
import type {
  PasswordResetInput,
  PasswordResetRequestInput,
} from '../../../../domain/accounts/sign-in-schema';
import { apiRequest } from '../../../api/client';

/** Asks for a reset e-mail; the answer's message is the same whether or not the account exists. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (input: PasswordResetRequestInput) =>
      apiRequest<{ message: string }>('/api/v1/passwords', { method: 'POST', body: input }),
  });
}

/** Sets a new password with the token from a reset e-mail. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (input: PasswordResetInput) =>
      apiRequest<null>('/api/v1/passwords', { method: 'PUT', body: input }),
  });
}
