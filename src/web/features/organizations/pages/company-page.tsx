import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  Paper,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  IconBell,
  IconBuildingStore,
  IconBuildingWarehouse,
  IconPencil,
  IconUsers,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { productName } from '../../../../domain/brand';
import { useCurrentUser } from '../../../api/current-user';
import { paths } from '../../../paths';
import { PageLoader } from '../../../shell/route-guards';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { useTabParam } from '../../../ui/use-tab-param';
import { useCompany } from '../api/company';
import { CompanyBranchesPanel } from '../components/company-branches-panel';
import { CompanyProfileView } from '../components/company-profile-card';
import { CompanyProfileForm } from '../components/company-profile-form';
import { CompanyUsersPanel } from '../components/company-users-panel';
import { NotificationSettingsPanel } from '../components/notification-settings-panel';

function ProfilePanel({ organizationId }: { organizationId: number }) {
  const company = useCompany(organizationId);
  const [editing, setEditing] = useState(false);
  if (company.isPending) return <Skeleton h={220} radius="md" aria-label="Loading company profile" />;
  if (company.isError) {
    return (
      <LoadErrorAlert
        error={company.error}
        title="We couldn't load your company"
        onRetry={() => void company.refetch()}
      />
    );
  }
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Title order={2} size="h4">
            {editing ? 'Edit profile' : 'Profile'}
          </Title>
          {!editing && (
            <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
              Edit profile
            </Button>
          )}
        </Group>
        {!editing && !company.data.address && (
          <Alert variant="light" color="orange">
            Add your company's address so suppliers can quote deliveries and invoices reach you.
          </Alert>
        )}
        {editing ? (
          <CompanyProfileForm
            company={company.data}
            onSaved={() => setEditing(false)}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <CompanyProfileView company={company.data} />
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The company page (`/organizations/edit`, and `/organizations/{slug}` where the account menu's
 * 'Company Profile' leads): tabs Profile (read view with 'Edit profile'), Branches, Users and
 * Notifications.
 */
export function CompanyPage() {
  const { slug } = useParams();
  const { user, isPending } = useCurrentUser();
  const [tab, setTab] = useTabParam('profile');
  useDocumentTitle(`${user?.organizationName ?? 'Company'} · ${productName}`);
  if (isPending) return <PageLoader />;
  if (!user) return null;
  if (!user.organizationId) return <Navigate to={paths.organizationNew} replace />;
  if (slug && slug !== user.organizationSlug) {
    return (
      <Container size="sm" py={60}>
        <Alert color="gray" variant="light" title="Company not found" data-testid="company-not-found">
          You can only open your own company's page.{' '}
          <Anchor component={Link} to={paths.organizationEdit()}>
            Go to your company
          </Anchor>
        </Alert>
      </Container>
    );
  }
  const organizationId = user.organizationId;
  return (
    <Container size="lg" py={{ base: 'lg', sm: 40 }}>
      <Group gap="sm" mb="lg" wrap="nowrap" align="center">
        <IconBuildingStore size={32} stroke={1.5} aria-hidden style={{ flexShrink: 0 }} />
        <div style={{ minWidth: 0 }}>
          <Title order={1} fz={{ base: 24, sm: 32 }} style={{ overflowWrap: 'anywhere' }}>
            {user.organizationName}
          </Title>
          <Text c="dimmed" size="sm">
            Company Profile
          </Text>
        </div>
      </Group>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="lg" style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
          <Tabs.Tab value="profile" leftSection={<IconBuildingStore size={16} />}>
            Profile
          </Tabs.Tab>
          <Tabs.Tab value="branches" leftSection={<IconBuildingWarehouse size={16} />}>
            Branches
          </Tabs.Tab>
          <Tabs.Tab value="users" leftSection={<IconUsers size={16} />}>
            Users
          </Tabs.Tab>
          <Tabs.Tab value="notifications" leftSection={<IconBell size={16} />}>
            Notifications
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="profile">
          <ProfilePanel organizationId={organizationId} />
        </Tabs.Panel>
        <Tabs.Panel value="branches">
          <CompanyBranchesPanel organizationId={organizationId} />
        </Tabs.Panel>
        <Tabs.Panel value="users">
          <CompanyUsersPanel organizationId={organizationId} />
        </Tabs.Panel>
        <Tabs.Panel value="notifications">
          <NotificationSettingsPanel organizationId={organizationId} />
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}

/** `/organizations/new`: create the company with the profile form; a member goes to their company instead. */
export function NewCompanyPage() {
  const { user, isPending } = useCurrentUser();
  const navigate = useNavigate();
  useDocumentTitle(`Create your company · ${productName}`);
  if (isPending) return <PageLoader />;
  if (user?.organizationId) return <Navigate to={paths.organizationEdit()} replace />;
  return (
    <Container size="md" py={{ base: 'lg', sm: 40 }}>
      <Title order={1} fz={{ base: 24, sm: 32 }}>
        Create your company
      </Title>
      <Text c="dimmed" mb="lg">
        Tell us about your business so suppliers know who they are quoting and where to deliver.
      </Text>
      {user?.pendingOrganizationName && (
        <Alert variant="light" color="hedge" mb="lg">
          You asked to join {user.pendingOrganizationName}; its manager has not answered yet. Create a company
          only if you work for a different one.
        </Alert>
      )}
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <CompanyProfileForm onSaved={() => navigate(paths.organizationEdit(), { replace: true })} />
      </Paper>
    </Container>
  );
}
