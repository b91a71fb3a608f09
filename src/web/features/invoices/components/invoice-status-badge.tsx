import { Badge, Group, Text } from '@mantine/core';
import { partiallyPaidText, pastDueLabel } from '../../../../domain/invoices/invoice-states';
import type { Invoice } from '../api/invoices-api';

const colors: Record<Invoice['paymentStatus'], string> = {
  PAYMENT_REQUESTED: 'orange',
  PARTIALLY_PAID: 'orange',
  PAYMENT_PENDING: 'blue',
  PAID: 'green',
};

/** Part 3 §4.6: the status label, '(Partially paid)', and 'Past Due' on an unpaid late invoice. */
export function InvoiceStatusBadge({ invoice }: { invoice: Invoice }) {
  return (
    <Group gap={4} wrap="wrap" data-testid="invoice-status">
      <Badge color={colors[invoice.paymentStatus]} variant="light">
        {invoice.statusLabel}
      </Badge>
      {invoice.partiallyPaid && (
        <Text size="xs" c="dimmed" component="span">
          {partiallyPaidText}
        </Text>
      )}
      {invoice.pastDue && (
        <Badge color="red" variant="filled">
          {pastDueLabel}
        </Badge>
      )}
    </Group>
  );
}
