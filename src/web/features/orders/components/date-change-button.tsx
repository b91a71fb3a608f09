import { Alert, Button, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useState } from 'react';
import { buyerDateChangeReasons } from '../../../../domain/orders/order-responses';
import { ApiError, genericErrorMessage } from '../../../api/client';
import { clientToday } from '../../../api/client-date';
import { showSuccess } from '../../../shell/toasts';
import { type BuyerDateChangeInput, useProposeDateChange } from '../api/order-workflow-api';

type Props = {
  order: {
    id: number;
    version: number;
    requestedOn: string | null;
    permissions: { proposeDateChange: boolean };
  };
};

/** The buyer proposes another fulfilment date; the supplier accepts or rejects it. */
export function DateChangeButton({ order }: Props) {
  const [opened, { open, close }] = useDisclosure(false);
  const propose = useProposeDateChange(order.id);
  const [proposedOn, setProposedOn] = useState('');
  const [reason, setReason] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<{ status: number; message: string } | null>(null);
  if (!order.permissions.proposeDateChange) return null;

  const submit = () => {
    const found: Record<string, string> = {};
    if (!proposedOn) found.proposedOn = 'Choose the new date';
    else if (proposedOn === order.requestedOn) found.proposedOn = 'Choose a date other than the current one';
    if (!reason) found.reason = 'Choose a reason for the new date';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setFailure(null);
    propose.mutate(
      {
        version: order.version,
        proposedOn,
        reason: reason as BuyerDateChangeInput['reason'],
        comment: comment.trim() || null,
      },
      {
        onSuccess: () => {
          close();
          setProposedOn('');
          setReason(null);
          setComment('');
          showSuccess('Your new date was sent to the supplier.');
        },
        onError: (error) => {
          if (error instanceof ApiError) {
            setErrors(error.fields);
            setFailure({ status: error.status, message: error.message });
          } else setFailure({ status: 0, message: genericErrorMessage });
        },
      },
    );
  };

  return (
    <>
      <Button variant="default" leftSection={<IconCalendarEvent size={16} />} onClick={open}>
        Propose a new date
      </Button>
      <Modal opened={opened} onClose={close} title="Propose a new date" centered>
        <Stack gap="sm">
          <TextInput
            type="date"
            label="New date"
            required
            min={clientToday()}
            value={proposedOn}
            onChange={(event) => setProposedOn(event.currentTarget.value)}
            error={errors.proposedOn}
          />
          <Select
            label="Reason"
            required
            data={buyerDateChangeReasons}
            value={reason}
            onChange={setReason}
            error={errors.reason}
            comboboxProps={{ withinPortal: true }}
          />
          <Textarea
            label="Comment"
            autosize
            minRows={2}
            maxLength={2000}
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
            error={errors.comment}
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
            <Button onClick={submit} loading={propose.isPending}>
              Send to the supplier
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
