import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { productName } from '../../../../domain/brand';
import { deactivateOrderSchema } from '../../../../domain/orders/order-staff-actions';
import { useDeactivateOrder, useReactivateOrder } from '../api/staff-orders';
import type { StaffActionDialogProps } from './staff-action-dialog';
import { stateName } from './staff-order-labels';

/** Deactivate or reactivate, with the reason the event keeps. */
export function ActivationModal({
  order,
  action,
  onClose,
  onDone,
  onConflict,
}: StaffActionDialogProps & { action: 'deactivate' | 'reactivate' | null }) {
  const deactivate = useDeactivateOrder(order.id);
  const reactivate = useReactivateOrder(order.id);
  const mutation = action === 'reactivate' ? reactivate : deactivate;
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!action) return;
    const parsed = deactivateOrderSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a reason for this order');
      return;
    }
    mutation.mutate(parsed.data, {
      onSuccess: () => {
        setReason('');
        setError(null);
        onDone(
          action === 'deactivate'
            ? `Order ${order.orderNumber} is deactivated.`
            : `Order ${order.orderNumber} is active again.`,
        );
      },
      onError: (failure) => {
        if (!onConflict(failure)) setError(failure.message);
      },
    });
  };
  const deactivating = action === 'deactivate';
  return (
    <Modal
      opened={action !== null}
      onClose={close}
      title={
        deactivating ? `Deactivate order ${order.orderNumber}?` : `Reactivate order ${order.orderNumber}?`
      }
      centered
    >
      <form onSubmit={submit} data-testid="activation-form">
        <Stack gap="md">
          <Text size="sm">
            {deactivating
              ? `The order leaves the buyer's and the supplier's order lists and neither can change it until ${productName} staff reactivate it. Its state stays ${stateName(order.state)}.`
              : "The order shows in the buyer's and the supplier's order lists again and they can act on it."}
          </Text>
          <Textarea
            label="Reason"
            withAsterisk
            autosize
            minRows={2}
            maxLength={1000}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={error}
            data-autofocus
            data-testid="activation-reason"
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={mutation.isPending}>
              Back
            </Button>
            <Button
              type="submit"
              color={deactivating ? 'red' : undefined}
              loading={mutation.isPending}
              data-testid="activation-confirm"
            >
              {deactivating ? 'Deactivate order' : 'Reactivate order'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
