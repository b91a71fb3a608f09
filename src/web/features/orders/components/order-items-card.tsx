import { Box, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { priceBasisLabels } from '../../../../domain/orders/order-amounts';
import { formatNumber } from '../../../../domain/text/number-format';
import { formatMoney } from '../../../ui/money';
import type { AnyOrderLine, OrderDetail, OrderItemDetail } from '../api/order-api';
import { RemoveItemButton, useCanRemoveItems } from './remove-item-button';

/** The viewer's prices: what the supplier receives, or what the buyer pays. */
function pricesOf(order: OrderDetail, item: AnyOrderLine) {
  if (order.audience === 'supplier') {
    return { unit: item.supplierPrice ?? null, total: item.totalSupplierPrice ?? null };
  }
  return { unit: item.price ?? null, total: item.total ?? null };
}

function ItemDescription({ item }: { item: OrderItemDetail }) {
  const details = [item.size, ...item.characteristics].filter(Boolean).join(', ');
  return (
    <>
      <Text size="sm" fw={600}>
        {item.primaryName}
      </Text>
      {item.secondaryName && (
        <Text size="xs" c="dimmed">
          {item.secondaryName}
        </Text>
      )}
      {details && <Text size="xs">{details}</Text>}
      {item.sharedNotes && (
        <Text size="xs" c="dimmed" fs="italic">
          {item.sharedNotes}
        </Text>
      )}
    </>
  );
}

const quantityText = (item: OrderItemDetail) =>
  `${formatNumber(item.quantity)} ${item.unit === 'each' ? 'ea' : item.unit}`;
const unitPriceText = (unit: number | null) => (unit === null ? 'To be priced' : formatMoney(unit));
const lineTotalText = (prices: { unit: number | null; total: number | null }) =>
  prices.total === null || prices.unit === null ? '-' : formatMoney(prices.total);

/** The order's lines with the viewer's prices: a table, or stacked lines on phones. */
export function OrderItemsCard({ order }: { order: OrderDetail }) {
  // On phones each line stacks; wider screens get the table.
  const narrow = useMediaQuery('(max-width: 36em)');
  const removable = useCanRemoveItems(order);
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="xs">
        Items ({order.items.length})
      </Title>
      {narrow ? (
        <Stack gap={0} data-testid="order-items">
          {order.items.map((item, index) => {
            const prices = pricesOf(order, item);
            return (
              <Box
                key={item.id}
                py="sm"
                data-testid="order-item-row"
                style={index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-3)' } : undefined}
              >
                <ItemDescription item={item} />
                <Group justify="space-between" mt={6} wrap="nowrap" gap="xs">
                  <Text size="sm">{quantityText(item)}</Text>
                  <Text size="sm" c="dimmed">
                    × <span data-testid="order-item-price">{unitPriceText(prices.unit)}</span>
                  </Text>
                  <Text size="sm" fw={600} data-testid="order-item-total">
                    {lineTotalText(prices)}
                  </Text>
                </Group>
                {removable && <RemoveItemButton order={order} itemId={item.id} />}
              </Box>
            );
          })}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" data-testid="order-items">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Item</Table.Th>
                <Table.Th ta="right">Quantity</Table.Th>
                <Table.Th ta="right">
                  {priceBasisLabels[order.audience === 'supplier' ? 'supplier' : 'buyer']}
                </Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                {removable && (
                  <Table.Th>
                    <VisuallyHidden>Remove</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.items.map((item) => {
                const prices = pricesOf(order, item);
                return (
                  <Table.Tr key={item.id} data-testid="order-item-row">
                    <Table.Td>
                      <ItemDescription item={item} />
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {quantityText(item)}
                    </Table.Td>
                    <Table.Td ta="right" data-testid="order-item-price">
                      {unitPriceText(prices.unit)}
                    </Table.Td>
                    <Table.Td ta="right" data-testid="order-item-total">
                      {lineTotalText(prices)}
                    </Table.Td>
                    {removable && (
                      <Table.Td>
                        <RemoveItemButton order={order} itemId={item.id} />
                      </Table.Td>
                    )}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
