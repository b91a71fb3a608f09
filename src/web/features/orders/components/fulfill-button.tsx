import { Alert, Button, Checkbox, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPackageExport } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError, genericErrorMessage } from '../../../api/client';
import { clientToday } from '../../../api/client-date';
import { showSuccess } from '../../../shell/toasts';
import { useFulfillOrder } from '../api/order-workflow-api';
import { formatCalendarDay } from './order-dates';

type Props = {
  order: { id: number; version: number; requestedOn?: string | null; permissions: { fulfill: boolean } };
};

export const earlyFulfilmentText = (requestedOn: string) =>
  `This is before the requested date (${formatCalendarDay(requestedOn)}). Was the order really fulfilled early?`;

/** The supplier marks a confirmed order fulfilled on a day. */
export function FulfillButton({ order }: Props) {
  const [opened, { open, close }] = useDisclosure(false);
  const fulfill = useFulfillOrder(order.id);
  const [fulfilledOn, setFulfilledOn] = useState(clientToday);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ status: number; message: string } | null>(null);
  const [early, setEarly] = useState(false);
  if (!order.permissions.fulfill) return null;
  // Fulfilling before the day the buyer asked for asks for confirmation first.
  const beforeRequested = Boolean(order.requestedOn && fulfilledOn && fulfilledOn < order.requestedOn);

  const submit = () => {
    if (!fulfilledOn) {
      setError('Choose the day the order was fulfilled');
      return;
    }
    if (beforeRequested && !early) {
      setError('Confirm the early fulfilment below');
      return;
    }
    setError(null);
    setFailure(null);
    fulfill.mutate(
      { version: order.version, fulfilledOn },
      {
        onSuccess: () => {
          close();
          showSuccess('The order is marked fulfilled.');
        },
        onError: (caught) =>
          setFailure(
            caught instanceof ApiError
              ? { status: caught.status, message: caught.fields.fulfilledOn ?? caught.message }
              : { status: 0, message: genericErrorMessage },
          ),
      },
    );
  };

  return (
    <>
      <Button leftSection={<IconPackageExport size={16} />} onClick={open}>
        Mark fulfilled
      </Button>
      <Modal opened={opened} onClose={close} title="Mark this order fulfilled" centered>
        <Stack gap="sm">
          <TextInput
            type="date"
            label="Fulfilled on"
            required
            value={fulfilledOn}
            onChange={(event) => setFulfilledOn(event.currentTarget.value)}
            error={error}
          />
          {beforeRequested && order.requestedOn && (
            <Alert color="yellow" variant="light" data-testid="fulfil-early">
              {earlyFulfilmentText(order.requestedOn)}
              <Checkbox
                mt="xs"
                label="Yes, it was fulfilled before the requested date"
                checked={early}
                onChange={(event) => setEarly(event.currentTarget.checked)}
              />
            </Alert>
          )}
          {failure && (
            <Alert color={failure.status === 409 ? 'yellow' : 'red'} variant="light" role="alert">
              {failure.message}
              {failure.status === 409 && ' Close this window and reload the order.'}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button onClick={submit} loading={fulfill.isPending}>
              Mark fulfilled
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
