import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { OrderDetail, OrderParties } from '../api/order-api';
import { formatDay } from './order-dates';

/** The order's number, state, name, the other party and when it was submitted. */
export function OrderHeader({ order, parties }: { order: OrderDetail; parties: OrderParties | null }) {
  const counterpart = (() => {
    if (!parties) return null;
    // Branch names often already start with the company's name ('Blue Ridge Growers - Greenville').
    const supplier = parties.branchName.startsWith(parties.supplierOrganizationName)
      ? parties.branchName
      : `${parties.supplierOrganizationName} - ${parties.branchName}`;
    if (order.audience === 'supplier')
      return `Buyer: ${parties.buyerOrganizationName} (${parties.buyerFullName})`;
    if (order.audience === 'buyer') return `Supplier: ${supplier}`;
    return `Buyer: ${parties.buyerOrganizationName} · Supplier: ${supplier}`;
  })();
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap={6}>
        <Group gap="sm" wrap="wrap">
          <Title order={1} size="h2">
            Order {order.orderNumber}
          </Title>
          <Badge variant="light" size="lg" color={order.displayState.color} data-testid="order-state-badge">
            {order.displayState.label}
          </Badge>
        </Group>
        <Text fw={600}>{order.name}</Text>
        {counterpart && (
          <Text size="sm" data-testid="order-counterpart">
            {counterpart}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          {[
            `Submitted ${formatDay(order.submittedAt)}`,
            `Version ${order.version}`,
            order.jobNumber && `Job # ${order.jobNumber}`,
            order.jobPhase && `Phase ${order.jobPhase}`,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      </Stack>
    </Paper>
  );
}
