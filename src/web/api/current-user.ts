import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '../../domain/users/current-user';
import { answerOf, api } from './api';
import { tokenStore } from './token-store';

export const currentUserKey = ['users', 'current'] as const;

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: currentUserKey,
    // Without a token there is nobody to ask about: the visitor is anonymous.
    queryFn: async ({ signal }) =>
      tokenStore.get() ? answerOf(api.GET('/api/v1/users/current', { signal })) : null,
    staleTime: 60_000,
  });

/** The signed-in user, or null for visitors (and while loading: see isPending). */
export function useCurrentUser() {
  const query = useQuery(currentUserQueryOptions());
  return { user: query.data ?? null, isPending: query.isPending, error: query.error };
}

/** Puts a fresh user into the cache after sign-in, sign-up or impersonation, and drops everything else. */
export function useSetSession() {
  const queryClient = useQueryClient();
  return (token: string | null, user: CurrentUser | null) => {
    if (token) tokenStore.set(token);
    else tokenStore.clear();
    queryClient.clear();
    queryClient.setQueryData(currentUserKey, user);
  };
}
