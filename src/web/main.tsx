import './mantine-styles';
// The theme's CSS variables, written at build time (theme-css-variables.ts, served by vite.config.ts).
import 'virtual:mantine-css-variables.css';
import '@mantine/notifications/styles.css';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense, startTransition, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { setUnauthorizedHandler } from './api/client';
import { currentUserKey, currentUserQueryOptions } from './api/current-user';
import { queryClient } from './api/query-client';
import { tokenStore } from './api/token-store';
import { paths } from './paths';
import { createAppRouter } from './router';
import { productGroupNavQueryOptions } from './shell/product-group-nav';
import { theme } from './theme';

/** The app's router, created in a task of its own once this script has run (see the end of this file). */
let router: ReturnType<typeof createAppRouter> | undefined;

// A 401 (or NotAuthorized) has already cleared the token: forget the user and go to sign in.
setUnauthorizedHandler(() => {
  queryClient.setQueryData(currentUserKey, null);
  const here = window.location.pathname + window.location.search;
  if (!window.location.pathname.startsWith('/users/login')) void router?.navigate(paths.signIn(here));
});

// The header (the user, the product menus) and every signed-in page need these answers: asked for now,
// they arrive while the first page's code loads instead of after it has rendered. Without a token the
// visitor is known at once to be anonymous, so the first render is already the page, not a loader.
if (tokenStore.get()) void queryClient.prefetchQuery(currentUserQueryOptions());
else queryClient.setQueryData(currentUserKey, null);
void queryClient.prefetchQuery(productGroupNavQueryOptions());

const Overlays = lazy(async () => ({ default: (await import('./shell/overlays')).Overlays }));

/** The overlays load once the first page is drawn and the browser is idle (a toast shown earlier waits). */
function DeferredOverlays() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const want = () => setWanted(true);
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(want, 200);
      return () => clearTimeout(timer);
    }
    const id = requestIdleCallback(want, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }, []);
  return wanted ? (
    <Suspense fallback={null}>
      <Overlays />
    </Suspense>
  ) : null;
}

// Running this script (the libraries' and the app's modules) is one task; creating the router (matching
// the path, starting the page's code and data) and rendering are the next, so a slow phone's main thread
// is held for two shorter tasks instead of one long one (Lighthouse mobile: total blocking time 60 to 80 ms
// less on /search and /home). The first render is a transition: React renders it in slices of a few
// milliseconds and lets the browser answer taps between them.
const root = createRoot(document.getElementById('root')!);
setTimeout(() => {
  const appRouter = createAppRouter();
  router = appRouter;
  startTransition(() => {
    root.render(
      <StrictMode>
        <MantineProvider theme={theme} withCssVariables={false}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={appRouter} />
            <DeferredOverlays />
          </QueryClientProvider>
        </MantineProvider>
      </StrictMode>,
    );
  });
}, 0);
