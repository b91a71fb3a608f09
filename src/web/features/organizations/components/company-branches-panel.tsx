import { Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconBuildingWarehouse } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../paths';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { useCompanyBranches } from '../api/people';

const placeOf = (branch: { city: string | null; state: string | null; postalCode: string | null }) =>
  [branch.city, [branch.state, branch.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');

/** The Branches tab: the company's selling locations, each with its public page and its inventory. */
export function CompanyBranchesPanel({ organizationId }: { organizationId: number }) {
  const branches = useCompanyBranches(organizationId);
  if (branches.isPending) return <Skeleton h={140} radius="md" aria-label="Loading branches" />;
  if (branches.isError) {
    return (
      <LoadErrorAlert
        error={branches.error}
        title="We couldn't load your branches"
        onRetry={() => void branches.refetch()}
      />
    );
  }
  if (branches.data.results.length === 0) {
    return (
      <Paper withBorder radius="md" p="xl" ta="center" data-testid="no-branches">
        <Stack align="center" gap="xs">
          <IconBuildingWarehouse size={32} stroke={1.4} aria-hidden />
          <Text fw={600}>Your company has no branches yet</Text>
          <Text size="sm" c="dimmed" maw={460}>
            Branches are the yards and nurseries you sell from. Suppliers list their stock per branch.
          </Text>
          <Button component={Link} to={paths.becomeSupplier} variant="light" mt="xs">
            How to become a supplier
          </Button>
        </Stack>
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="md" data-testid="branches">
      {branches.data.results.map((branch, index) => (
        <Group
          key={branch.id}
          justify="space-between"
          wrap="wrap"
          gap="sm"
          p="md"
          style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
          data-testid="branch-row"
        >
          <div style={{ minWidth: 0, flex: '1 1 240px' }}>
            <Group gap="xs">
              <Anchor component={Link} to={paths.supplier(branch.slug)} fw={600}>
                {branch.name}
              </Anchor>
              {branch.isPrimary && (
                <Badge size="sm" variant="light" color="hedge">
                  Primary
                </Badge>
              )}
              {!branch.sellsOnline && (
                <Badge size="sm" variant="light" color="gray">
                  Not selling online
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {branch.displayAddress || placeOf(branch) || 'No address yet'}
            </Text>
          </div>
          <Button
            component={Link}
            to={paths.branchInventory(branch.slug)}
            size="compact-sm"
            variant="default"
          >
            Inventory
          </Button>
        </Group>
      ))}
    </Paper>
  );
}
