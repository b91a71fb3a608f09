import { useMutation } from '@tanstack/react-query';
import type { InviteRequestInput } from '../../../../domain/accounts/invite-request-schema';
import { answerOf, api } from '../../../api/api';

/** Sign-up: stores the invite request and answers with a signed-in session for the new account. */
export function useCreateInviteRequest() {
  return useMutation({
    mutationFn: (input: InviteRequestInput) => answerOf(api.POST('/api/v1/invite_requests', { body: input })),
    // The sign-up page puts field messages on the form and other failures in its alert.
    meta: { handlesErrors: true },
  });
}
