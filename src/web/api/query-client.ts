import { MutationCache, QueryClient } from '@tanstack/react-query';
import { showError } from '../shell/toasts';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** The caller shows the failure itself (field messages on a form, an inline alert). */
      handlesErrors?: boolean;
    };
  }
}

// The API client already retries GETs itself, so queries do not retry again on top. A failed
// mutation shows the spec's error toast with the server's message unless the mutation says it
// handles its failures itself, so pages do not each write their own.
export const queryClient = new QueryClient({
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      if (mutation.options.meta?.handlesErrors) return;
      showError(error.message);
    },
  }),
  defaultOptions: {
    queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
