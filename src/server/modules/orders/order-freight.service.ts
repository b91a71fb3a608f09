import { actorOf, type Caller } from '../../core/caller';
import type { Executor } from '../../core/database';
import { AppError } from '../../core/errors';
import { recordOrderEvent } from './order-event-log';
import { amountsFromItems } from './order-totals';
import { snapshotVersion } from './order-versions';
import * as repo from './orders.repository';
import { orderNotFoundMessage } from './orders.service';

export const notFreightPendingMessage =
  'This order is not waiting for a freight estimate: its shipping was already set.';

/**
 * The logistics team's freight estimate becomes the order's shipping amount (issue 16): a new order
 * version whose amounts follow from the lines (src/domain/orders/order-amounts.ts) with this shipping,
 * freight_pending cleared, the supplier's answer carried to the new version (the order stays answered
 * and confirmed) and a freight_estimated event. Call inside the estimate's transaction.
 */
export async function applyFreightEstimate(
  tx: Executor,
  caller: Caller,
  orderId: number,
  input: { cost: number; notes: string | null },
) {
  const order = await repo.lockOrder(tx, orderId);
  if (!order) throw new AppError('not_found', orderNotFoundMessage);
  if (!order.freightPending)
    throw new AppError('conflict', notFreightPendingMessage, { code: 'not_freight_pending' });
  const amounts = await amountsFromItems(tx, { ...order, shippingAmount: input.cost });
  const updated = await repo.updateOrder(tx, order.id, {
    ...amounts,
    shippingAmount: input.cost,
    shippingNotes: input.notes ?? order.shippingNotes,
    freightPending: false,
    version: order.version + 1,
  });
  const answer = await repo.findResponse(tx, order.id, order.version);
  if (answer) {
    await repo.insertResponse(tx, {
      orderId: order.id,
      version: updated.version,
      respondedWith: answer.respondedWith,
      shippingMode: answer.shippingMode,
      shippingAmount: input.cost,
      shippingNotes: input.notes ?? answer.shippingNotes,
      reason: answer.reason,
      comment: answer.comment,
      respondedByUserId: answer.respondedByUserId,
    });
  }
  await snapshotVersion(tx, updated, 'freight_estimated', caller.user.id);
  const actor = actorOf(caller);
  await recordOrderEvent(tx, {
    orderId: order.id,
    name: 'freight_estimated',
    fromState: order.state,
    toState: order.state,
    userId: actor.userId,
    impersonatorUserId: actor.impersonatorUserId,
    payload: { version: updated.version, shippingAmount: input.cost, total: updated.total },
  });
  return updated;
}
