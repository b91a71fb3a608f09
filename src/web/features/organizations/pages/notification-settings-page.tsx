import { Alert, Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { useCurrentUser } from '../../../api/current-user';
import { paths } from '../../../paths';
import { AccountFrame } from '../../../shell/account-frame';
import { PageLoader } from '../../../shell/route-guards';
import { NotificationSettingsPanel } from '../components/notification-settings-panel';

/** `/notifications`: the account area's notification settings (a buyer's orders; a supplier's branches). */
export function NotificationSettingsPage() {
  const { user, isPending } = useCurrentUser();
  if (isPending) return <PageLoader />;
  return (
    <AccountFrame
      title="Notifications"
      subtitle="Choose who hears about your orders, by e-mail and text message."
    >
      {user?.organizationId ? (
        <NotificationSettingsPanel organizationId={user.organizationId} heading={false} />
      ) : (
        <Alert variant="light" color="gray">
          Notification settings belong to a company.{' '}
          <Anchor component={Link} to={paths.organizationNew}>
            Create your company
          </Anchor>{' '}
          to choose who hears about its orders.
        </Alert>
      )}
    </AccountFrame>
  );
}
