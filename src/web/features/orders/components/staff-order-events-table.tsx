import { Table } from '@mantine/core';
import { staffEventLabels } from '../../../../domain/orders/order-staff-actions';
import type { OrderEvent } from '../../../../domain/orders/order-states';
import { DateTime } from '../../../ui/date-time';
import { usePhoneCards } from '../../../ui/phone-cards';
import { useOrderParties } from '../api/order-api';
import type { AdminOrderDetail } from '../api/staff-orders';
import { EmptyTableRow } from './empty-table-row';
import { moveLabels, stateName } from './staff-order-labels';

/** The order's events, oldest first, with the raw move, both states and who made it. */
export function StaffOrderEventsTable({ order }: { order: AdminOrderDetail }) {
  const phoneCards = usePhoneCards();
  // Names behind the events, when the order's parties answer (they name the users of the order).
  const parties = useOrderParties(order.id);
  const names = parties.data?.userNames ?? {};
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table ref={phoneCards} className="phone-cards" striped data-testid="order-events">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Event</Table.Th>
            <Table.Th>From → to</Table.Th>
            <Table.Th>Who</Table.Th>
            <Table.Th>Reason</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.events.map((event) => (
            <Table.Tr key={event.id}>
              <Table.Td>
                <DateTime value={event.createdAt} />
              </Table.Td>
              <Table.Td>
                {moveLabels[event.name as OrderEvent] ??
                  staffEventLabels[event.name] ??
                  event.name.replaceAll('_', ' ')}
              </Table.Td>
              <Table.Td>
                {stateName(event.fromState)} → {stateName(event.toState)}
              </Table.Td>
              <Table.Td>
                {event.userId === null ? '—' : (names[String(event.userId)] ?? `User #${event.userId}`)}
              </Table.Td>
              <Table.Td>{event.reason ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
          {order.events.length === 0 && <EmptyTableRow span={5} text="No events yet." />}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
