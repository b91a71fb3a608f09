import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { answerOf, api } from '../api/api';
import { useCurrentUser } from '../api/current-user';

/** How often attention counts (unread messages, orders needing a response) are checked while the tab is visible. */
export const attentionPollMs = 5000;

const subscribeVisibility = (onChange: () => void) => {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
};

/** Whether the page is on screen (document.visibilityState): polling stops while the tab is hidden. */
export function usePageVisible(): boolean {
  return useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState === 'visible',
    () => true,
  );
}

/**
 * How many unread inbox messages the signed-in user has; 0 for visitors, for users without messages
 * and when the count cannot be fetched (the failure is only reported, spec part 1 §8).
 */
export function useUnreadMessageCount(): number {
  const { user } = useCurrentUser();
  const enabled = Boolean(user?.messagesEnabled);
  const visible = usePageVisible();
  const query = useQuery({
    queryKey: ['messages', 'unread-count', user?.id ?? null],
    queryFn: async ({ signal }) => {
      try {
        // The unread threads of the inbox, all labels (spec part 3 §3 Unread counts).
        const answer = await answerOf(api.GET('/api/v1/message_threads/unread_count', { signal }));
        return answer.total;
      } catch (error) {
        if (signal.aborted) throw error;
        console.warn('Error fetching unread message count', error);
        return 0;
      }
    },
    enabled,
    staleTime: attentionPollMs,
    refetchInterval: enabled && visible ? attentionPollMs : false,
  });
  return enabled ? (query.data ?? 0) : 0;
}
