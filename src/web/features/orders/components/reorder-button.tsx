import { Button } from '@mantine/core';
import { IconRepeat } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { paths } from '../../../paths';
import { showSuccess } from '../../../shell/toasts';
import { useReorderOrder } from '../api/reorder-order';

/** The buyer starts a new cart with this order's items at today's prices. */
export function ReorderButton({ orderId }: { orderId: number }) {
  const reorder = useReorderOrder(orderId);
  const navigate = useNavigate();
  return (
    <Button
      variant="default"
      leftSection={<IconRepeat size={16} />}
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
            navigate(paths.cartEdit(answer.cart.id, { reorder: true }));
          },
        })
      }
    >
      Reorder
    </Button>
  );
}
