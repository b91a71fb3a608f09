import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { Link } from 'react-router';
import { downloadFile } from '../../../api/client';
import { paths } from '../../../paths';
import { showError } from '../../../shell/toasts';
import { InvoiceStatusBadge } from '../../../ui/invoice-status-badge';
import { formatMoney } from '../../../ui/money';
import { type OrderDetail, useOrderInvoice } from '../api/order-api';

const invoicedStates = new Set(['invoiced', 'paid']);

/**
 * The buyer's invoice of an invoiced order (part 3 §4.6 labels): its status, what is due and when, the
 * PDF, and the way to the Invoices dashboard where it is paid. Nothing before the order is invoiced.
 */
export function OrderInvoiceCard({ order }: { order: OrderDetail }) {
  const enabled = order.audience === 'buyer' && invoicedStates.has(order.state);
  const answer = useOrderInvoice(order.id, enabled);
  const invoice = answer.data?.invoice;
  if (!enabled || !invoice) return null;
  const downloadPdf = () =>
    downloadFile(invoice.invoicePdfUrl).catch((error: Error) => showError(error.message));
  return (
    <Paper withBorder p="md" radius="md" data-testid="order-invoice">
      <Title order={2} size="h4" mb="xs">
        Invoice {invoice.invoiceNumber}
      </Title>
      <Stack gap="xs">
        <InvoiceStatusBadge invoice={invoice} />
        <Text size="sm">
          {invoice.amountDue > 0
            ? `${formatMoney(invoice.amountDue)} due ${invoice.dueDate} (${invoice.terms})`
            : `Paid in full: ${formatMoney(invoice.amountPaid)}`}
        </Text>
        <Group gap="sm">
          <Button
            variant="default"
            size="compact-sm"
            leftSection={<IconFileInvoice size={16} />}
            onClick={downloadPdf}
          >
            Invoice PDF
          </Button>
          <Anchor
            component={Link}
            to={paths.invoices(invoice.paymentStatus === 'PAID' ? 'paid' : 'open')}
            size="sm"
          >
            {invoice.paymentStatus === 'PAID' || invoice.paymentStatus === 'PAYMENT_PENDING'
              ? 'View invoices'
              : 'Pay on the Invoices page'}
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
}
