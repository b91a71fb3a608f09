import {
  type CaretakerOrder,
  caretakerReasons,
  closedOrderSyncMessage,
  nobodyToSyncMessage,
  validateOrder,
} from '../../../domain/orders/order-checks';
import { type OrderState, openStates } from '../../../domain/orders/order-states';
import { actorOf, type Caller } from '../../core/caller';
import type { Db, Executor } from '../../core/database';
import { AppError } from '../../core/errors';
import { listResponse } from '../../http/list';
import * as checks from '../../read-models/order-checks';
import { recordEvent } from '../audit/audit.service';
import { ensureDefaultSubscriptions } from '../notifications/notification-settings.service';
import { recordOrderEvent } from './order-event-log';
import * as repo from './orders.repository';
import { orderNotFoundMessage } from './orders.service';

/** What is wrong with an order now (spec part 3 §7.2 validate): one sentence per problem. */
export async function validate(db: Executor, orderId: number) {
  const facts = await checks.findOrderFacts(db, orderId);
  if (!facts) throw new AppError('not_found', orderNotFoundMessage);
  const problems = validateOrder(facts);
  return { orderId, valid: problems.length === 0, problems };
}

/**
 * Re-sends the purchase order (spec §7.2 sync): records the order event `purchase_order_resent` in
 * the order's transaction, which posts 'sent again' in the order's thread; the notification delivery
 * then e-mails the purchase order to the branch's Order Communications contacts, as every order event
 * is (decisions: staff name no extra addresses). Answers the addresses subscribed now.
 */
export async function sync(db: Db, caller: Caller, orderId: number) {
  return db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, orderId);
    if (!order) throw new AppError('not_found', orderNotFoundMessage);
    if (!openStates.includes(order.state as OrderState) || order.deactivatedAt) {
      throw new AppError('unprocessable', closedOrderSyncMessage, { code: 'order_closed' });
    }
    // A branch added after its company was created gets its default subscriptions here, as the
    // delivery would give them, so the answer names who will receive it.
    await ensureDefaultSubscriptions(tx, order.supplierOrganizationId);
    const sentTo = await checks.listOrderContactEmails(tx, order.branchId);
    if (sentTo.length === 0) {
      throw new AppError('unprocessable', nobodyToSyncMessage, { code: 'no_recipients' });
    }
    const actor = actorOf(caller);
    await recordOrderEvent(tx, {
      orderId: order.id,
      name: 'purchase_order_resent',
      fromState: order.state,
      toState: order.state,
      userId: actor.userId,
      impersonatorUserId: actor.impersonatorUserId,
      payload: { version: order.version },
    });
    await recordEvent(tx, actor, { type: 'order', id: order.id }, 'sync', { sentTo });
    return { orderId: order.id, sentTo };
  });
}

/** Open orders needing staff attention now, oldest first, each with its reasons (spec §7.2 caretaker). */
export async function caretaker(db: Executor, now: Date, page: number, perPage: number) {
  const rows = await checks.listOpenOrdersForCaretaker(db, openStates, 2000);
  const needing: CaretakerOrder[] = [];
  for (const row of rows) {
    const reasons = caretakerReasons({ ...row, submittedAt: new Date(row.submittedAt) }, now);
    if (reasons.length === 0) continue;
    needing.push({
      id: row.id,
      orderNumber: row.orderNumber,
      name: row.name,
      state: row.state,
      submittedAt: row.submittedAt,
      buyerOrganizationName: row.buyerOrganizationName,
      branchName: row.branchName,
      reasons,
    });
  }
  return listResponse(needing.slice((page - 1) * perPage, page * perPage), needing.length, page, perPage);
}
