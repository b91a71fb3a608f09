import { Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconTruckDelivery } from '@tabler/icons-react';
import { useFeatures } from '../../../api/features';
import type { OrderDetail, OrderParties } from '../api/order-api';
import { formatCalendarDay } from './order-dates';

/** Pickup or delivery: the date, the branch or the delivery address, and the delivery instructions. */
export function OrderFulfillmentCard({
  order,
  parties,
}: {
  order: OrderDetail;
  parties: OrderParties | null;
}) {
  const { isOn } = useFeatures();
  const address = order.deliveryAddress;
  return (
    <Paper withBorder p="md" radius="md" data-testid="order-fulfillment">
      <Group gap="xs" mb="xs">
        <IconTruckDelivery size={18} />
        <Title order={2} size="h4">
          {order.fulfillment === 'pickup' ? 'Pickup' : 'Delivery'}
        </Title>
      </Group>
      <Stack gap={2}>
        {order.requestedOn && (
          <Text size="sm">
            {order.fulfillment === 'pickup' ? 'Pickup date' : 'Requested delivery'}:{' '}
            {formatCalendarDay(order.requestedOn)}
          </Text>
        )}
        {order.fulfillment === 'pickup' ? (
          <>
            <Text size="sm" fw={600}>
              Pickup at {parties?.branchName ?? 'the branch'}
            </Text>
            {parties?.branchAddress.map((line) => (
              <Text size="sm" key={line}>
                {line}
              </Text>
            ))}
          </>
        ) : address ? (
          <Box component="address" style={{ fontStyle: 'normal' }} data-testid="order-delivery-address">
            <Text size="sm" fw={600}>
              Delivery to {address.name}
            </Text>
            <Text size="sm">{address.street1}</Text>
            {address.street2 && <Text size="sm">{address.street2}</Text>}
            <Text size="sm">
              {address.city}, {address.state} {address.postalCode}
            </Text>
            {address.phone && <Text size="sm">{address.phone}</Text>}
            {address.contactName && (
              <Text size="sm" data-testid="order-delivery-contact">
                On-site contact: {address.contactName}
              </Text>
            )}
          </Box>
        ) : (
          <Text size="sm" c="dimmed">
            No delivery address yet
          </Text>
        )}
        {order.fulfillment === 'delivery' &&
          isOn('DELIVERY_INSTRUCTIONS') &&
          order.deliveryInstructions?.trim() && (
            <Box mt="xs" data-testid="order-delivery-instructions">
              <Text size="xs" fw={700} tt="uppercase" c="dimmed">
                Delivery instructions
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {order.deliveryInstructions}
              </Text>
            </Box>
          )}
      </Stack>
    </Paper>
  );
}
