import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PreferencesPatch, UserPreferences } from '../../../../domain/accounts/preferences-schema';
import { apiRequest } from '../../../api/client';
import { currentUserKey } from '../../../api/current-user';

export const preferencesKey = ['users', 'current', 'preferences'] as const;

export const preferencesQueryOptions = () =>
  queryOptions({
    queryKey: preferencesKey,
    queryFn: ({ signal }) => apiRequest<UserPreferences>('/api/v1/users/current/preferences', { signal }),
  });

export const usePreferences = () => useQuery(preferencesQueryOptions());

export const updatePreferences = (patch: PreferencesPatch) =>
  apiRequest<UserPreferences>('/api/v1/users/current/preferences', { method: 'PATCH', body: patch });

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
