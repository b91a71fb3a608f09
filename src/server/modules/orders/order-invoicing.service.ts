import { orderAmounts } from '../../../domain/orders/order-amounts';
import { canTransition, nextState, type OrderState } from '../../../domain/orders/order-states';
import type { Caller } from '../../core/caller';
import type { Executor } from '../../core/database';
import { AppError } from '../../core/errors';
import { recordOrderEvent } from './order-event-log';
import { applyEvent } from './order-workflow.service';
import * as repo from './orders.repository';
import { amountInputOf, orderNotFoundMessage } from './orders.service';

/**
 * What the invoices area needs from an order (issue 18), so that the orders area never imports it: the
 * order to bill with the buyer's amount block of its current version (orderAmounts, the same function
 * the order page and purchase order use), and the two moves invoicing makes (invoiced, paid).
 */

export const notInvoiceableMessage = (state: string) =>
  `Only a fulfilled order can be invoiced; this order is ${state.replaceAll('_', ' ')}.`;

/** The order locked for invoicing, with its buyer amount block; 404 when missing, 422 unless fulfilled. */
export async function lockOrderForInvoice(tx: Executor, orderId: number) {
  const order = await repo.lockOrder(tx, orderId);
  if (!order) throw new AppError('not_found', orderNotFoundMessage);
  if (!['fulfilled', 'to_invoice'].includes(order.state)) {
    throw new AppError('unprocessable', notInvoiceableMessage(order.state), { code: 'not_invoiceable' });
  }
  const items = await repo.listOrderItems(tx, order.id);
  const amounts = orderAmounts({ audience: 'buyer', ...amountInputOf(order, items) });
  return { order, amounts };
}

/** The order as staff see it for price adjustments: 404 when missing. */
export async function findOrderState(tx: Executor, orderId: number) {
  const order = await repo.lockOrder(tx, orderId);
  if (!order) throw new AppError('not_found', orderNotFoundMessage);
  return { id: order.id, state: order.state as OrderState, buyerOrganizationId: order.buyerOrganizationId };
}

/** fulfilled → invoiced, recorded as the caller's event (the supplier who fulfilled, or staff). */
export async function markOrderInvoiced(
  tx: Executor,
  caller: Caller,
  order: repo.OrderRow,
  invoiceNumber: string,
) {
  return applyEvent(tx, caller, order, 'invoice', {}, { invoiceNumber });
}

/**
 * invoiced → paid once its invoice has nothing due (part 3 §4.1); a no-op if it moved already. The
 * actor is the paying user (a settled bank payment is recorded by the job for the user who paid).
 */
export async function markOrderPaid(
  tx: Executor,
  actor: { userId: number | null; impersonatorUserId?: number | null },
  orderId: number,
  invoiceNumber: string,
) {
  const order = await repo.lockOrder(tx, orderId);
  if (!order || !canTransition(order.state as OrderState, 'pay')) return;
  const to = nextState(order.state as OrderState, 'pay');
  const updated = await repo.updateOrder(tx, order.id, { state: to });
  await recordOrderEvent(tx, {
    orderId: order.id,
    name: 'pay',
    fromState: order.state,
    toState: to,
    userId: actor.userId,
    impersonatorUserId: actor.impersonatorUserId ?? null,
    payload: { version: updated.version, invoiceNumber },
  });
}
