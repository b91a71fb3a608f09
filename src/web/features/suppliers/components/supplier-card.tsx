import { Avatar, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatNumber } from '../../../../domain/text/number-format';
import { paths } from '../../../paths';
import { FavoriteStar } from '../../../ui/favorite-star';
import type { Branch } from '../api/get-branch';
import type { SupplierSummary } from '../api/get-suppliers';

/** A directory entry or a favourite branch: both answers carry what the card shows. */
export type SupplierCardData = Pick<
  Branch,
  'id' | 'name' | 'slug' | 'displayAddress' | 'logo' | 'sellsOnline'
> &
  Partial<Pick<SupplierSummary, 'organizationName' | 'distance' | 'productCount'>>;

const initialsOf = (name: string) =>
  name
    .split(/[\s&-]+/)
    .filter((word) => /^[A-Za-z0-9]/.test(word))
    .slice(0, 2)
    .map((word) => word[0].toUpperCase())
    .join('');

/** A supplier branch: logo or initials, names, address, distance and the way to its availability. */
export function SupplierCard({ supplier }: { supplier: SupplierCardData }) {
  return (
    <Card withBorder radius="md" padding="md" data-testid="supplier-card" h="100%">
      <Stack gap="sm" h="100%" justify="space-between">
        <Group align="flex-start" wrap="nowrap" gap="sm">
          <Avatar src={supplier.logo} alt="" radius="md" size={52} color="hedge" variant="light">
            {initialsOf(supplier.name)}
          </Avatar>
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <Text fw={700} lineClamp={2} data-testid="supplier-name">
              {supplier.name}
            </Text>
            {supplier.organizationName && (
              <Text size="sm" c="dimmed" lineClamp={1}>
                {supplier.organizationName}
              </Text>
            )}
          </Stack>
          <FavoriteStar branchId={supplier.id} branchName={supplier.name} />
        </Group>
        <Stack gap={4}>
          {supplier.displayAddress && (
            <Group gap={4} wrap="nowrap">
              <IconMapPin size={14} color="var(--mantine-color-dimmed)" style={{ flexShrink: 0 }} />
              <Text size="sm" lineClamp={1}>
                {supplier.displayAddress}
              </Text>
            </Group>
          )}
          <Group gap={6}>
            {typeof supplier.distance === 'number' && (
              <Badge variant="light" color="blue" size="sm" data-testid="supplier-distance">
                {formatNumber(supplier.distance)} mi away
              </Badge>
            )}
            {supplier.sellsOnline && (
              <Badge variant="light" color="hedge" size="sm">
                Sells online
              </Badge>
            )}
            {typeof supplier.productCount === 'number' && (
              <Text size="xs" c="dimmed">
                {formatNumber(supplier.productCount)} products in stock
              </Text>
            )}
          </Group>
        </Stack>
        <Button component={Link} to={paths.supplier(supplier.slug)} variant="light" fullWidth>
          View Availability
        </Button>
      </Stack>
    </Card>
  );
}

/** Cards in 1, 2 or 3 columns by width. */
export function SupplierCardGrid({ suppliers }: { suppliers: SupplierCardData[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {suppliers.map((supplier) => (
        <SupplierCard key={supplier.id} supplier={supplier} />
      ))}
    </SimpleGrid>
  );
}

export function SupplierCardGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" role="status" aria-label="Loading" aria-busy>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={index} h={190} radius="md" />
      ))}
    </SimpleGrid>
  );
}
