import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { productName } from '../../../../domain/brand';
import { type RespondedWith, supplierChangeReasons } from '../../../../domain/orders/order-responses';
import { paths } from '../../../paths';
import { formatMoney } from '../../../ui/money';
import type { OrderResponseView, WorkflowOrder } from '../api/order-workflow-api';

const respondedWithLabels: Record<RespondedWith, string> = {
  confirm_order: 'Confirmed the order',
  confirm_with_shipping: 'Confirmed the order with shipping by the supplier',
  confirm_with_platform_shipping: `Confirmed the order; ${productName} arranges freight`,
  reject_order: 'Rejected the order',
  changes_requested: 'Requested changes',
};

const reasonLabel = (value: string | null) =>
  supplierChangeReasons.find((entry) => entry.value === value)?.label ?? value;

/** The response pane's confirmation (spec part 3 §2.2). */
export function ResponseConfirmation({
  order,
  respondedWith,
  response,
  updatedNow = false,
}: {
  order: WorkflowOrder;
  respondedWith: RespondedWith;
  response?: OrderResponseView;
  updatedNow?: boolean;
}) {
  const rejected = respondedWith === 'reject_order';
  const copy = rejected
    ? updatedNow
      ? 'Thank you! This order is under review.'
      : 'This order is under review.'
    : updatedNow
      ? 'Thank you. Your feedback has been sent to the buyer.'
      : 'Your feedback has been sent to the buyer.';
  return (
    <Paper withBorder p="xl" radius="md" data-testid="respond-confirmation">
      <Stack align="center" ta="center" gap="sm">
        <IconCircleCheck size={48} color="var(--mantine-color-green-6)" aria-hidden />
        <Title order={2} size="h3">
          Purchase order {order.orderNumber}
        </Title>
        <Text size="lg" data-testid="respond-confirmation-copy">
          {copy}
        </Text>
        {response && (
          <Stack gap={2} data-testid="response-summary">
            <Text size="sm" c="dimmed">
              {respondedWithLabels[response.respondedWith]} on{' '}
              {new Date(response.respondedAt).toLocaleDateString('en-US', {
                month: 'short',
                day: 'numeric',
                year: 'numeric',
              })}
              {response.shippingAmount != null ? ` · Shipping ${formatMoney(response.shippingAmount)}` : ''}
            </Text>
            {response.reason && (
              <Text size="sm" c="dimmed">
                Reason: {reasonLabel(response.reason)}
              </Text>
            )}
            {response.comment && (
              <Text size="sm" c="dimmed">
                “{response.comment}”
              </Text>
            )}
          </Stack>
        )}
        <Group justify="center" gap="sm" mt="sm">
          <Button component={Link} to={paths.ordersNeedingResponse}>
            Review More Orders
          </Button>
          {rejected ? (
            <Button component={Link} to={paths.order(order.id)} variant="default">
              View Order Details
            </Button>
          ) : (
            <Anchor component={Link} to={paths.order(order.id)} size="sm">
              Back to the order
            </Anchor>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
