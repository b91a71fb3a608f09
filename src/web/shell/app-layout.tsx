import { Box } from '@mantine/core';
import { Suspense, useDeferredValue } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useCurrentUser } from '../api/current-user';
import { Footer } from './footer';
import { Header } from './header';
import { ImpersonationBanner } from './impersonation-banner';
import { RenderErrorBoundary } from './render-error-boundary';
import { PageLoader } from './route-guards';
import { SuspendedNotice } from './suspended-notice';

// Pages a suspended (no_site_use) user may still open: the public information and account pages.
const openToSuspended = /^\/(about|contact|privacy|terms|team|press|our_start|users\/|invite-requests)/;

/** Header, page and footer around every route. */
export function AppLayout() {
  const location = useLocation();
  const { user } = useCurrentUser();
  const suspended = user?.status === 'no_site_use' && !openToSuspended.test(location.pathname);
  // The footer (below the fold: the main area is a screen tall) is drawn in a second, interruptible pass
  // right after the first, so the page itself paints sooner on a slow phone.
  const showFooter = useDeferredValue(true, false);
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <a href="#main-content" className="skip-link">
        Skip to content
      </a>
      {user?.impersonator && <ImpersonationBanner user={user} />}
      <Header />
      {/* At least a screen tall, so the footer stays below the fold until the page is drawn (no layout shift). */}
      <Box component="main" id="main-content" tabIndex={-1} style={{ flex: 1, minHeight: '100vh' }}>
        <RenderErrorBoundary resetKey={location.pathname}>
          <Suspense fallback={<PageLoader />}>{suspended ? <SuspendedNotice /> : <Outlet />}</Suspense>
        </RenderErrorBoundary>
      </Box>
      {showFooter && <Footer />}
    </Box>
  );
}
