import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatAmount } from '../../../../domain/money';
import { amountEntries, type OrderAmounts, priceBasisLabels } from '../../../../domain/orders/order-amounts';
import type { OrderDetail } from '../api/order-api';

/**
 * The lines of an amount block as the server derived them (src/domain/orders/order-amounts.ts), in
 * order, negatives in parentheses; the total in bold under a rule. The PDFs and e-mails list the same.
 */
export function OrderAmountLines({ amounts, testId }: { amounts: OrderAmounts; testId?: string }) {
  return (
    <Stack gap={4} data-testid={testId}>
      {amountEntries(amounts).map(([key, entry]) => (
        <Group
          key={key}
          justify="space-between"
          wrap="nowrap"
          data-amount-key={key}
          pt={key === 'total' ? 4 : undefined}
          style={key === 'total' ? { borderTop: '1px solid var(--mantine-color-gray-3)' } : undefined}
        >
          <Text size="sm" fw={key === 'total' ? 700 : undefined}>
            {entry.label}
          </Text>
          <Text
            size="sm"
            fw={key === 'total' ? 700 : undefined}
            data-testid={key === 'total' ? 'order-total' : undefined}
          >
            {formatAmount(entry.data)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** The order's amounts for the viewer's side, saying whose prices they are. */
export function OrderAmountsCard({ order }: { order: OrderDetail }) {
  const supplier = order.audience === 'supplier';
  return (
    <Paper withBorder p="md" radius="md" data-testid="order-amounts">
      <Title order={2} size="h4" mb={2}>
        {supplier ? 'What you receive' : 'Amounts'}
      </Title>
      <Text size="xs" c="dimmed" mb="xs">
        {supplier
          ? `${priceBasisLabels.supplier}: what you receive for each item`
          : `${priceBasisLabels.buyer}: what you pay for each item`}
      </Text>
      <OrderAmountLines amounts={order.amounts} />
    </Paper>
  );
}
