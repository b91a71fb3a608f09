import { useMutation } from '@tanstack/react-query';
import type { InviteRequestInput } from '../../../../domain/accounts/invite-request-schema';
import type { CurrentUser } from '../../../../domain/users/current-user';
import { apiRequest } from '../../../api/client';

export type InviteRequestCreated = { id: number; token: string; user: CurrentUser };

/** Sign-up: stores the invite request and answers with a signed-in session for the new account. */
export function useCreateInviteRequest() {
  return useMutation({
    mutationFn: (input: InviteRequestInput) =>
      apiRequest<InviteRequestCreated>('/api/v1/invite_requests', { method: 'POST', body: input }),
  });
}
