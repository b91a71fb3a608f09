import { QueryClient } from '@tanstack/react-query';

// The API client already retries GETs itself, so queries do not retry again on top.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
