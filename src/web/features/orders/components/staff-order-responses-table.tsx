import { Table } from '@mantine/core';
import { DateTime } from '../../../ui/date-time';
import { usePhoneCards } from '../../../ui/phone-cards';
import type { AdminOrderDetail } from '../api/staff-orders';
import { EmptyTableRow } from './empty-table-row';
import { moneyOrDash } from './staff-order-labels';

/** The supplier's answers to each version's purchase order. */
export function StaffOrderResponsesTable({ order }: { order: AdminOrderDetail }) {
  const phoneCards = usePhoneCards();
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table ref={phoneCards} className="phone-cards" striped data-testid="order-responses">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Version</Table.Th>
            <Table.Th>Answer</Table.Th>
            <Table.Th>Shipping</Table.Th>
            <Table.Th>Reason / comment</Table.Th>
            <Table.Th>When</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.responses.map((response) => (
            <Table.Tr key={`${response.version}-${response.respondedAt}`}>
              <Table.Td>{response.version}</Table.Td>
              <Table.Td>{response.respondedWith.replaceAll('_', ' ')}</Table.Td>
              <Table.Td>
                {[
                  response.shippingMode,
                  response.shippingAmount !== null ? moneyOrDash(response.shippingAmount) : null,
                ]
                  .filter(Boolean)
                  .join(' · ') || '—'}
              </Table.Td>
              <Table.Td>{[response.reason, response.comment].filter(Boolean).join(' — ') || '—'}</Table.Td>
              <Table.Td>
                <DateTime value={response.respondedAt} />
              </Table.Td>
            </Table.Tr>
          ))}
          {order.responses.length === 0 && (
            <EmptyTableRow span={5} text="The supplier has not answered yet." />
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
