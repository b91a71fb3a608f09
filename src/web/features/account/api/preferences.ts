import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PreferencesPatch } from '../../../../domain/accounts/preferences-schema';
import { answerOf, api } from '../../../api/api';
import { currentUserKey } from '../../../api/current-user';

export const preferencesKey = ['users', 'current', 'preferences'] as const;

export const preferencesQueryOptions = () =>
  queryOptions({
    queryKey: preferencesKey,
    queryFn: ({ signal }) => answerOf(api.GET('/api/v1/users/current/preferences', { signal })),
  });

export const usePreferences = () => useQuery(preferencesQueryOptions());

export const updatePreferences = (patch: PreferencesPatch) =>
  answerOf(api.PATCH('/api/v1/users/current/preferences', { body: patch }));

/** Saves preferences; the current user is fetched again since it carries the default postal code. */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: (saved) => {
      queryClient.setQueryData(preferencesKey, saved);
      return queryClient.invalidateQueries({ queryKey: currentUserKey, exact: true });
    },
  });
}
