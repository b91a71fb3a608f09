import {
  Anchor,
  Badge,
  Box,
  Breadcrumbs,
  Card,
  Grid,
  Group,
  List,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { Link, useParams } from 'react-router';
import { can } from '../../../../domain/admin/beehive-access';
import { useCurrentUser } from '../../../api/current-user';
import { paths } from '../../../paths';
import { AdminFrame } from '../../../shell/admin-frame';
import { PageLoader } from '../../../shell/route-guards';
import { DateTime } from '../../../ui/date-time';
import { DetailList } from '../../../ui/detail-list';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import type { OrganizationAddress, OrganizationDetail } from '../api/get-organization';
import { useOrganization } from '../api/get-organization';
import { AccessStatusBadge } from '../components/access-status-badge';
import { ApiKeysCard } from '../components/api-keys-card';
import { LoyaltyDiscountsCard } from '../components/loyalty-discounts-card';
import { MarketManagerCard } from '../components/market-manager-card';
import { OrganizationEditForm } from '../components/organization-edit-form';
import { TradeCreditCard } from '../components/trade-credit-card';
import { RoleBadges } from '../components/users-table';

function AddressLines({ address }: { address: OrganizationAddress | null }) {
  if (!address) return <>—</>;
  const cityLine = [address.city, [address.state, address.postalCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const lines = [address.street1, address.street2, cityLine, address.country].filter(Boolean);
  return (
    <>
      {lines.map((line) => (
        <span key={line} style={{ display: 'block' }}>
          {line}
        </span>
      ))}
    </>
  );
}

const external = (href: string | null) =>
  href ? (
    <Anchor
      href={/^https?:\/\//.test(href) ? href : `https://${href}`}
      target="_blank"
      rel="noreferrer"
      inherit
    >
      {href}
    </Anchor>
  ) : (
    '—'
  );

function Members({ organization }: { organization: OrganizationDetail }) {
  if (organization.users.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        Nobody belongs to this organization yet.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover verticalSpacing="xs" data-testid="organization-users">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Roles</Table.Th>
            <Table.Th>Last sign-in</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {organization.users.map((user) => (
            <Table.Tr key={user.id}>
              <Table.Td>
                <Anchor component={Link} to={paths.adminUser(user.id)} fw={600} size="sm">
                  {user.fullName}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{user.email}</Text>
              </Table.Td>
              <Table.Td>
                <AccessStatusBadge status={user.status} />
              </Table.Td>
              <Table.Td>
                <RoleBadges roles={user.roles} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  <DateTime value={user.lastSignInAt} fallback="Never" />
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** One organisation: company details, branches, members, and the name and buyer switch an admin may change. */
export function AdminOrganizationPage({
  pendingMembers,
}: {
  /** The organisations area's pending members (people who asked at sign-up to join), for staff to approve. */
  pendingMembers?: (organizationId: number) => React.ReactNode;
}) {
  const id = Number(useParams().id);
  const organization = useOrganization(id);
  const { user: me } = useCurrentUser();

  const crumbs = (
    <Breadcrumbs mb="md">
      <Anchor component={Link} to={paths.adminOrganizations} size="sm">
        Organizations
      </Anchor>
      <Text size="sm">{organization.data?.name ?? `Organization #${id}`}</Text>
    </Breadcrumbs>
  );

  if (organization.isPending) {
    return (
      <AdminFrame title="Organization">
        {crumbs}
        <PageLoader />
      </AdminFrame>
    );
  }
  if (organization.isError) {
    return (
      <AdminFrame title="Organization">
        {crumbs}
        <LoadErrorAlert
          title="Could not load this organization"
          error={organization.error}
          onRetry={() => organization.refetch()}
        />
      </AdminFrame>
    );
  }

  const org = organization.data;
  const supplier = org.branches.length > 0;

  return (
    <AdminFrame title={org.name}>
      {crumbs}
      <Group gap="sm" align="center" mb={4}>
        <Title order={2}>{org.name}</Title>
        {supplier && (
          <Badge variant="light" color="teal" tt="none">
            Supplier
          </Badge>
        )}
        {org.isBuyer && (
          <Badge variant="light" color="hedge" tt="none">
            Buyer
          </Badge>
        )}
      </Group>
      <Text c="dimmed" size="sm" mb="md">
        Organization #{org.id} · {org.slug}
      </Text>

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card withBorder padding="lg" h="100%">
            <Title order={3} size="h4" mb="md">
              Company
            </Title>
            <DetailList
              items={[
                { label: 'Type', value: org.companyType || '—' },
                { label: 'Size', value: org.companySize || '—' },
                { label: 'Email', value: org.email || '—' },
                { label: 'Invoice email', value: org.invoiceEmail || '—' },
                { label: 'Website', value: external(org.website) },
                { label: 'Tax id', value: org.taxId || '—' },
                {
                  label: 'Project types',
                  value: org.projectTypes?.length ? org.projectTypes.join(', ') : '—',
                },
                { label: 'Phone', value: org.address?.phone || '—' },
                { label: 'Address', value: <AddressLines address={org.address} /> },
              ]}
            />
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md" h="100%">
            {can(me, 'edit_organizations') ? (
              <Card withBorder padding="lg">
                <Title order={3} size="h4" mb="md">
                  Edit
                </Title>
                <OrganizationEditForm key={organization.dataUpdatedAt} organization={org} />
              </Card>
            ) : (
              // Staff who may only view organisations see the values the form would edit.
              <Card withBorder padding="lg" data-testid="organization-read-only">
                <DetailList
                  items={[
                    { label: 'Name', value: org.name },
                    { label: 'Buys on the marketplace', value: org.isBuyer ? 'Yes' : 'No' },
                  ]}
                />
              </Card>
            )}
            <TradeCreditCard key={`terms-${organization.dataUpdatedAt}`} organization={org} />
            <Card withBorder padding="lg" style={{ flex: 1 }}>
              <Title order={3} size="h4" mb="sm">
                Branches ({org.branches.length})
              </Title>
              {supplier ? (
                <List spacing={4} size="sm" data-testid="organization-branches">
                  {org.branches.map((branch) => (
                    <List.Item key={branch.id}>
                      <Anchor component={Link} to={paths.adminBranch(org.id, branch.id)} size="sm">
                        {branch.name}
                      </Anchor>{' '}
                      <Text span c="dimmed" size="xs">
                        #{branch.id} · {branch.slug}
                      </Text>
                      {branch.isPrimary && (
                        <Badge ml={6} size="xs" variant="light" tt="none">
                          Primary
                        </Badge>
                      )}
                    </List.Item>
                  ))}
                </List>
              ) : (
                <Text c="dimmed" size="sm">
                  No branches: this organization does not sell on the marketplace.
                </Text>
              )}
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>

      {pendingMembers && <Box mt="xl">{pendingMembers(org.id)}</Box>}
      <Stack gap="sm" mt="xl">
        <Title order={3} size="h4">
          Users ({org.users.length})
        </Title>
        <Members organization={org} />
      </Stack>
      {org.isBuyer && can(me, 'edit_organizations') && (
        <Box mt="xl">
          <LoyaltyDiscountsCard organizationId={org.id} />
        </Box>
      )}
      <Box mt="xl">
        <MarketManagerCard organizationId={org.id} canEdit={can(me, 'edit_organizations')} />
      </Box>
      {can(me, 'manage_api_keys') && (
        <Box mt="xl">
          <ApiKeysCard organizationId={org.id} />
        </Box>
      )}
    </AdminFrame>
  );
}
