import { Anchor, Badge, Group, Stack, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '../../../../domain/money';
import { paths } from '../../../paths';
import { recentOrdersQueryOptions } from '../api/dashboard-api';
import { DashboardPanel, PanelState } from './dashboard-panel';
import { shortDate } from './dates';

type Tab = 'buyer' | 'supplier';

function OrdersOfTab({ tab }: { tab: Tab }) {
  const query = useQuery(recentOrdersQueryOptions(tab));
  const orders = query.data?.results ?? [];
  return (
    <>
      <PanelState
        isPending={query.isPending}
        error={query.error}
        title="Your recent orders could not be loaded"
        onRetry={() => void query.refetch()}
      />
      {query.isSuccess && orders.length === 0 && (
        <Text c="dimmed" size="sm" py="xs">
          {tab === 'supplier' ? 'Orders from buyers appear here.' : 'Orders you place appear here.'}
        </Text>
      )}
      <Stack gap={0}>
        {orders.map((order) => (
          <Group
            key={order.id}
            justify="space-between"
            wrap="nowrap"
            py="xs"
            gap="sm"
            style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
            data-testid="recent-order"
          >
            <div style={{ minWidth: 0 }}>
              <Anchor component={Link} to={paths.order(order.id)} fw={600} lineClamp={1}>
                {order.name}
              </Anchor>
              <Group gap={8} wrap="wrap" mt={2}>
                <Badge size="sm" variant="light" color={order.displayState.color}>
                  {order.displayState.label}
                </Badge>
                <Text size="xs" c="dimmed">
                  {[
                    `#${order.orderNumber}`,
                    tab === 'supplier' ? order.buyerOrganization.name : order.branch.name,
                    order.fulfillment === 'delivery' ? 'Delivery' : 'Pickup',
                    order.requestedOn && `Expected ${shortDate(order.requestedOn)}`,
                    `Submitted ${shortDate(order.submittedAt)}`,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </Group>
            </div>
            <Text fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(order.total)}
            </Text>
          </Group>
        ))}
      </Stack>
    </>
  );
}

/** Recent Orders (part 1 §2.1): buyer and supplier tabs, the 3 newest submissions of each. */
export function RecentOrdersPanel({ tabs }: { tabs: Tab[] }) {
  const [active, setActive] = useState<Tab>(tabs[0]);
  return (
    <DashboardPanel title="Recent Orders" viewAllTo={paths.ordersTab(active)} testId="recent-orders">
      {tabs.length > 1 ? (
        <Tabs value={active} onChange={(value) => value && setActive(value as Tab)} keepMounted={false}>
          <Tabs.List mb="xs">
            <Tabs.Tab value="buyer">Buyer</Tabs.Tab>
            <Tabs.Tab value="supplier">Supplier</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="buyer">
            <OrdersOfTab tab="buyer" />
          </Tabs.Panel>
          <Tabs.Panel value="supplier">
            <OrdersOfTab tab="supplier" />
          </Tabs.Panel>
        </Tabs>
      ) : (
        <OrdersOfTab tab={active} />
      )}
    </DashboardPanel>
  );
}
