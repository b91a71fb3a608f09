import { Table } from '@mantine/core';
import { versionReasonLabels } from '../../../../domain/orders/order-staff-actions';
import { DateTime } from '../../../ui/date-time';
import { usePhoneCards } from '../../../ui/phone-cards';
import type { AdminOrderDetail } from '../api/staff-orders';
import { EmptyTableRow } from './empty-table-row';
import { OrderVersionDocuments } from './order-version-documents';

/** Every version of the order with its reason and its own documents. */
export function StaffOrderVersionsTable({ order }: { order: AdminOrderDetail }) {
  const phoneCards = usePhoneCards();
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table ref={phoneCards} className="phone-cards" striped data-testid="order-versions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Version</Table.Th>
            <Table.Th>Reason</Table.Th>
            <Table.Th>When</Table.Th>
            <Table.Th>Documents</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.versions.map((version) => (
            <Table.Tr key={version.version} data-testid="order-version-row">
              <Table.Td>
                {version.version}
                {version.version === order.version ? ' (current)' : ''}
              </Table.Td>
              <Table.Td>
                {version.reason ? (versionReasonLabels[version.reason] ?? version.reason) : '—'}
              </Table.Td>
              <Table.Td>
                <DateTime value={version.createdAt} />
              </Table.Td>
              <Table.Td>
                <OrderVersionDocuments orderId={order.id} version={version.version} gap="sm" wrap="nowrap" />
              </Table.Td>
            </Table.Tr>
          ))}
          {order.versions.length === 0 && <EmptyTableRow span={4} text="No versions yet." />}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
