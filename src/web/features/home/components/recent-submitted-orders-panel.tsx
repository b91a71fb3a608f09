import { Anchor, Badge, Box, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { dashboardLimits } from '../../../../domain/dashboard/dashboard-layout';
import type { SubmittedCartWithOrders } from '../../../../domain/dashboard/dashboard-views';
import { formatMoney } from '../../../../domain/money';
import { paths } from '../../../paths';
import { submittedCartsQueryOptions } from '../api/dashboard-api';
import { DashboardPanel, PanelState } from './dashboard-panel';
import { shortDate } from './dates';

function SubmittedCart({ cart }: { cart: SubmittedCartWithOrders }) {
  const [allOrders, setAllOrders] = useState(false);
  const orders = allOrders ? cart.orders : cart.orders.slice(0, dashboardLimits.nestedOrdersShown);
  return (
    <Box py="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }} data-testid="submitted-cart">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Anchor component={Link} to={paths.cartSubmitted(cart.id)} fw={600} lineClamp={1}>
            {cart.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {[
              cart.jobData.externalJobNumber && `Job ${cart.jobData.externalJobNumber}`,
              cart.submittedAt && `Submitted ${shortDate(cart.submittedAt)}`,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </div>
        <Text fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatMoney(cart.totalPrice)}
        </Text>
      </Group>
      <Stack gap={4} mt={6} pl="sm" style={{ borderLeft: '2px solid var(--mantine-color-hedge-1)' }}>
        {orders.map((order) => (
          <Group
            key={order.id}
            justify="space-between"
            wrap="wrap"
            gap={6}
            data-testid="submitted-cart-order"
          >
            <Group gap={8} wrap="wrap" style={{ minWidth: 0, flex: '1 1 200px' }}>
              <Anchor component={Link} to={paths.order(order.id)} size="sm">
                {order.branch.name}
              </Anchor>
              <Badge size="sm" variant="light" color={order.displayState.color} style={{ flexShrink: 0 }}>
                {order.displayState.label}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed">
              {[
                `${order.productCount} ${order.productCount === 1 ? 'product' : 'products'}`,
                order.fulfillmentType === 'delivery' ? 'Delivery' : 'Pickup',
                order.expectedOn && `Expected ${shortDate(order.expectedOn)}`,
                formatMoney(order.total),
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </Group>
        ))}
        {!allOrders && cart.orders.length > dashboardLimits.nestedOrdersShown && (
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => setAllOrders(true)}
            style={{ alignSelf: 'flex-start' }}
          >
            Show More Suppliers
          </Button>
        )}
      </Stack>
    </Box>
  );
}

/**
 * Recent Submitted Orders (part 1 §2.1): submitted carts with their orders; 5 shown, Show More adds
 * 10 while fewer than 15 are shown; 3 orders per cart, then Show More Suppliers.
 */
export function RecentSubmittedOrdersPanel() {
  const query = useQuery(submittedCartsQueryOptions());
  const [shown, setShown] = useState<number>(dashboardLimits.submittedCartsShown);
  const carts = query.data?.results ?? [];
  const visible = carts.slice(0, shown);
  return (
    <DashboardPanel
      title="Recent Submitted Orders"
      viewAllTo={paths.submittedCarts}
      testId="recent-submitted-orders"
    >
      <PanelState
        isPending={query.isPending}
        error={query.error}
        title="Your submitted orders could not be loaded"
        onRetry={() => void query.refetch()}
      />
      {query.isSuccess && carts.length === 0 && (
        <Text c="dimmed" size="sm">
          Carts you submit appear here with the order sent to each supplier.
        </Text>
      )}
      {visible.map((cart) => (
        <SubmittedCart key={cart.id} cart={cart} />
      ))}
      {shown < dashboardLimits.submittedCartsMax && carts.length > shown && (
        <Button
          variant="subtle"
          mt="xs"
          fullWidth
          onClick={() =>
            setShown(Math.min(shown + dashboardLimits.submittedCartsStep, dashboardLimits.submittedCartsMax))
          }
        >
          Show More
        </Button>
      )}
    </DashboardPanel>
  );
}
