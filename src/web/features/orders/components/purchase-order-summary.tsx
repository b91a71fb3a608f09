import { Box, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatMoney } from '../../../ui/money';
import type { AnyOrderLine } from '../api/order-api';
import { formatDay, type WorkflowOrder } from '../api/order-workflow-api';

/** What the supplier is asked to answer: number, buyer, date, fulfilment, notes, items and total. */
export function PurchaseOrderSummary({
  order,
  buyerName,
}: {
  order: WorkflowOrder;
  buyerName: string | null;
}) {
  const address = order.deliveryAddress;
  // The supplier reads this page, so its lines carry totalSupplierPrice.
  const items: AnyOrderLine[] = order.items;
  return (
    <Paper withBorder p="md" radius="md">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
        <Field label="Order number">{order.orderNumber}</Field>
        <Field label="Buyer">{buyerName ?? '—'}</Field>
        <Field label="Requested date">{formatDay(order.requestedOn)}</Field>
        <Field label={order.pickup ? 'Pickup' : 'Delivery'}>
          {order.pickup ? (
            'The buyer picks up the order'
          ) : address ? (
            <span data-testid="delivery-address">
              {address.name}
              <br />
              {address.street1}
              {address.street2 ? `, ${address.street2}` : ''}
              <br />
              {address.city}, {address.state} {address.postalCode}
              <br />
              {address.phone}
            </span>
          ) : (
            'Delivery (no address given)'
          )}
        </Field>
      </SimpleGrid>
      {(order.deliveryInstructions || order.buyerToSupplierNotes) && (
        <Stack gap={4} mt="md">
          {order.deliveryInstructions && (
            <Text size="sm">
              <b>Delivery instructions:</b> {order.deliveryInstructions}
            </Text>
          )}
          {order.buyerToSupplierNotes && (
            <Text size="sm">
              <b>Notes from the buyer:</b> {order.buyerToSupplierNotes}
            </Text>
          )}
        </Stack>
      )}
      <Stack gap="xs" mt="md">
        <Text fw={600}>Items</Text>
        {items.map((item) => (
          <Group
            key={item.id}
            justify="space-between"
            align="flex-start"
            wrap="nowrap"
            gap="sm"
            data-testid="respond-item-row"
            style={{ borderTop: '1px solid var(--mantine-color-gray-2)', paddingTop: 8 }}
          >
            <Box miw={0}>
              <Text fw={500}>{item.primaryName}</Text>
              <Text size="sm" c="dimmed">
                {[item.secondaryName, item.size, ...item.characteristics].filter(Boolean).join(' · ')}
              </Text>
            </Box>
            <Box ta="right" style={{ flexShrink: 0 }}>
              <Text size="sm">
                {item.quantity} {item.unit} ×{' '}
                {item.supplierPrice == null ? '—' : formatMoney(item.supplierPrice)}
              </Text>
              <Text fw={600} data-testid="respond-item-total">
                {formatMoney(item.totalSupplierPrice ?? 0)}
              </Text>
            </Box>
          </Group>
        ))}
        <Group
          justify="space-between"
          style={{ borderTop: '1px solid var(--mantine-color-gray-3)', paddingTop: 8 }}
        >
          <Text fw={600}>Total</Text>
          <Text fw={700}>{formatMoney(order.total)}</Text>
        </Group>
      </Stack>
    </Paper>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="div">{children}</Text>
    </Box>
  );
}
