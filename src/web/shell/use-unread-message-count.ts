import { queryOptions, useQuery } from '@tanstack/react-query';
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

/** The unread inbox count of user `userId` (spec part 3 §3 Unread counts); a failure counts 0 and is reported. */
export const unreadMessageCountQueryOptions = (userId: number | null) =>
  queryOptions({
    queryKey: ['messages', 'unread-count', userId],
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
    staleTime: attentionPollMs,
  });

/**
 * How many unread inbox messages the signed-in user has (`count`); 0 for visitors, for users without
 * messages and when the count cannot be fetched (the failure is only reported, spec part 1 §8).
 * `isPending` while a count that will be asked for is not known yet.
 */
export function useUnreadMessageCountQuery(): { count: number; isPending: boolean } {
  const { user } = useCurrentUser();
  const enabled = Boolean(user?.messagesEnabled);
  const visible = usePageVisible();
  const query = useQuery({
    ...unreadMessageCountQueryOptions(user?.id ?? null),
    enabled,
    refetchInterval: enabled && visible ? attentionPollMs : false,
  });
  return { count: enabled ? (query.data ?? 0) : 0, isPending: enabled && query.isPending };
}

/** The unread inbox count alone (see useUnreadMessageCountQuery). */
export const useUnreadMessageCount = (): number => useUnreadMessageCountQuery().count;
