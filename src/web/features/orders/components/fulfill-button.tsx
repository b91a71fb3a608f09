import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPackageExport } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError, genericErrorMessage } from '../../../api/client';
import { clientToday } from '../../../api/client-date';
import { showSuccess } from '../../../shell/toasts';
import { useFulfillOrder } from '../api/order-workflow-api';
import { formatCalendarDay } from './order-dates';

type Props = {
  order: { id: number; version: number; requestedOn: string | null; permissions: { fulfill: boolean } };
};

export const earlyFulfilmentText = (requestedOn: string) =>
  `This is before the requested date (${formatCalendarDay(requestedOn)}). Was the order really fulfilled early?`;

/**
 * The supplier marks a confirmed order fulfilled on a day. A day before the one the buyer asked for
 * asks for confirmation first (the API refuses it without `confirmEarly`, see docs/decisions.md).
 */
export function FulfillButton({ order }: Props) {
  const [opened, { open, close }] = useDisclosure(false);
  const fulfill = useFulfillOrder(order.id);
  const [fulfilledOn, setFulfilledOn] = useState(clientToday);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ status: number; message: string } | null>(null);
  const [confirmingEarly, setConfirmingEarly] = useState(false);
  if (!order.permissions.fulfill) return null;
  const beforeRequested = Boolean(order.requestedOn && fulfilledOn && fulfilledOn < order.requestedOn);

  const closeAll = () => {
    setConfirmingEarly(false);
    close();
  };
  const send = (confirmEarly: boolean) => {
    setError(null);
    setFailure(null);
    fulfill.mutate(
      { version: order.version, fulfilledOn, confirmEarly },
      {
        onSuccess: () => {
          closeAll();
          showSuccess('The order is marked fulfilled.');
        },
        onError: (caught) => {
          // The requested day may have moved since the page loaded: the server asks, so ask.
          if (caught instanceof ApiError && caught.code === 'early_fulfilment' && order.requestedOn) {
            setConfirmingEarly(true);
            return;
          }
          setConfirmingEarly(false);
          setFailure(
            caught instanceof ApiError
              ? { status: caught.status, message: caught.fields.fulfilledOn ?? caught.message }
              : { status: 0, message: genericErrorMessage },
          );
        },
      },
    );
  };
  const submit = () => {
    if (!fulfilledOn) {
      setError('Choose the day the order was fulfilled');
      return;
    }
    if (beforeRequested) {
      setConfirmingEarly(true);
      return;
    }
    send(false);
  };

  return (
    <>
      <Button leftSection={<IconPackageExport size={16} />} onClick={open}>
        Mark fulfilled
      </Button>
      <Modal
        opened={opened}
        onClose={closeAll}
        title={confirmingEarly ? 'Fulfilled before the requested date?' : 'Mark this order fulfilled'}
        centered
      >
        {confirmingEarly && order.requestedOn ? (
          <Stack gap="sm" data-testid="fulfil-early">
            <Text size="sm">{earlyFulfilmentText(order.requestedOn)}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirmingEarly(false)}>
                Go back
              </Button>
              <Button onClick={() => send(true)} loading={fulfill.isPending}>
                Yes, it was fulfilled early
              </Button>
            </Group>
          </Stack>
        ) : (
          <Stack gap="sm">
            <TextInput
              type="date"
              label="Fulfilled on"
              required
              value={fulfilledOn}
              onChange={(event) => setFulfilledOn(event.currentTarget.value)}
              error={error}
            />
            {failure && (
              <Alert color={failure.status === 409 ? 'yellow' : 'red'} variant="light" role="alert">
                {failure.message}
                {failure.status === 409 && ' Close this window and reload the order.'}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={closeAll}>
                Cancel
              </Button>
              <Button onClick={submit} loading={fulfill.isPending}>
                Mark fulfilled
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
