import type { z } from 'zod';
import type { fulfillSchema } from '../../domain/orders/order-responses';
import type { Caller } from '../core/caller';
import type { Db, Executor } from '../core/database';
import type { AppDeps } from '../core/deps';
import { AppError } from '../core/errors';
import * as invoices from '../modules/invoices/invoices.service';
import * as orderInvoicing from '../modules/orders/order-invoicing.service';
import * as orderWorkflow from '../modules/orders/order-workflow.service';
import * as organizations from '../modules/organizations/organizations.service';
import * as users from '../modules/users/users.service';

// Invoicing spans orders (the order, its amounts, its state), organisations (terms, bill-to), users
// (who receives the invoice) and invoices. It runs in the caller's transaction: an order is fulfilled
// and invoiced together or not at all (docs/decisions.md, issue 18).

/**
 * Invoices a fulfilled order from its current version: the invoice (sequential number, amount block,
 * due date from the buyer organisation's terms), the order moved to invoiced, and the invoice e-mail
 * queued for the organisation's invoice address (or the buyer). 409 when it is invoiced already.
 */
export async function invoiceOrderInTransaction(
  tx: Executor,
  deps: Pick<AppDeps, 'mail'>,
  caller: Caller,
  orderId: number,
  issuedOn: string,
) {
  // Invoiced already: 409 before the state check (which would name 'invoiced'); two at once are
  // decided by the unique index on invoices.order_id.
  if (await invoices.findInvoiceOfOrder(tx, orderId)) {
    throw new AppError('conflict', invoices.alreadyInvoicedMessage, { code: 'already_invoiced' });
  }
  const { order, amounts } = await orderInvoicing.lockOrderForInvoice(tx, orderId);
  const profile = await organizations.findBillingProfile(tx, order.buyerOrganizationId);
  const invoice = await invoices.createInvoice(tx, {
    orderId: order.id,
    orderVersion: order.version,
    orderNumber: order.orderNumber,
    orderName: order.name,
    jobNumber: order.jobNumber,
    buyerOrganizationId: order.buyerOrganizationId,
    userId: order.userId,
    amounts,
    termsDays: profile?.paymentTermsDays ?? 0,
    issuedOn,
  });
  await orderInvoicing.markOrderInvoiced(tx, caller, order, invoice.invoiceNumber);
  const buyer = await users.findUserById(tx, order.userId);
  const to = profile?.invoiceEmail ?? buyer?.email;
  if (to) await invoices.sendInvoiceMail(tx, deps.mail, invoice, to);
  return invoice;
}

/**
 * The supplier fulfils an order; it is invoiced in the same transaction. The buyer hears of it through
 * the order event's notification (its subscribed contacts).
 */
export async function fulfilOrder(
  db: Db,
  deps: Pick<AppDeps, 'mail'>,
  caller: Caller,
  id: number,
  input: z.output<typeof fulfillSchema>,
  today: string,
) {
  const fulfilled = await db.transaction(async (tx) => {
    const order = await orderWorkflow.fulfillInTransaction(tx, caller, id, input, today);
    await invoiceOrderInTransaction(tx, deps, caller, id, input.fulfilledOn);
    return order;
  });
  return fulfilled;
}

/** Staff 'send invoice' for a fulfilled order that has none (POST /api/internal/orders/{id}/send_invoice). */
export async function sendInvoice(
  db: Db,
  deps: Pick<AppDeps, 'mail'>,
  caller: Caller,
  id: number,
  today: string,
) {
  return db.transaction((tx) => invoiceOrderInTransaction(tx, deps, caller, id, today));
}
