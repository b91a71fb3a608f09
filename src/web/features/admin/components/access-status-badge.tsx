import { Badge } from '@mantine/core';
import { type AccessStatus, accessStatusLabels } from '../../../../domain/access';

const statusColors: Record<AccessStatus, string> = {
  approved: 'green',
  approved_for_site_use_only: 'blue',
  no_site_use: 'orange',
  login_prohibited: 'red',
};

export function AccessStatusBadge({ status }: { status: AccessStatus }) {
  return (
    <Badge color={statusColors[status] ?? 'gray'} variant="light" tt="none" data-testid="user-status-badge">
      {accessStatusLabels[status] ?? status}
    </Badge>
  );
}
