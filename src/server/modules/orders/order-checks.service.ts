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
import type { AppDeps } from '../../core/deps';
import { AppError } from '../../core/errors';
import { listResponse } from '../../http/list';
import * as checks from '../../read-models/order-checks';
import { recordEvent } from '../audit/audit.service';
import * as notifications from '../notifications/notifications.service';
import * as users from '../users/users.service';
import { loadOrderMailContext, orderEmail } from './order-emails.service';
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
 * Re-sends the purchase order (spec §7.2 sync) to the supplier's people and its branch's Order
 * Communications e-mail contacts, through the same order e-mail every order notice uses.
 */
export async function sync(db: Db, deps: Pick<AppDeps, 'mail'>, caller: Caller, orderId: number) {
  return db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, orderId);
    if (!order) throw new AppError('not_found', orderNotFoundMessage);
    if (!openStates.includes(order.state as OrderState) || order.deactivatedAt) {
      throw new AppError('unprocessable', closedOrderSyncMessage, { code: 'order_closed' });
    }
    const recipients = new Map<string, string>();
    for (const person of await users.listUsersOfOrganization(tx, order.supplierOrganizationId)) {
      if (person.status !== 'login_prohibited') recipients.set(person.email.toLowerCase(), person.firstName);
    }
    for (const email of await checks.listOrderContactEmails(tx, order.branchId)) {
      if (!recipients.has(email.toLowerCase())) recipients.set(email.toLowerCase(), 'there');
    }
    if (recipients.size === 0) {
      throw new AppError('unprocessable', nobodyToSyncMessage, { code: 'no_recipients' });
    }
    const context = await loadOrderMailContext(tx, order.id);
    if (!context) throw new AppError('not_found', orderNotFoundMessage);
    // A staff re-send goes to the people named here, not through the subscriptions: its footer points
    // at the notification settings rather than at one subscription's unsubscribe link.
    const links = {
      appUrl: deps.mail.appUrl,
      unsubscribe: { category: 'Order Communications', link: `${deps.mail.appUrl}/notifications` },
    };
    const notice = {
      headline: `purchase order re-sent to ${context.branchName}`,
      lines: [
        `Here is purchase order ${order.orderNumber} from ${context.buyerOrganizationName} again. Please confirm it or propose changes.`,
      ],
    };
    for (const [email, firstName] of recipients) {
      await notifications.sendEmail(tx, deps.mail, {
        to: email,
        ...orderEmail(context, notice, { firstName, party: 'supplier' }, links),
      });
    }
    const sentTo = [...recipients.keys()];
    await recordEvent(tx, actorOf(caller), { type: 'order', id: order.id }, 'sync', { sentTo });
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
