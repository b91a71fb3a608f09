import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { productName } from '../../../../domain/brand';
import { formatAmount } from '../../../../domain/money';
import { responsePane } from '../../../../domain/orders/order-response-pane';
import type { OrderDetail } from '../api/order-api';
import { formatDay } from './order-dates';

/**
 * The supplier's answer to the current version, where the buyer reads it: the response pane's state
 * (responsePane in src/domain/orders), the supplier's comment to the buyer, the shipping it charges
 * and its shipping notes.
 */
export function SupplierAnswerCard({ order }: { order: OrderDetail }) {
  const response = order.currentSupplierPurchaseOrderResponse ?? order.responses.at(-1) ?? null;
  const state = responsePane({
    state: order.state,
    audience: order.audience,
    currentResponse: order.currentSupplierPurchaseOrderResponse,
  });
  const supplier = order.audience === 'supplier';
  if (!state) return null;
  return (
    <Paper withBorder p="md" radius="md" data-testid="supplier-answer" data-pane={state.key}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} size="h4">
          {supplier ? 'Your answer' : "Supplier's answer"}
        </Title>
        <Badge color={state.color} variant="light" data-testid="supplier-answer-state">
          {state.label}
        </Badge>
      </Group>
      <Stack gap={6}>
        <Text size="sm" data-testid="supplier-answer-text">
          {state.text}
        </Text>
        {response && (
          <Text size="xs" c="dimmed">
            Answered {formatDay(response.respondedAt)} (version {response.version})
          </Text>
        )}
        {response?.comment && (
          <div>
            <Text size="xs" fw={600} c="dimmed">
              {supplier ? 'Your comment to the buyer' : 'Comment from the supplier'}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="supplier-answer-comment">
              {response.comment}
            </Text>
          </div>
        )}
        {response?.shippingAmount != null && response.shippingMode !== 'platform_ship' && (
          <Text size="sm">
            Shipping by the supplier: <b>{formatAmount(response.shippingAmount)}</b>
          </Text>
        )}
        {response?.shippingMode === 'platform_ship' && (
          // Once the logistics team priced it (issue 16), the freight is the order's shipping amount.
          <Text size="sm" data-testid="platform-freight">
            {order.freightPending || response.shippingAmount == null ? (
              `${productName} arranges the freight (Freight Pending).`
            ) : (
              <>
                {productName} arranges the freight: <b>{formatAmount(response.shippingAmount)}</b>
              </>
            )}
          </Text>
        )}
        {response?.shippingNotes && (
          <div>
            <Text size="xs" fw={600} c="dimmed">
              Shipping notes
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="supplier-answer-shipping-notes">
              {response.shippingNotes}
            </Text>
          </div>
        )}
      </Stack>
    </Paper>
  );
}
