import { Anchor, Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { type AccountingExportKind, dateRangeOrderMessage } from '../../../../domain/accounting/qbo-csv';
import { downloadFile } from '../../../api/client';
import { AdminFrame } from '../../../shell/admin-frame';
import { PageLoader } from '../../../shell/route-guards';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { useAccountingStatus } from '../api/order-care';
import { QuickBooksCard } from '../components/quickbooks-card';

const firstOfMonth = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getFullYear(), now.getMonth(), 1)).toISOString().slice(0, 10);
};
const today = () => new Date().toISOString().slice(0, 10);

/**
 * /admin/accounting: the accounting link. Invoices, payments and supplier bills for a date range as
 * QuickBooks Online import files; with QuickBooks keys set, the link to a company and pushes to it.
 */
export function AdminAccountingPage() {
  const status = useAccountingStatus();
  const [kind, setKind] = useState<AccountingExportKind>('invoices');
  const [from, setFrom] = useState(firstOfMonth);
  const [to, setTo] = useState(today);
  const [busy, setBusy] = useState(false);
  const rangeError = from && to && from > to ? dateRangeOrderMessage : null;
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile('/api/internal/accounting/export', { kind, from, to });
    } catch (error) {
      notifications.show({ color: 'red', message: (error as Error).message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <AdminFrame title="Accounting">
      {status.isPending ? (
        <PageLoader />
      ) : status.isError ? (
        <LoadErrorAlert title="Could not load" error={status.error} onRetry={() => status.refetch()} />
      ) : (
        <Stack gap="md" maw={720}>
          <QuickBooksCard
            configured={status.data.provider === 'quickbooks_online'}
            connection={status.data.connection}
            lastPush={status.data.lastPush}
          />
          <Paper withBorder radius="md" p="md">
            <Title order={3} size="h4" mb="xs">
              Export for QuickBooks
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              A CSV file in QuickBooks Online's import format, for the days chosen (both included).
            </Text>
            <Stack gap="sm">
              <Select
                label="Records"
                data={status.data.kinds}
                value={kind}
                allowDeselect={false}
                onChange={(value) => value && setKind(value as AccountingExportKind)}
              />
              <Group grow align="flex-start">
                <TextInput
                  type="date"
                  label="From"
                  value={from}
                  onChange={(event) => setFrom(event.currentTarget.value)}
                />
                <TextInput
                  type="date"
                  label="To"
                  value={to}
                  error={rangeError}
                  onChange={(event) => setTo(event.currentTarget.value)}
                />
              </Group>
              <Group justify="flex-end">
                <Button
                  leftSection={<IconDownload size={16} />}
                  loading={busy}
                  disabled={!from || !to || Boolean(rangeError)}
                  onClick={download}
                >
                  Download CSV
                </Button>
              </Group>
            </Stack>
          </Paper>
          <Text size="xs" c="dimmed">
            Invoices carry one row per order line; supplier bills are what each invoiced order owes its
            supplier, booked to Cost of Goods Sold. See{' '}
            <Anchor
              href="https://quickbooks.intuit.com/learn-support/"
              target="_blank"
              rel="noreferrer"
              size="xs"
            >
              QuickBooks help
            </Anchor>{' '}
            for importing.
          </Text>
        </Stack>
      )}
    </AdminFrame>
  );
}
