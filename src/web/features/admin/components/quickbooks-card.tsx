import { Alert, Badge, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlugConnected, IconUpload } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import {
  type QuickBooksPush,
  quickbooksPushStatusLabels,
} from '../../../../domain/accounting/quickbooks-link';
import { showSuccess } from '../../../shell/toasts';
import { DateTime } from '../../../ui/date-time';
import {
  useCompleteQuickBooks,
  useConnectQuickBooks,
  useDisconnectQuickBooks,
  usePushToQuickBooks,
} from '../api/quickbooks';

type Connection = { realmId: string; companyName: string; connectedAt: string };

const statusColors = { queued: 'gray', running: 'blue', succeeded: 'green', failed: 'red' } as const;

function PushResult({ push }: { push: QuickBooksPush }) {
  const done = push.invoicesPushed + push.billsPushed;
  const active = push.status === 'queued' || push.status === 'running';
  return (
    <Stack gap={6} data-testid="quickbooks-last-push">
      <Group gap="xs">
        <Text size="sm" fw={500}>
          Last push
        </Text>
        <Badge color={statusColors[push.status]} variant="light">
          {quickbooksPushStatusLabels[push.status]}
        </Badge>
        <Text size="sm" c="dimmed">
          <DateTime value={push.finishedAt ?? push.startedAt ?? push.requestedAt} />
        </Text>
      </Group>
      {active && push.total > 0 ? (
        <Progress value={(done / push.total) * 100} aria-label={`${done} of ${push.total} pushed`} />
      ) : null}
      <Text size="sm">
        {push.invoicesPushed} invoice{push.invoicesPushed === 1 ? '' : 's'} and {push.billsPushed} bill
        {push.billsPushed === 1 ? '' : 's'} pushed
        {push.status === 'succeeded' && push.total === 0 ? ' (nothing new since the last push)' : ''}
        {active && push.total > 0 ? ` of ${push.total}` : ''}.
      </Text>
      {push.error ? (
        <Alert color={push.status === 'failed' ? 'red' : 'yellow'} variant="light" p="xs">
          {push.error}
        </Alert>
      ) : null}
    </Stack>
  );
}

/** Finishes Intuit's redirect back to this page (code, state, realmId in the address) once. */
function useQuickBooksReturn() {
  const [params, setParams] = useSearchParams();
  const complete = useCompleteQuickBooks();
  const handled = useRef(false);
  const code = params.get('code');
  const state = params.get('state');
  const realmId = params.get('realmId');
  useEffect(() => {
    if (handled.current || !code || !state || !realmId) return;
    handled.current = true;
    complete.mutate(
      { code, state, realmId },
      { onSuccess: (linked) => showSuccess(`Connected to ${linked.companyName}`) },
    );
    setParams({}, { replace: true });
  }, [code, state, realmId, complete, setParams]);
  return complete.isPending;
}

/**
 * The QuickBooks Online link on /admin/accounting: 'Connect to QuickBooks', or 'Connected to
 * {company} · Disconnect' with 'Push now' and the last push's progress and result.
 */
export function QuickBooksCard({
  configured,
  connection,
  lastPush,
}: {
  configured: boolean;
  connection: Connection | null;
  lastPush: QuickBooksPush | null;
}) {
  const completing = useQuickBooksReturn();
  const connect = useConnectQuickBooks();
  const disconnect = useDisconnectQuickBooks();
  const push = usePushToQuickBooks();
  const pushing = lastPush?.status === 'queued' || lastPush?.status === 'running';
  const confirmDisconnect = (company: string) =>
    modals.openConfirmModal({
      title: `Disconnect ${company}?`,
      children: (
        <Text size="sm">
          Invoices and bills stop going to this QuickBooks company until someone connects it again. What was
          pushed stays recorded.
        </Text>
      ),
      labels: { confirm: 'Disconnect', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        disconnect.mutate(undefined, { onSuccess: () => showSuccess('QuickBooks disconnected') }),
    });
  return (
    <Paper withBorder radius="md" p="md" data-testid="quickbooks-card">
      <Title order={3} size="h4">
        QuickBooks Online
      </Title>
      {!configured ? (
        <Alert mt="xs" color="gray" variant="light" data-testid="accounting-csv-only">
          QuickBooks Online is not set up on this server (QBO_CLIENT_ID and QBO_CLIENT_SECRET). Download the
          files below and import them in QuickBooks: Settings → Import data.
        </Alert>
      ) : connection ? (
        <Stack gap="sm" mt="xs">
          <Group justify="space-between" gap="xs">
            <Group gap={6} wrap="nowrap">
              <IconPlugConnected size={18} aria-hidden />
              <Text size="sm">
                Connected to <strong>{connection.companyName}</strong>
                {' · '}
                <Button
                  variant="subtle"
                  color="red"
                  size="compact-sm"
                  onClick={() => confirmDisconnect(connection.companyName)}
                  loading={disconnect.isPending}
                >
                  Disconnect
                </Button>
              </Text>
            </Group>
            <Button
              leftSection={<IconUpload size={16} />}
              loading={push.isPending || pushing}
              onClick={() => push.mutate()}
            >
              Push now
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            Sends invoices and supplier bills that are not in QuickBooks yet. Each record goes once.
          </Text>
          {lastPush ? <PushResult push={lastPush} /> : null}
        </Stack>
      ) : (
        <Stack gap="xs" mt="xs">
          <Text size="sm">
            Link the company's QuickBooks Online account to push invoices and supplier bills.
          </Text>
          <Group>
            <Button onClick={() => connect.mutate()} loading={connect.isPending || completing}>
              Connect to QuickBooks
            </Button>
          </Group>
        </Stack>
      )}
    </Paper>
  );
}
