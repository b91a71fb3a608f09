import { Avatar, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { DashboardBranch } from '../../../../domain/dashboard/dashboard-views';
import { paths } from '../../../paths';
import { FavoriteStar } from '../../../ui/favorite-star';

function addressLines(branch: DashboardBranch): string[] {
  if (branch.address) {
    const place = [
      branch.address.city,
      [branch.address.state, branch.address.postalCode].filter(Boolean).join(' '),
    ]
      .filter(Boolean)
      .join(', ');
    return [branch.address.street1, place].filter(Boolean);
  }
  return branch.displayAddress ? [branch.displayAddress] : [];
}

/** A supplier branch: logo, name, favourite star, address and View Availability (part 1 §2.1). */
export function DashboardSupplierCard({ branch }: { branch: DashboardBranch }) {
  return (
    <Card withBorder radius="md" padding="md" h="100%" data-testid="supplier-card">
      <Stack gap="xs" h="100%" justify="space-between">
        <div>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Avatar src={branch.logo} alt="" radius="sm" size={44} color="hedge">
              <IconBuildingStore size={22} />
            </Avatar>
            <FavoriteStar branchId={branch.id} branchName={branch.name} size="md" />
          </Group>
          <Text fw={700} size="sm" mt="xs" lineClamp={2}>
            {branch.name}
          </Text>
          {addressLines(branch).map((line) => (
            <Text key={line} size="xs" c="dimmed" lineClamp={1}>
              {line}
            </Text>
          ))}
        </div>
        <Button
          component={Link}
          to={paths.supplier(branch.slug)}
          variant="light"
          size="xs"
          fullWidth
          aria-label={`View Availability at ${branch.name}`}
        >
          View Availability
        </Button>
      </Stack>
    </Card>
  );
}
