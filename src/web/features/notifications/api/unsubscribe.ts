import { useMutation } from '@tanstack/react-query';
import { answerOf, api } from '../../../api/api';
import type { components } from '../../../api/generated/openapi';

export type UnsubscribeView = components['schemas']['UnsubscribeView'];

/** Turns off (or, with undo, back on) the subscription an e-mail's unsubscribe link names. */
export const useUnsubscribe = () =>
  useMutation({
    mutationFn: ({ token, undo }: { token: string; undo: boolean }) =>
      answerOf(
        undo
          ? api.POST('/api/v1/notification_unsubscribes/{token}/undo', { params: { path: { token } } })
          : api.POST('/api/v1/notification_unsubscribes/{token}', { params: { path: { token } } }),
      ),
    meta: { handlesErrors: true },
  });
