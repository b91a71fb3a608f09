import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';
import { useSetSession } from '../../../api/current-user';
import { tokenStore } from '../../../api/token-store';

/** Signs out on the server (the token is revoked), then forgets it here whatever the answer. */
export function useSignOut() {
  const setSession = useSetSession();
  return useMutation({
    mutationFn: async () => {
      try {
        await apiRequest<null>('/api/v1/sessions', { method: 'DELETE' });
      } finally {
        tokenStore.clearAdmin();
        setSession(null, null);
      }
    },
  });
}
