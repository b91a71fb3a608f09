import { Card, SimpleGrid, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import {
  IconBookmark,
  IconBuildingWarehouse,
  IconChartBar,
  IconFileSpreadsheet,
  IconMail,
  IconPackage,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import type { CurrentUser } from '../../../../domain/users/current-user';
import { paths } from '../../../paths';

type QuickLink = { label: string; to: string; icon: ComponentType<{ size?: number }> };

/** Part 1 §2.1: the organisation's inventory with several branches or no primary one, else the primary branch's. */
export function inventoryPath(user: CurrentUser): string | null {
  if (user.organizationBranches.length > 1 || !user.primaryBranchSlug) {
    return user.organizationSlug ? paths.organizationInventory(user.organizationSlug) : null;
  }
  return paths.branchInventory(user.primaryBranchSlug);
}

export function supplierQuickLinks(user: CurrentUser): QuickLink[] {
  const inventory = inventoryPath(user);
  return [
    { label: 'Orders', to: paths.ordersTab('supplier'), icon: IconPackage },
    { label: 'Messages', to: paths.messages, icon: IconMail },
    ...(user.dashboardAccess ? [{ label: 'Analytics', to: paths.analytics, icon: IconChartBar }] : []),
    ...(inventory ? [{ label: 'Inventory', to: inventory, icon: IconBuildingWarehouse }] : []),
  ];
}

export const buyerQuickLinks: QuickLink[] = [
  { label: 'Saved Carts', to: paths.carts, icon: IconBookmark },
  { label: 'Messages', to: paths.messages, icon: IconMail },
  { label: 'Hubsheets', to: paths.hubsheets, icon: IconFileSpreadsheet },
  { label: 'Orders', to: paths.ordersTab('buyer'), icon: IconPackage },
];

/** A card of quick links (supplier or buyer, part 1 §2.1). */
export function QuickLinksCard({
  title,
  links,
  testId,
}: {
  title: string;
  links: QuickLink[];
  testId: string;
}) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title} data-testid={testId}>
      <Title order={2} size="h5" mb="sm">
        {title}
      </Title>
      <SimpleGrid cols={2} spacing="xs">
        {links.map((link) => {
          const Icon = link.icon;
          return (
            <UnstyledButton
              key={link.label}
              component={Link}
              to={link.to}
              p="sm"
              style={{
                border: '1px solid var(--mantine-color-gray-3)',
                borderRadius: 8,
                textAlign: 'center',
              }}
            >
              <ThemeIcon variant="light" size={32} radius="md" mx="auto" aria-hidden>
                <Icon size={18} />
              </ThemeIcon>
              <Text size="sm" fw={600} mt={6}>
                {link.label}
              </Text>
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
    </Card>
  );
}
