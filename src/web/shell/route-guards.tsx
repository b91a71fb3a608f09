import { Center, Loader } from '@mantine/core';
import { Navigate, Outlet, useLocation } from 'react-router';
import { can, canUseBeehive } from '../../domain/admin/beehive-access';
import { useCurrentUser } from '../api/current-user';
import { paths } from '../paths';
import { NotFoundContent } from './not-found';

export function PageLoader() {
  return (
    <Center py={80}>
      <Loader aria-label="Loading" />
    </Center>
  );
}

/** An old Beehive path (`/admin/users/{id}`) sends the browser to the spec's (`…/{id}/edit`), query kept. */
export function RedirectToEdit() {
  const location = useLocation();
  return <Navigate to={`${location.pathname.replace(/\/$/, '')}/edit${location.search}`} replace />;
}

/** Pages for signed-in users; visitors go to sign in and come back afterwards. */
export function RequireSignedIn() {
  const { user, isPending } = useCurrentUser();
  const location = useLocation();
  if (isPending) return <PageLoader />;
  if (!user) return <Navigate to={paths.signIn(location.pathname + location.search)} replace />;
  return <Outlet />;
}

/** Beehive pages: staff whose roles grant some permission. Others see the 404 page, as the server answers 403. */
export function RequireAdmin() {
  const { user, isPending } = useCurrentUser();
  const location = useLocation();
  if (isPending) return <PageLoader />;
  if (!user) return <Navigate to={paths.signIn(location.pathname + location.search)} replace />;
  if (!canUseBeehive(user)) return <NotFoundContent />;
  return <Outlet />;
}

/** The logistics team's Beehive pages (logistics, trucks, estimates): roles that grant manage_logistics. */
export function RequireLogisticsOrAdmin() {
  const { user, isPending } = useCurrentUser();
  const location = useLocation();
  if (isPending) return <PageLoader />;
  if (!user) return <Navigate to={paths.signIn(location.pathname + location.search)} replace />;
  if (!can(user, 'manage_logistics')) return <NotFoundContent />;
  return <Outlet />;
}
