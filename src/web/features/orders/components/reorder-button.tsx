import { Button } from '@mantine/core';
import { IconRepeat } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { paths } from '../../../paths';
import { showSuccess } from '../../../shell/toasts';
import { useReorderOrder } from '../api/reorder-order';

/** QUICK_ORDER: the order list's row action, the same reorder in a small button. */
export function QuickReorderButton({ orderId }: { orderId: number }) {
  return <ReorderButton orderId={orderId} compact />;
}

/** The buyer starts a new cart with this order's items at today's prices. */
export function ReorderButton({ orderId, compact = false }: { orderId: number; compact?: boolean }) {
  const reorder = useReorderOrder(orderId);
  const navigate = useNavigate();
  return (
    <Button
      variant="default"
      size={compact ? 'xs' : 'sm'}
      leftSection={<IconRepeat size={compact ? 14 : 16} />}
      loading={reorder.isPending}
      data-testid="order-reorder"
      onClick={() =>
        reorder.mutate(undefined, {
          onSuccess: (answer) => {
            const skipped = answer.skippedItems.map((item) => item.primaryName);
            showSuccess(
              skipped.length === 0
                ? `Added ${answer.addedCount} item${answer.addedCount === 1 ? '' : 's'} to a new cart.`
                : `Added ${answer.addedCount} item${answer.addedCount === 1 ? '' : 's'} to a new cart. Not available any more: ${skipped.join(', ')}.`,
            );
            // The state says this cart really is a copy (kept across a reload, not in a typed URL).
            navigate(paths.cartEdit(answer.cart.id, { reorder: true }), {
              state: { copiedFromOrder: orderId },
            });
          },
        })
      }
    >
      Reorder
    </Button>
  );
}
