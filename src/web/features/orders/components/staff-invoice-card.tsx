import { Badge, Button, Card, Group, NumberInput, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { downloadFile } from '../../../api/client';
import { showError } from '../../../shell/toasts';
import { formatMoney } from '../../../ui/money';
import {
  useCreateCreditMemo,
  useCreatePriceAdjustment,
  useDeletePriceAdjustment,
  useOrderInvoice,
  usePriceAdjustments,
  useSendInvoice,
} from '../api/staff-invoicing';

const toCents = (value: number | string) => Math.round(Number(value) * 100);
const pdf = (path: string) => downloadFile(path).catch((error: Error) => showError(error.message));

/**
 * Beehive's invoicing of an order: price adjustments (with a reason) and 'Send invoice' before it is
 * invoiced; after, the invoice and credit memos that lower what is due (issue 18).
 */
export function StaffInvoiceCard({ orderId, state }: { orderId: number; state: string }) {
  const invoice = useOrderInvoice(orderId);
  const adjustments = usePriceAdjustments(orderId);
  const createAdjustment = useCreatePriceAdjustment(orderId);
  const deleteAdjustment = useDeletePriceAdjustment(orderId);
  const sendInvoice = useSendInvoice(orderId);
  const createMemo = useCreateCreditMemo(orderId);
  const [amount, setAmount] = useState<number | string>('');
  const [reason, setReason] = useState('');
  const current = invoice.data?.invoice ?? null;

  const submit = () => {
    const cents = toCents(amount);
    if (current) {
      createMemo.mutate(
        { invoiceId: current.id, amount: cents, reason },
        {
          onSuccess: () => {
            setAmount('');
            setReason('');
          },
        },
      );
    } else {
      createAdjustment.mutate(
        { amount: cents, reason },
        {
          onSuccess: () => {
            setAmount('');
            setReason('');
          },
        },
      );
    }
  };

  return (
    <Card withBorder padding="lg" mt="md" data-testid="staff-invoice-card">
      <Title order={3} size="h4" mb="md">
        Invoice
      </Title>
      {current ? (
        <Stack gap="xs">
          <Group gap="sm">
            <Text fw={700}>{current.invoiceNumber}</Text>
            <Badge variant="light">{current.statusLabel}</Badge>
            <Text size="sm">
              Total {formatMoney(current.total)} · paid {formatMoney(current.amountPaid)} · credited{' '}
              {formatMoney(current.creditedAmount)} · due {formatMoney(current.amountDue)} on{' '}
              {current.dueDate}
            </Text>
            <Button size="compact-sm" variant="subtle" onClick={() => pdf(current.invoicePdfUrl)}>
              PDF
            </Button>
          </Group>
          {current.creditMemos.map((memo) => (
            <Group key={memo.id} gap="sm">
              <Text size="sm">
                {memo.memoNumber}: {formatMoney(memo.amount)} ({memo.reason})
              </Text>
              <Button
                size="compact-xs"
                variant="subtle"
                onClick={() => pdf(`/api/v1/credit_memos/${memo.id}/pdf`)}
              >
                PDF
              </Button>
            </Group>
          ))}
        </Stack>
      ) : (
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            Not invoiced yet. Price adjustments below go on the invoice.
          </Text>
          {(adjustments.data ?? []).length > 0 && (
            <Table>
              <Table.Tbody>
                {(adjustments.data ?? []).map((adjustment) => (
                  <Table.Tr key={adjustment.id}>
                    <Table.Td>{adjustment.reason}</Table.Td>
                    <Table.Td ta="right">{formatMoney(adjustment.amount)}</Table.Td>
                    <Table.Td>
                      <Button
                        size="compact-xs"
                        color="red"
                        variant="subtle"
                        onClick={() => deleteAdjustment.mutate(adjustment.id)}
                      >
                        Delete
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {['fulfilled', 'to_invoice'].includes(state) && (
            <Group>
              <Button size="xs" onClick={() => sendInvoice.mutate()} loading={sendInvoice.isPending}>
                Send invoice
              </Button>
            </Group>
          )}
        </Stack>
      )}
      <Group align="flex-end" gap="sm" mt="md" wrap="wrap">
        <NumberInput
          label={current ? 'Credit memo amount ($)' : 'Adjustment ($, negative for a discount)'}
          value={amount}
          onChange={setAmount}
          decimalScale={2}
          min={current ? 0.01 : undefined}
          w={220}
        />
        <TextInput
          label="Reason"
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          style={{ flex: '1 1 200px' }}
        />
        <Button
          onClick={submit}
          loading={createMemo.isPending || createAdjustment.isPending}
          disabled={amount === '' || !reason.trim()}
        >
          {current ? 'Issue credit memo' : 'Add adjustment'}
        </Button>
      </Group>
    </Card>
  );
}
