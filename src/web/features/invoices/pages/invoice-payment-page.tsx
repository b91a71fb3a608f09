import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  Radio,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { productName } from '../../../../domain/brand';
import { cardFeeLabel, cardFeeNotice, cardFeeOf } from '../../../../domain/invoices/invoice-states';
import { paths } from '../../../paths';
import { InvoiceStatusBadge } from '../../../ui/invoice-status-badge';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { formatMoney } from '../../../ui/money';
import {
  type Payment,
  useBalance,
  useInvoices,
  usePayInvoices,
  usePaymentMethodsForPaying,
} from '../api/invoices-api';

/** The invoice ids of ?invoiceIds=1,2 (or every payable one with ?all=1). */
function useChosenIds() {
  const [params] = useSearchParams();
  const all = params.get('all') === '1';
  const balance = useBalance(all);
  const listed = useMemo(
    () =>
      (params.get('invoiceIds') ?? '')
        .split(',')
        .map(Number)
        .filter((id) => Number.isInteger(id) && id > 0),
    [params],
  );
  return { ids: all ? (balance.data?.invoiceIds ?? []) : listed, loading: all && balance.isPending };
}

/**
 * /invoices/payment: the chosen invoices, the method to pay with, the total (a card adds the 3%
 * service fee, a bank account none), a confirmation, then the receipt.
 */
