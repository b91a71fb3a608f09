import { Badge, Group, Text } from '@mantine/core';
import { type InvoiceStatus, partiallyPaidText, pastDueLabel } from '../../domain/invoices/invoice-states';

/** What the badge reads of an invoice (the Invoice answer has these fields). */
type InvoiceStatusFields = {
  paymentStatus: InvoiceStatus;
  statusLabel: string;
  partiallyPaid: boolean;
  pastDue: boolean;
};

const colors: Record<InvoiceStatus, string> = {
  PAYMENT_REQUESTED: 'orange',
  PARTIALLY_PAID: 'orange',
  PAYMENT_PENDING: 'blue',
  PAID: 'green',
};

/**
 * Part 3 §4.6: the status label, '(Partially paid)', and 'Past Due' on an unpaid late invoice; on the
 * invoices dashboard and the buyer's order page.
 */
export function InvoiceStatusBadge({ invoice }: { invoice: InvoiceStatusFields }) {
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
