import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { orderNowOf } from '../../../../domain/api-errors';
import { ApiError } from '../../../api/client';
import type { AdminOrderDetail, StaffActionAnswer } from '../api/staff-orders';
import { ActivationModal } from './activation-modal';
import { stateName } from './staff-order-labels';
import { SwapPartyModal } from './swap-party-modal';

type StaffAction = 'deactivate' | 'reactivate' | 'swap_buyer' | 'swap_supplier';

/**
 * What staff are told when their action lost a race: the order as it is now (the page refetches it),
 * so they decide again on what they can see.
 */
function conflictText(error: ApiError) {
  const order = orderNowOf(error);
  const state = order ? stateName(order.state) : null;
  const now = [state, order && `version ${order.version}`].filter(Boolean).join(', ');
  // A stale version needs no more words; other conflicts (already deactivated…) say what happened.
  const detail = error.code === 'stale_version' ? '' : ` ${error.message}`;
  return `Someone changed this order first${now ? `: it is now ${now}` : ''}.${detail} The page shows the order as it is now; check it and try again.`;
}

/** Deactivate / reactivate, swap buyer and swap supplier, each behind its own confirmation dialog. */
export function StaffActions({ order, onConflict }: { order: AdminOrderDetail; onConflict: () => void }) {
  const [open, setOpen] = useState<StaffAction | null>(null);
  const [done, setDone] = useState<{ text: string; unlisted: StaffActionAnswer['unlistedItems'] } | null>(
    null,
  );
  const [conflict, setConflict] = useState<string | null>(null);

  const finished = (text: string, answer?: StaffActionAnswer) => {
    setOpen(null);
    setConflict(null);
    setDone({ text, unlisted: answer?.unlistedItems ?? [] });
  };
  const failed = (error: Error) => {
    if (error instanceof ApiError && error.status === 409) {
      setOpen(null);
      setDone(null);
      setConflict(conflictText(error));
      onConflict();
      return true;
    }
    return false;
  };
  const start = (action: StaffAction) => {
    setDone(null);
    setConflict(null);
    setOpen(action);
  };

  return (
    <Stack gap="sm" data-testid="staff-actions">
      {done && (
        <Alert color="green" data-testid="staff-action-done">
          {done.text}
          {done.unlisted && done.unlisted.length > 0 && (
            <>
              <Text size="sm" mt="xs" fw={600}>
                The new branch does not list these items; they kept their prices:
              </Text>
              <List size="sm" data-testid="staff-action-unlisted">
                {done.unlisted.map((item) => (
                  <List.Item key={item.orderItemId}>
                    {item.primaryName}
                    {item.size ? ` (${item.size})` : ''}
                  </List.Item>
                ))}
              </List>
            </>
          )}
        </Alert>
      )}
      {conflict && (
        <Alert color="red" data-testid="staff-action-conflict">
          {conflict}
        </Alert>
      )}
      <Group gap="sm">
        <Button
          variant="default"
          disabled={!order.canSwapParties}
          onClick={() => start('swap_buyer')}
          data-testid="swap-buyer-open"
        >
          Swap buyer
        </Button>
        <Button
          variant="default"
          disabled={!order.canSwapParties}
          onClick={() => start('swap_supplier')}
          data-testid="swap-supplier-open"
        >
          Swap supplier
        </Button>
        {order.deactivated ? (
          <Button variant="light" onClick={() => start('reactivate')} data-testid="reactivate-open">
            Reactivate order
          </Button>
        ) : (
          <Button
            variant="light"
            color="red"
            onClick={() => start('deactivate')}
            data-testid="deactivate-open"
          >
            Deactivate order
          </Button>
        )}
      </Group>
      {!order.canSwapParties && (
        <Text size="xs" c="dimmed">
          An order that is {stateName(order.state)} keeps its buyer and supplier.
        </Text>
      )}
      <ActivationModal
        order={order}
        action={open === 'deactivate' || open === 'reactivate' ? open : null}
        onClose={() => setOpen(null)}
        onDone={(text) => finished(text)}
        onConflict={failed}
      />
      <SwapPartyModal
        side="buyer"
        order={order}
        opened={open === 'swap_buyer'}
        onClose={() => setOpen(null)}
        onDone={finished}
        onConflict={failed}
      />
      <SwapPartyModal
        side="supplier"
        order={order}
        opened={open === 'swap_supplier'}
        onClose={() => setOpen(null)}
        onDone={finished}
        onConflict={failed}
      />
    </Stack>
  );
}
