import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api/client';
import { useCurrentUser } from '../features/auth/api/current-user';

const refreshMs = 2 * 60_000;

/**
 * How many unread inbox messages the signed-in user has; 0 for visitors, for users without messages
 * and when the count cannot be fetched (the failure is only reported, spec part 1 §8).
 */
export function useUnreadMessageCount(): number {
  const { user } = useCurrentUser();
  const enabled = Boolean(user?.messagesEnabled);
  const query = useQuery({
    queryKey: ['messages', 'unread-count', user?.id ?? null],
    queryFn: async ({ signal }) => {
      try {
        // One item is enough: only totalCount matters.
        const answer = await apiRequest<{ totalCount?: number }>('/api/v1/messages', {
          query: { view: 'inbox', response_status: 'unread', fields: ['id'], per_page: 1 },
          signal,
        });
        return typeof answer?.totalCount === 'number' ? answer.totalCount : 0;
      } catch (error) {
        if (signal.aborted) throw error;
        console.warn('Error fetching unread message count', error);
        return 0;
      }
    },
    enabled,
    staleTime: 60_000,
    refetchInterval: enabled ? refreshMs : false,
  });
  return enabled ? (query.data ?? 0) : 0;
}
