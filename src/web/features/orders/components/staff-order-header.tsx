import { Alert, Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { paths } from '../../../paths';
import { DateTime } from '../../../ui/date-time';
import type { AdminOrderDetail } from '../api/staff-orders';
import { stateName } from './staff-order-labels';

/** The staff order page's heading: number, buyer-facing badge, raw state, both parties and deactivation. */
export function StaffOrderHeader({ order }: { order: AdminOrderDetail }) {
  return (
    <Stack gap={4} mb="md">
      <Group gap="sm" align="center" wrap="wrap">
        <Title order={2}>Order {order.orderNumber}</Title>
        <Badge variant="light" color={order.displayState.color} tt="none" data-testid="order-buyer-badge">
          {order.displayState.label}
        </Badge>
        {order.deactivated && (
          <Badge variant="filled" color="gray" tt="none" data-testid="order-deactivated-badge">
            Deactivated
          </Badge>
        )}
      </Group>
      <Text fw={500}>{order.name}</Text>
      <Text size="sm" data-testid="order-state">
        State: <strong>{stateName(order.state)}</strong> ({order.state})
      </Text>
      <Text c="dimmed" size="sm">
        {order.buyer.organizationName} buys from {order.supplier.organizationName} (
        {order.supplier.branchName}) ·{' '}
        <Anchor href={paths.order(order.id)} inherit>
          Open as the order page
        </Anchor>
      </Text>
      {order.deactivated && (
        <Alert color="gray" variant="light" mt="xs" data-testid="order-deactivated">
          Deactivated <DateTime value={order.deactivated.at} />: the order is out of the buyer's and the
          supplier's order lists and they cannot change it.
          {order.deactivated.reason && <> Reason: {order.deactivated.reason}</>}
        </Alert>
      )}
    </Stack>
  );
}
