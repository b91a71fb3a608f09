import { Button, Group } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { answerOf, api } from '../../../api/api';
import { useFeatures } from '../../../api/features';
import { showSuccess } from '../../../shell/toasts';
import { type OrderDetail, orderKeys } from '../api/order-api';

const removableStates = ['submitted', 'purchase_order_sent', 'needs_review'];

/** CAN_REMOVE_FROM_ORDER: whether the buyer may take lines off this order now. */
export function useCanRemoveItems(order: OrderDetail) {
  const { isOn } = useFeatures();
  return (
    isOn('CAN_REMOVE_FROM_ORDER') &&
    order.audience === 'buyer' &&
    !order.deactivated &&
    removableStates.includes(order.state) &&
    order.currentSupplierPurchaseOrderResponse === null &&
    order.items.length > 1
  );
}

/** Removes one line after a second click; the order becomes a new version the supplier answers. */
export function RemoveItemButton({ order, itemId }: { order: OrderDetail; itemId: number }) {
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () =>
      answerOf(
        api.POST('/api/v1/orders/{id}/items/{itemId}/remove', {
          params: { path: { id: order.id, itemId } },
          body: { version: order.version },
        }),
      ),
    onSuccess: (updated) => {
      queryClient.setQueryData(orderKeys.detail(order.id), updated);
      showSuccess('The item was removed; the supplier will answer the new version.');
    },
  });
  if (!confirming) {
    return (
      <Button size="compact-xs" variant="subtle" color="red" onClick={() => setConfirming(true)}>
        Remove
      </Button>
    );
  }
  return (
    <Group gap={4} wrap="nowrap">
      <Button size="compact-xs" color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
        Remove item
      </Button>
      <Button size="compact-xs" variant="default" onClick={() => setConfirming(false)}>
        Keep
      </Button>
    </Group>
  );
}