export function InvoicePaymentPage() {
  useDocumentTitle(`Pay invoices · ${productName}`);
  const { ids, loading } = useChosenIds();
  const invoices = useInvoices(ids);
  const methods = usePaymentMethodsForPaying();
  const pay = usePayInvoices();
  // One key per visit to this page: a retried or double-clicked payment is one payment.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [methodId, setMethodId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [receipt, setReceipt] = useState<Payment | null>(null);

  const usable = (methods.data?.results ?? []).filter(
    (method) => method.usable || method.paymentType === 'bank_account',
  );
  useEffect(() => {
    if (methodId === null && usable.length > 0) {
      setMethodId(String((usable.find((method) => method.isDefault) ?? usable[0]).id));
    }
  }, [methodId, usable]);

  if (receipt) return <PaymentReceipt payment={receipt} />;

  const rows = invoices.map((query) => query.data).filter((invoice) => invoice !== undefined);
  const failed = invoices.find((query) => query.error);
  const payable = rows.filter(
    (invoice) => invoice.paymentStatus === 'PAYMENT_REQUESTED' || invoice.paymentStatus === 'PARTIALLY_PAID',
  );
  const method = usable.find((candidate) => String(candidate.id) === methodId) ?? null;
  const isCard = method?.paymentType === 'credit_card';
  const subtotal = payable.reduce((sum, invoice) => sum + invoice.amountDue, 0);
  // The server charges the fee per invoice; add it up the same way so the figure shown is the charge.
  const fee = isCard ? payable.reduce((sum, invoice) => sum + cardFeeOf(invoice.amountDue), 0) : 0;
  const total = subtotal + fee;

  const submit = () =>
    pay.mutate(
      { invoiceIds: payable.map((invoice) => invoice.id), paymentMethodId: Number(methodId), idempotencyKey },
      { onSuccess: (payment) => setReceipt(payment) },
    );

  return (
    <Stack
      gap="md"
      maw={820}
      mx="auto"
      px={{ base: 'md', sm: 'lg' }}
      py="lg"
      data-testid="invoice-payment-page"
    >
      <Anchor component={Link} to={paths.invoices()} size="sm">
        ← Back to invoices
      </Anchor>
      <Title order={1}>Pay invoices</Title>
      {failed?.error ? (
        <LoadErrorAlert error={failed.error} title="An invoice could not be loaded" />
      ) : loading || invoices.some((query) => query.isPending) ? (
        <Skeleton height={120} />
      ) : payable.length === 0 ? (
        <Alert color="gray" icon={<IconInfoCircle size={18} />}>
          There is nothing to pay here.{' '}
          <Anchor component={Link} to={paths.invoices()}>
            View open invoices
          </Anchor>
        </Alert>
      ) : (
        <>
          <Paper withBorder p="md" radius="md">
            <Title order={2} size="h4" mb="sm">
              Invoices
            </Title>
            <Table className="phone-cards" data-testid="payment-invoices">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Invoice</Table.Th>
                  <Table.Th>Order</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th ta="right">Amount due</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {payable.map((invoice) => (
                  <Table.Tr key={invoice.id}>
                    <Table.Td data-label="Invoice" fw={600}>
                      {invoice.invoiceNumber}
                    </Table.Td>
                    <Table.Td data-label="Order">{invoice.order.name}</Table.Td>
                    <Table.Td data-label="Status">
                      <InvoiceStatusBadge invoice={invoice} />
                    </Table.Td>
                    <Table.Td data-label="Amount due" ta="right">
                      {formatMoney(invoice.amountDue)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
          <Paper withBorder p="md" radius="md">
            <Title order={2} size="h4" mb="sm">
              Payment method
            </Title>
            {methods.isPending ? (
              <Skeleton height={60} />
            ) : usable.length === 0 ? (
              <Stack gap="xs">
                <Text size="sm">Add a credit card or bank account to pay online.</Text>
                <Group>
                  <Button
                    component={Link}
                    to={`${paths.newCreditCard}?return_to=${encodeURIComponent(window.location.pathname + window.location.search)}`}
                    size="xs"
                  >
                    Add a credit card
                  </Button>
                  <Button component={Link} to={paths.newBankAccount} size="xs" variant="default">
                    Add a bank account
                  </Button>
                </Group>
              </Stack>
            ) : (
              <Radio.Group
                value={methodId}
                onChange={(value) => {
                  setMethodId(value);
                  setConfirming(false);
                }}
                name="paymentMethod"
              >
                <Stack gap="xs">
                  {usable.map((candidate) => (
                    <Radio
                      key={candidate.id}
                      value={String(candidate.id)}
                      label={`${candidate.label} · ${candidate.description}${candidate.pendingVerification ? ' (pending verification: payment processes once verified)' : ''}`}
                    />
                  ))}
                  <Anchor
                    component={Link}
                    to={`${paths.newCreditCard}?return_to=${encodeURIComponent(window.location.pathname + window.location.search)}`}
                    size="sm"
                  >
                    Use another card
                  </Anchor>
                </Stack>
              </Radio.Group>
            )}
          </Paper>
          <Paper withBorder p="md" radius="md" data-testid="payment-totals">
            <Group justify="space-between">
              <Text>Invoices ({payable.length})</Text>
              <Text>{formatMoney(subtotal)}</Text>
            </Group>
            {isCard && (
              <Group justify="space-between" data-testid="card-fee">
                <Text>Card service fee (3%)</Text>
                <Text>{formatMoney(fee)}</Text>
              </Group>
            )}
            <Group justify="space-between" mt="xs">
              <Text fw={700}>Total{isCard ? ` (${cardFeeLabel})` : ''}</Text>
              <Text fw={700} data-testid="payment-total">
                {formatMoney(total)}
              </Text>
            </Group>
            {isCard && (
              <Text size="xs" c="dimmed" mt="xs">
                {cardFeeNotice}
              </Text>
            )}
          </Paper>
          {pay.error && (
            <Alert color="red" title="The payment did not go through" data-testid="payment-error">
              {pay.error.message}
            </Alert>
          )}
          {confirming ? (
            <Paper
              withBorder
              p="md"
              radius="md"
              bg="var(--mantine-color-gray-0)"
              data-testid="payment-confirmation"
            >
              <Text mb="sm">
                Pay {formatMoney(total)} for {payable.length} invoice{payable.length === 1 ? '' : 's'} with{' '}
                {method?.description}?
              </Text>
              <Group>
                <Button onClick={submit} loading={pay.isPending} disabled={!method}>
                  Confirm payment
                </Button>
                <Button variant="default" onClick={() => setConfirming(false)} disabled={pay.isPending}>
                  Back
                </Button>
              </Group>
            </Paper>
          ) : (
            <Group>
              <Button onClick={() => setConfirming(true)} disabled={!method}>
                Pay {formatMoney(total)}
              </Button>
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}

function PaymentReceipt({ payment }: { payment: Payment }) {
  const pending = payment.status === 'pending';
  return (
    <Stack gap="md" maw={720} mx="auto" px={{ base: 'md', sm: 'lg' }} py="lg" data-testid="payment-receipt">
      <Alert
        color={pending ? 'blue' : 'green'}
        icon={<IconCircleCheck size={20} />}
        title={pending ? 'Payment processing' : 'Payment received'}
      >
        {pending
          ? 'Your bank payment is processing. The invoices show Payment Processing until it settles.'
          : 'Thank you. A receipt was e-mailed to you.'}
      </Alert>
      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h4" mb="sm">
          Receipt {payment.receiptNumber}
        </Title>
        <Text size="sm">{payment.methodDescription}</Text>
        <Table mt="sm">
          <Table.Tbody>
            {payment.invoices.map((invoice) => (
              <Table.Tr key={invoice.id}>
                <Table.Td>{invoice.invoiceNumber}</Table.Td>
                <Table.Td>{invoice.order.name}</Table.Td>
                <Table.Td>
                  <InvoiceStatusBadge invoice={invoice} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="space-between" mt="sm">
          <Text>Paid</Text>
          <Text>{formatMoney(payment.amount)}</Text>
        </Group>
        {payment.feeAmount > 0 && (
          <Group justify="space-between">
            <Text>Card service fee</Text>
            <Text>{formatMoney(payment.feeAmount)}</Text>
          </Group>
        )}
        <Group justify="space-between">
          <Text fw={700}>Total charged{payment.feeAmount > 0 ? ` (${cardFeeLabel})` : ''}</Text>
          <Text fw={700} data-testid="receipt-total">
            {formatMoney(payment.totalCharged)}
          </Text>
        </Group>
      </Paper>
      <Group>
        <Button component={Link} to={paths.invoices(pending ? 'open' : 'paid')}>
          {pending ? 'View open invoices' : 'View paid invoices'}
        </Button>
      </Group>
    </Stack>
  );
}
