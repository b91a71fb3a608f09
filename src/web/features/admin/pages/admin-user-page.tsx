import {
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Card,
  Grid,
  Group,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconUserShare } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { can } from '../../../../domain/admin/beehive-access';
import { useCurrentUser } from '../../../api/current-user';
import { paths } from '../../../paths';
import { AdminFrame } from '../../../shell/admin-frame';
import { PageLoader } from '../../../shell/route-guards';
import { DateTime } from '../../../ui/date-time';
import { DetailList } from '../../../ui/detail-list';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { useUser } from '../api/get-user';
import { useImpersonateUser } from '../api/impersonate-user';
import { AccessStatusBadge } from '../components/access-status-badge';
import { AuditTrailTable } from '../components/audit-trail-table';
import { SurveyAnswersCard } from '../components/survey-answers-card';
import { UserEditForm } from '../components/user-edit-form';
import { UserRolesCard } from '../components/user-roles-card';
import { RoleBadges } from '../components/users-table';

/** One user: details, what an admin may change, acting as them, and the audit trail. */
export function AdminUserPage() {
  const id = Number(useParams().id);
  const user = useUser(id);
  const { user: me } = useCurrentUser();
  const impersonate = useImpersonateUser();
  const isSelf = me?.id === id;

  const crumbs = (
    <Breadcrumbs mb="md">
      <Anchor component={Link} to={paths.adminUsers} size="sm">
        Users
      </Anchor>
      <Text size="sm">{user.data?.fullName ?? `User #${id}`}</Text>
    </Breadcrumbs>
  );

  if (user.isPending) {
    return (
      <AdminFrame title="User">
        {crumbs}
        <PageLoader />
      </AdminFrame>
    );
  }
  if (user.isError) {
    return (
      <AdminFrame title="User">
        {crumbs}
        <LoadErrorAlert title="Could not load this user" error={user.error} onRetry={() => user.refetch()} />
      </AdminFrame>
    );
  }

  const u = user.data;
  const actAs = () => impersonate.mutate(u.id);

  return (
    <AdminFrame title={u.fullName}>
      {crumbs}
      <Group justify="space-between" align="flex-start" mb="md" gap="sm">
        <div>
          <Group gap="sm" align="center">
            <Title order={2}>{u.fullName}</Title>
            <AccessStatusBadge status={u.status} />
          </Group>
          <Text c="dimmed" size="sm">
            {u.email} · User #{u.id}
          </Text>
        </div>
        {can(me, 'impersonate_users') && (
          <Tooltip label="You are already signed in as yourself" disabled={!isSelf}>
            <Button
              variant="light"
              color="orange"
              leftSection={<IconUserShare size={18} />}
              onClick={actAs}
              loading={impersonate.isPending}
              disabled={isSelf}
              data-testid="impersonate-user"
            >
              Act as this user
            </Button>
          </Tooltip>
        )}
      </Group>

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card withBorder padding="lg" h="100%">
            <Title order={3} size="h4" mb="md">
              Details
            </Title>
            <DetailList
              items={[
                { label: 'Name', value: u.fullName },
                {
                  label: 'Email',
                  value: (
                    <Anchor href={`mailto:${u.email}`} inherit>
                      {u.email}
                    </Anchor>
                  ),
                },
                { label: 'Phone', value: u.phone || '—' },
                {
                  label: 'Organization',
                  value: u.organizationId ? (
                    <Anchor component={Link} to={paths.adminOrganization(u.organizationId)} inherit>
                      {u.organizationName ?? `Organization #${u.organizationId}`}
                    </Anchor>
                  ) : (
                    'None'
                  ),
                },
                {
                  label: 'Kind',
                  value: (
                    <Badge variant="light" color={u.supplier ? 'teal' : 'gray'} tt="none">
                      {u.supplier ? 'Supplier' : 'Buyer'}
                    </Badge>
                  ),
                },
                { label: 'Roles', value: <RoleBadges roles={u.roles} /> },
                { label: 'Signed up', value: <DateTime value={u.createdAt} /> },
                { label: 'Last sign-in', value: <DateTime value={u.lastSignInAt} fallback="Never" /> },
              ]}
            />
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card withBorder padding="lg">
            <Title order={3} size="h4" mb="md">
              Access
            </Title>
            {can(me, 'edit_users') ? (
              <UserEditForm key={user.dataUpdatedAt} user={u} isSelf={isSelf} />
            ) : (
              <Text size="sm" c="dimmed">
                Your roles do not let you change users.
              </Text>
            )}
          </Card>
          <UserRolesCard
            key={`roles-${user.dataUpdatedAt}`}
            userId={u.id}
            roleNames={u.roles}
            isSelf={isSelf}
            canManage={can(me, 'manage_roles')}
          />
        </Grid.Col>
      </Grid>

      <SurveyAnswersCard userId={u.id} />

      <Stack gap="sm" mt="xl">
        <Title order={3} size="h4">
          Audit trail
        </Title>
        <AuditTrailTable events={u.events} />
      </Stack>
    </AdminFrame>
  );
}
