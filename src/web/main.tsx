import './mantine-styles';
import '@mantine/notifications/styles.css';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { setUnauthorizedHandler } from './api/client';
import { currentUserKey, currentUserQueryOptions } from './api/current-user';
import { queryClient } from './api/query-client';
import { paths } from './paths';
import { router } from './router';
import { productGroupNavQueryOptions } from './shell/product-group-nav';
import { cssVariablesResolver, theme } from './theme';

// A 401 (or NotAuthorized) has already cleared the token: forget the user and go to sign in.
setUnauthorizedHandler(() => {
  queryClient.setQueryData(currentUserKey, null);
  const here = window.location.pathname + window.location.search;
  if (!window.location.pathname.startsWith('/users/login')) void router.navigate(paths.signIn(here));
});

// The header (the user, the product menus) and every signed-in page need these answers: asked for now,
// they arrive while the first page's code loads instead of after it has rendered.
void queryClient.prefetchQuery(currentUserQueryOptions());
void queryClient.prefetchQuery(productGroupNavQueryOptions());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <Notifications position="top-right" />
          <RouterProvider router={router} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
