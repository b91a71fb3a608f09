import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatMoney } from '../../../ui/money';
import type { AnyOrderAmounts, OrderDetail } from '../api/order-api';

const amountLabels = [
  ['originalSubtotal', 'Original subtotal'],
  ['discountAmount', 'Discount'],
  ['subtotal', 'Subtotal'],
  ['shipping', 'Shipping'],
  ['taxes', 'Estimated tax'],
] as const;

/** The order's amounts for the viewer's side; the discount lines only when there is a discount. */
export function OrderAmountsCard({ order }: { order: OrderDetail }) {
  const amounts: AnyOrderAmounts = order.amounts;
  const hasDiscount = (amounts.discountAmount ?? 0) !== 0;
  const lines = amountLabels.filter(([key]) => {
    const value = amounts[key];
    if (value === undefined || value === null) return false;
    if ((key === 'originalSubtotal' || key === 'discountAmount') && !hasDiscount) return false;
    return true;
  });
  return (
    <Paper withBorder p="md" radius="md" data-testid="order-amounts">
      <Title order={2} size="h4" mb="xs">
        {order.audience === 'supplier' ? 'What you receive' : 'Amounts'}
      </Title>
      <Stack gap={4}>
        {lines.map(([key, label]) => (
          <Group key={key} justify="space-between" wrap="nowrap">
            <Text size="sm">{label}</Text>
            <Text size="sm">
              {key === 'discountAmount'
                ? `-${formatMoney(amounts[key] ?? 0)}`
                : formatMoney(amounts[key] ?? 0)}
            </Text>
          </Group>
        ))}
        <Group
          justify="space-between"
          wrap="nowrap"
          pt={4}
          style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
        >
          <Text fw={700}>Total</Text>
          <Text fw={700} data-testid="order-total">
            {formatMoney(amounts.total ?? order.total)}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
