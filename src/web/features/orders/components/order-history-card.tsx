import { Box, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { productName } from '../../../../domain/brand';
import { staffEventLabels } from '../../../../domain/orders/order-staff-actions';
import { type OrderEvent, orderEvents } from '../../../../domain/orders/order-states';
import type { OrderDetail, OrderParties } from '../api/order-api';
import { formatDateTime } from './order-dates';

const eventLabels: Partial<Record<OrderEvent, string>> = {
  submit: 'Submitted the order',
  send_purchase_order: 'Sent the purchase order to the supplier',
  staff_review: `Held the order for ${productName} review`,
  needs_payment_info: 'Held the order for payment information',
  confirm: 'Confirmed the order',
  propose_changes: 'Proposed changes',
  buyer_propose_changes: 'Proposed a date change',
  accept_proposal: 'Accepted the proposed changes',
  accept_proposal_for_delivery: 'Accepted the proposed changes',
  reject_proposal: 'Rejected the proposed changes',
  reject: 'Rejected the order',
  schedule_fulfillment: 'Scheduled fulfilment',
  fulfill: 'Fulfilled the order',
  ready_to_invoice: 'Made the order ready to invoice',
  invoice: 'Invoiced the order',
  pay: 'Paid the invoice',
  cancel: 'Cancelled the order',
};
const ownEventLabels: Record<string, string> = {
  contact_supplier: 'Contacted the supplier',
  item_removed: 'Removed an item',
};

/** What the event says beyond its name: the reason a buyer wrote and the words of either side. */
function EventDetail({ event }: { event: OrderDetail['events'][number] }) {
  if (!event.comment && !event.contactReason && !event.shippingNotes) return null;
  return (
    <>
      {(event.comment || event.contactReason) && (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-wrap' }} data-testid="order-history-comment">
          {[event.contactReason, event.comment ? `“${event.comment}”` : null].filter(Boolean).join(': ')}
        </Text>
      )}
      {event.shippingNotes && (
        <Text
          size="xs"
          c="dimmed"
          style={{ whiteSpace: 'pre-wrap' }}
          data-testid="order-history-shipping-notes"
        >
          Shipping notes: {event.shippingNotes}
        </Text>
      )}
    </>
  );
}
const eventLabel = (name: string) =>
  (orderEvents as readonly string[]).includes(name)
    ? eventLabels[name as OrderEvent]
    : (ownEventLabels[name] ?? staffEventLabels[name] ?? name.replace(/_/g, ' '));

/** What happened to the order, newest first, and who did it. */
export function OrderHistoryCard({ order, parties }: { order: OrderDetail; parties: OrderParties | null }) {
  const events = [...order.events].reverse();
  const narrow = useMediaQuery('(max-width: 36em)');
  const who = (userId: number | null) =>
    userId === null ? productName : (parties?.userNames[String(userId)] ?? (parties ? productName : ''));
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="xs">
        History
      </Title>
      {events.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing has happened to this order yet.
        </Text>
      ) : narrow ? (
        <Stack gap={0} data-testid="order-history">
          {events.map((event, index) => (
            <Box
              key={event.id}
              py={6}
              data-testid="order-history-row"
              style={index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-3)' } : undefined}
            >
              <Text size="sm">{eventLabel(event.name)}</Text>
              <EventDetail event={event} />
              <Text size="xs" c="dimmed">
                {[formatDateTime(event.createdAt), who(event.userId)].filter(Boolean).join(' · ')}
              </Text>
            </Box>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={360}>
          <Table verticalSpacing={6} data-testid="order-history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>What</Table.Th>
                <Table.Th>Who</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {events.map((event) => (
                <Table.Tr key={event.id} data-testid="order-history-row">
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(event.createdAt)}</Table.Td>
                  <Table.Td>
                    {eventLabel(event.name)}
                    <EventDetail event={event} />
                  </Table.Td>
                  <Table.Td>{who(event.userId)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
