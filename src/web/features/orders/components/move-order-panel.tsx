import { Alert, Button, Checkbox, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { orderNowOf } from '../../../../domain/api-errors';
import { type OrderEvent, orderTransitions } from '../../../../domain/orders/order-states';
import { ApiError } from '../../../api/client';
import { type AdminOrderDetail, useStaffTransition } from '../api/staff-orders';
import { moveLabels, stateName } from './staff-order-labels';

/** Staff move the order along any transition open from its state, after a confirmation. */
export function MoveOrderPanel({ order, onConflict }: { order: AdminOrderDetail; onConflict: () => void }) {
  const transition = useStaffTransition(order.id);
  const [event, setEvent] = useState<OrderEvent | null>(null);
  const [reason, setReason] = useState('');
  const [sendCancelEmail, setSendCancelEmail] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  if (order.allowedEvents.length === 0) {
    return (
      <Text c="dimmed" size="sm" data-testid="move-order-none">
        No moves are open from {stateName(order.state)}.
      </Text>
    );
  }

  const submit = () => {
    if (!event) return;
    setMessage(null);
    transition.mutate(
      {
        event,
        expectedState: order.state,
        reason: reason.trim() || null,
        ...(event === 'cancel' ? { sendCancelEmail } : {}),
      },
      {
        onSuccess: (updated) => {
          setDone(`The order is now ${stateName(updated.state)}.`);
          setEvent(null);
          setReason('');
          setSendCancelEmail(false);
          setConfirming(false);
        },
        onError: (error) => {
          setConfirming(false);
          if (error instanceof ApiError && error.status === 409) {
            setMessage(
              `Someone changed this order first: it is now ${stateName(orderNowOf(error)?.state ?? null)}.`,
            );
            setEvent(null);
            onConflict();
          } else {
            setMessage(error.message);
          }
        },
      },
    );
  };

  return (
    <Stack gap="sm" data-testid="move-order">
      {done && (
        <Alert color="green" data-testid="move-order-done">
          {done}
        </Alert>
      )}
      {message && (
        <Alert color="red" data-testid="move-order-error">
          {message}
        </Alert>
      )}
      <Select
        label="Move"
        placeholder="Choose a move"
        data={order.allowedEvents.map((value) => ({
          value,
          label: `${moveLabels[value]} → ${stateName(orderTransitions[value].to)}`,
        }))}
        value={event}
        onChange={(value) => {
          setEvent(value as OrderEvent | null);
          setConfirming(false);
        }}
        disabled={transition.isPending}
        data-testid="move-order-event"
      />
      <Textarea
        label="Reason (optional)"
        autosize
        minRows={2}
        maxLength={1000}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        disabled={transition.isPending}
        data-testid="move-order-reason"
      />
      {event === 'cancel' && (
        <Checkbox
          label="E-mail the buyer and the supplier"
          checked={sendCancelEmail}
          onChange={(e) => setSendCancelEmail(e.currentTarget.checked)}
          data-testid="move-order-cancel-email"
        />
      )}
      {confirming && event ? (
        <Stack gap="xs">
          <Text size="sm">
            Move this order from <strong>{stateName(order.state)}</strong> to{' '}
            <strong>{stateName(orderTransitions[event].to)}</strong>?
          </Text>
          <Group gap="sm">
            <Button onClick={submit} loading={transition.isPending} data-testid="move-order-confirm">
              Yes, move it
            </Button>
            <Button variant="default" onClick={() => setConfirming(false)} disabled={transition.isPending}>
              Back
            </Button>
          </Group>
        </Stack>
      ) : (
        <Group>
          <Button
            disabled={!event}
            onClick={() => {
              setDone(null);
              setConfirming(true);
            }}
            data-testid="move-order-submit"
          >
            Move order
          </Button>
        </Group>
      )}
    </Stack>
  );
}
