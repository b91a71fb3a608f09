import { useMutation } from '@tanstack/react-query';
import { answerOf, api } from '../../../api/api';
import { useSetSession } from '../../../api/current-user';
import { tokenStore } from '../../../api/token-store';

/** Signs out on the server (the token is revoked), then forgets it here whatever the answer. */
export function useSignOut() {
  const setSession = useSetSession();
  return useMutation({
    mutationFn: async () => {
      try {
        await answerOf(api.DELETE('/api/v1/sessions'));
      } finally {
        tokenStore.clearAdmin();
        setSession(null, null);
      }
    },
    // The visitor is signed out here either way, so a failed revoke is not worth a toast.
    meta: { handlesErrors: true },
  });
}
