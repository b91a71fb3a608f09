import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPackageExport } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError, genericErrorMessage } from '../../../api/client';
import { clientToday } from '../../../api/client-date';
import { showSuccess } from '../../../shell/toasts';
import { useFulfillOrder } from '../api/order-workflow-api';

type Props = { order: { id: number; version: number; permissions: { fulfill: boolean } } };

/** The supplier marks a confirmed order fulfilled on a day. */
export function FulfillButton({ order }: Props) {
  const [opened, { open, close }] = useDisclosure(false);
  const fulfill = useFulfillOrder(order.id);
  const [fulfilledOn, setFulfilledOn] = useState(clientToday);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ status: number; message: string } | null>(null);
  if (!order.permissions.fulfill) return null;

  const submit = () => {
    if (!fulfilledOn) {
      setError('Choose the day the order was fulfilled');
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
