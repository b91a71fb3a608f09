import { SimpleGrid, Table, Text } from '@mantine/core';
import { priceBasisLabels } from '../../../../domain/orders/order-amounts';
import { usePhoneCards } from '../../../ui/phone-cards';
import type { AnyOrderLine } from '../api/order-api';
import type { AdminOrderDetail } from '../api/staff-orders';
import { OrderAmountLines } from './order-amounts-card';
import { moneyOrDash } from './staff-order-labels';

/** Every line with the buyer's, the supplier's and the book price, and the order's amounts below. */
export function StaffOrderItemsTable({ order }: { order: AdminOrderDetail }) {
  const phoneCards = usePhoneCards();
  // Staff get the buyer's lines and amounts, with the supplier's price added.
  const items: AnyOrderLine[] = order.items;
  return (
    <>
      <Table.ScrollContainer minWidth={760}>
        <Table ref={phoneCards} className="phone-cards" striped data-testid="order-items">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item</Table.Th>
              <Table.Th ta="right">Qty</Table.Th>
              <Table.Th ta="right">Buyer price</Table.Th>
              <Table.Th ta="right">Supplier price</Table.Th>
              <Table.Th ta="right">Book price</Table.Th>
              <Table.Th ta="right">Buyer total</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {item.primaryName}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {[item.secondaryName, item.size, item.unit].filter(Boolean).join(' · ')}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{item.quantity}</Table.Td>
                <Table.Td ta="right">{moneyOrDash(item.price)}</Table.Td>
                <Table.Td ta="right">{moneyOrDash(item.supplierPrice)}</Table.Td>
                <Table.Td ta="right">{moneyOrDash(item.bookPrice)}</Table.Td>
                <Table.Td ta="right">{moneyOrDash(item.total)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <SimpleGrid cols={{ base: 1, sm: 2 }} mt="sm" data-testid="staff-order-amounts">
        <div>
          <Text fw={600} size="sm" mb={4}>
            Buyer ({priceBasisLabels.buyer.toLowerCase()})
          </Text>
          <OrderAmountLines amounts={order.amounts} />
        </div>
        {order.supplierAmounts && (
          <div>
            <Text fw={600} size="sm" mb={4}>
              Supplier ({priceBasisLabels.supplier.toLowerCase()})
            </Text>
            <OrderAmountLines amounts={order.supplierAmounts} />
          </div>
        )}
      </SimpleGrid>
    </>
  );
}
