import { isStaff } from '../../../domain/access';
import { productName } from '../../../domain/brand';
import {
  cartThreadSubject,
  type EventKind,
  type MessageType,
  orderThreadSubject,
  staffExternalTitle,
} from '../../../domain/messages/message-types';
import {
  noticeOfOrderEvent,
  orderNoticeText,
  type Side,
} from '../../../domain/messages/order-event-messages';
import type { Executor } from '../../core/database';
import * as subjects from '../../read-models/message-subjects';
import * as messageNotifications from '../notifications/message-notifications.service';
import { type Mailbox, systemMailbox, threadNotFound } from './message-access';
import * as repo from './messages.repository';

export type Sender = {
  userId: number | null;
  organizationId: number | null;
  title: string | null;
  mailbox: Mailbox;
};

function senderOfUser(user: subjects.SenderUser | null): Sender {
  if (!user)
    return { userId: null, organizationId: null, title: staffExternalTitle([]), mailbox: repo.staffMailbox };
  if (isStaff({ roles: user.roles }))
    return {
      userId: user.id,
      organizationId: null,
      title: staffExternalTitle(user.roles),
      mailbox: repo.staffMailbox,
    };
  return {
    userId: user.id,
    organizationId: user.organizationId,
    title: null,
    mailbox: user.organizationId === null ? systemMailbox : repo.organizationMailbox(user.organizationId),
  };
}

type PostInput = {
  type: MessageType;
  content: string;
  sender: Sender;
  recipients: Mailbox[];
  recipientUserId?: number | null;
  event?: { kind: EventKind; name: string; payload: Record<string, unknown>; version: number | null };
};

/** Writes a message and delivers it to the recipients' mailboxes (never back to the sender's). */
export async function post(tx: Executor, thread: repo.ThreadRow, input: PostInput) {
  const recipients = [...new Set(input.recipients)].filter((mailbox) => mailbox !== input.sender.mailbox);
  const message = await repo.insertMessage(tx, {
    threadId: thread.id,
    messageType: input.type,
    content: input.content,
    senderUserId: input.sender.userId,
    sendingOrganizationId: input.sender.organizationId,
    senderMailbox: input.sender.mailbox,
    senderTitle: input.sender.title,
    recipientUserId: input.recipientUserId ?? null,
    eventKind: input.event?.kind ?? null,
    eventName: input.event?.name ?? null,
    eventPayload: input.event?.payload ?? null,
    eventVersion: input.event?.version ?? null,
  });
  await repo.deliver(tx, message, thread.label, recipients, input.sender.mailbox !== systemMailbox);
  // The receiving sides' subscribed contacts hear of it by e-mail and text (issue 17), in this transaction.
  if (recipients.length > 0) await messageNotifications.queueMessageNotifications(tx, message.id);
  await repo.appendSearchText(
    tx,
    thread.id,
    input.type === 'free_text_message' ? input.content.slice(0, 300) : '',
  );
  return message;
}

// ---------------------------------------------------------------------------------------------------
// Threads of orders and carts, and the messages events post into them

function sideMailbox(order: subjects.OrderSubject, side: Side): Mailbox {
  if (side === 'buyer') return repo.organizationMailbox(order.buyerOrganizationId);
  if (side === 'supplier') return repo.organizationMailbox(order.supplierOrganizationId);
  return repo.staffMailbox;
}

async function ensureOrderThread(tx: Executor, order: subjects.OrderSubject) {
  const parties = {
    branchId: order.branchId,
    buyerOrganizationId: order.buyerOrganizationId,
    supplierOrganizationId: order.supplierOrganizationId,
    requestedByUserId: order.userId,
  };
  const existing = await repo.findOrderThread(tx, order.id);
  if (existing) {
    const moved = (Object.keys(parties) as (keyof typeof parties)[]).some(
      (key) => existing[key] !== parties[key],
    );
    return moved ? repo.updateThread(tx, existing.id, parties) : existing;
  }
  return repo.insertThread(tx, {
    subjectType: 'order',
    orderId: order.id,
    ...parties,
    label: 'Order',
    subjectLine: orderThreadSubject(order.orderNumber, order.name),
    searchText: [
      order.orderNumber,
      order.name,
      order.jobNumber,
      order.buyerOrganizationName,
      order.buyerFullName,
      order.supplierOrganizationName,
      order.branchName,
    ]
      .filter(Boolean)
      .join(' '),
  });
}

/** The order event payload of spec part 3 §3 (the parts the order has). */
function orderPayload(order: subjects.OrderSubject, extra: Record<string, unknown>) {
  return {
    ...extra,
    orderId: order.id,
    name: order.name,
    orderNumber: order.orderNumber,
    jobNumber: order.jobNumber,
    branchName: order.branchName,
    branchSlug: order.branchSlug,
    expectedDate: order.requestedOn,
    fulfillmentType: order.fulfillment === 'delivery' ? 'Delivery' : 'Pickup',
    buyerOrganizationName: order.buyerOrganizationName,
    buyerFullName: order.buyerFullName,
    state: order.state,
    total: order.total,
  };
}

export type OrderEventRecord = {
  orderId: number;
  name: string;
  fromState?: string | null;
  toState?: string | null;
  userId?: number | null;
  payload?: Record<string, unknown> | null;
};

/**
 * The message an order event becomes (issue 15), in the order's thread, in the caller's
 * transaction: called by the orders module's event log right after it records the event.
 */
export async function postOrderEventMessage(tx: Executor, event: OrderEventRecord) {
  // Events that are never messages (submission, invoicing) cost no query.
  const sides: Side[] = ['buyer', 'supplier', 'staff'];
  if (sides.every((side) => !noticeOfOrderEvent(event.name, event.fromState ?? null, side))) return null;
  const order = await subjects.findOrderSubject(tx, event.orderId);
  if (!order) return null;
  const actor = event.userId ? await subjects.findSenderUser(tx, event.userId) : null;
  const sender = senderOfUser(actor);
  const side: Side =
    sender.mailbox === repo.staffMailbox
      ? 'staff'
      : actor?.organizationId === order.buyerOrganizationId
        ? 'buyer'
        : 'supplier';
  const notice = noticeOfOrderEvent(event.name, event.fromState ?? null, side);
  if (!notice) return null;
  const thread = await ensureOrderThread(tx, order);
  const payload = event.payload ?? {};
  // An event without a user (imports, the seed) speaks for the side that acts in it; the payment
  // hold is the platform's own, so support speaks.
  const from: Sender =
    actor || notice.to.includes('staff') || notice.type === 'missing_payment_method'
      ? sender
      : notice.to.includes('buyer') && !notice.to.includes('supplier')
        ? {
            ...sender,
            organizationId: order.supplierOrganizationId,
            title: null,
            mailbox: sideMailbox(order, 'supplier'),
          }
        : notice.to.includes('supplier') && !notice.to.includes('buyer')
          ? {
              ...sender,
              organizationId: order.buyerOrganizationId,
              title: null,
              mailbox: sideMailbox(order, 'buyer'),
            }
          : sender;
  const version = typeof payload.version === 'number' ? payload.version : order.version;
  return post(tx, thread, {
    type: notice.type,
    content: orderNoticeText(
      notice.type,
      { ...order, supplierName: order.supplierOrganizationName, buyerName: order.buyerOrganizationName },
      payload,
    ),
    sender: from,
    recipients: notice.to.map((to) => sideMailbox(order, to)),
    event: { kind: 'orderEvent', name: event.name, payload: orderPayload(order, payload), version },
  });
}

/**
 * A submitted cart: cart_submitted to the buyer's organisation (in the cart's thread) and
 * new_order_received to each supplier (in each order's thread), in the submission's transaction.
 */
export async function postCartSubmitted(
  tx: Executor,
  input: { cartId: number; userId: number; orderIds: readonly number[] },
) {
  const cart = await subjects.findCartSubject(tx, input.cartId);
  const buyer = await subjects.findSenderUser(tx, input.userId);
  if (!cart || cart.organizationId === null) return;
  // One query at a time: a transaction's connection runs one statement at once.
  const orderSubjects: subjects.OrderSubject[] = [];
  for (const id of input.orderIds) {
    const order = await subjects.findOrderSubject(tx, id);
    if (order) orderSubjects.push(order);
  }
  const sender = senderOfUser(buyer);
  for (const order of orderSubjects) {
    // An order held for payment information reaches its supplier when a payment method is added.
    if (order.state === 'needs_payment_info') continue;
    const thread = await ensureOrderThread(tx, order);
    await post(tx, thread, {
      type: 'new_order_received',
      content: orderNoticeText(
        'new_order_received',
        { ...order, supplierName: order.supplierOrganizationName, buyerName: order.buyerOrganizationName },
        {},
      ),
      sender,
      recipients: [repo.organizationMailbox(order.supplierOrganizationId)],
      event: {
        kind: 'orderEvent',
        name: 'new_order_received',
        payload: orderPayload(order, {}),
        version: order.version,
      },
    });
  }
  const thread = await ensureCartThread(tx, cart);
  const count = orderSubjects.length;
  await post(tx, thread, {
    type: 'cart_submitted',
    content: `Your cart ${cart.name} (${cart.cartNumber}) was sent to ${count} supplier${count === 1 ? '' : 's'}: ${orderSubjects
      .map(
        (order) =>
          `${order.branchName} (order ${order.orderNumber}${order.state === 'needs_payment_info' ? ', waiting for payment information' : ''})`,
      )
      .join(', ')}.`,
    sender: { ...sender, mailbox: systemMailbox },
    recipients: [repo.organizationMailbox(cart.organizationId)],
    recipientUserId: cart.userId,
    event: {
      kind: 'cartEvent',
      name: 'cart_submitted',
      payload: {
        cartName: cart.name,
        cartNumber: cart.cartNumber,
        orderCount: count,
        suppliers: orderSubjects.map((order) => order.supplierOrganizationName),
        orders: orderSubjects.map((order) => ({
          id: order.id,
          orderNumber: order.orderNumber,
          branchName: order.branchName,
          total: order.total,
        })),
      },
      version: null,
    },
  });
}

async function ensureCartThread(tx: Executor, cart: subjects.CartSubject) {
  const existing = await repo.findCartThread(tx, cart.id);
  if (existing) return existing;
  return repo.insertThread(tx, {
    subjectType: 'cart',
    cartId: cart.id,
    buyerOrganizationId: cart.organizationId,
    requestedByUserId: cart.userId,
    label: 'Order',
    subjectLine: cartThreadSubject(cart.cartNumber, cart.name),
    searchText: [cart.cartNumber, cart.name, cart.organizationName].filter(Boolean).join(' '),
  });
}

/** A cart handed to another buyer of the organisation, with the note (spec part 3 §2.5 cart transfer). */
export async function postCartTransferred(
  tx: Executor,
  input: { cartId: number; byUserId: number; toUserId: number; note: string | null },
) {
  const cart = await subjects.findCartSubject(tx, input.cartId);
  const by = await subjects.findSenderUser(tx, input.byUserId);
  const to = await subjects.findSenderUser(tx, input.toUserId);
  if (!cart || cart.organizationId === null || !by || !to) return;
  const thread = await ensureCartThread(tx, cart);
  await post(tx, thread, {
    type: 'cart_transferred',
    content: `${by.firstName} ${by.lastName} assigned the cart ${cart.name} (${cart.cartNumber}) to ${to.firstName} ${to.lastName}.${input.note ? ` Note: ${input.note}` : ''}`,
    sender: { ...senderOfUser(by), mailbox: systemMailbox },
    recipients: [repo.organizationMailbox(cart.organizationId)],
    recipientUserId: to.id,
    event: {
      kind: 'cartEvent',
      name: 'cart_transferred',
      payload: { cartName: cart.name, cartNumber: cart.cartNumber, note: input.note },
      version: null,
    },
  });
}

// ---------------------------------------------------------------------------------------------------
// Scheduled reminders (issue 17): notices from the platform itself, in the inbox like any message

/** The platform speaking for itself: no user, no organisation, and no sent-box of its own. */
const platformSender: Sender = {
  userId: null,
  organizationId: null,
  title: productName,
  mailbox: systemMailbox,
};

export type ScheduleAudience =
  | { kind: 'buyer'; organizationId: number; organizationName: string }
  | { kind: 'branch'; branchId: number; branchName: string; organizationId: number };

/**
 * A weekly schedule reminder (spec part 3 §3 Reminder) in the audience's schedule thread: a buyer
 * organisation's, or one supplier branch's.
 */
export async function postScheduleReminder(
  tx: Executor,
  audience: ScheduleAudience,
  reminder: { content: string; payload: Record<string, unknown> },
) {
  const subjectType = audience.kind === 'buyer' ? 'organization' : 'branch';
  const existing = await repo.findPartyThread(
    tx,
    subjectType,
    audience.kind === 'buyer' ? audience.organizationId : audience.branchId,
  );
  const thread =
    existing ??
    (await repo.insertThread(tx, {
      subjectType,
      branchId: audience.kind === 'branch' ? audience.branchId : null,
      buyerOrganizationId: audience.kind === 'buyer' ? audience.organizationId : null,
      supplierOrganizationId: audience.kind === 'branch' ? audience.organizationId : null,
      label: 'Order',
      subjectLine: audience.kind === 'buyer' ? 'Weekly schedule' : `Weekly schedule: ${audience.branchName}`,
      searchText: audience.kind === 'buyer' ? audience.organizationName : audience.branchName,
    }));
  return post(tx, thread, {
    type: 'weekly_schedule_reminder',
    content: reminder.content,
    sender: platformSender,
    recipients: [repo.organizationMailbox(audience.organizationId)],
    event: {
      kind: audience.kind === 'buyer' ? 'organizationEvent' : 'branchEvent',
      name: 'weekly_schedule_reminder',
      payload: reminder.payload,
      version: null,
    },
  });
}

/**
 * A reminder about one order in its thread: the day-before reminder to the buyer
 * (upcoming_order_reminder_buyer) or the unanswered-order reminder to the supplier and staff.
 */
export async function postOrderReminder(
  tx: Executor,
  orderId: number,
  type: 'upcoming_order_reminder_buyer' | 'past_due_order_reminder',
  content: string,
) {
  const order = await subjects.findOrderSubject(tx, orderId);
  if (!order) return null;
  const thread = await ensureOrderThread(tx, order);
  const recipients: Side[] = type === 'upcoming_order_reminder_buyer' ? ['buyer'] : ['supplier', 'staff'];
  return post(tx, thread, {
    type,
    content,
    sender: platformSender,
    recipients: recipients.map((side) => sideMailbox(order, side)),
    event: { kind: 'orderEvent', name: type, payload: orderPayload(order, {}), version: order.version },
  });
}

// ---------------------------------------------------------------------------------------------------
// Request threads: freight estimates and photo requests (issue 16)

export type RequestParty = 'buyer' | 'supplier' | 'staff';

/** A 'Freight Estimate' or 'Photo Request' thread: one per request, between its parties and staff. */
export async function openRequestThread(
  tx: Executor,
  input: {
    label: 'Freight Estimate' | 'Photo Request';
    subjectType: 'organization' | 'branch';
    subjectLine: string;
    searchText: string;
    cartId?: number | null;
    orderId?: number | null;
    branchId?: number | null;
    buyerOrganizationId: number | null;
    supplierOrganizationId: number | null;
    requestedByUserId: number | null;
  },
) {
  const thread = await repo.insertThread(tx, {
    subjectType: input.subjectType,
    cartId: input.cartId ?? null,
    orderId: input.orderId ?? null,
    branchId: input.branchId ?? null,
    buyerOrganizationId: input.buyerOrganizationId,
    supplierOrganizationId: input.supplierOrganizationId,
    requestedByUserId: input.requestedByUserId,
    label: input.label,
    subjectLine: input.subjectLine,
    searchText: input.searchText,
  });
  return { threadId: thread.id };
}

/**
 * A request or its answer in a request thread: from a user (their organisation's mailbox, or staff's),
 * to the thread's named parties, with the event payload and any stored files. Returns the message id.
 */
export async function postRequestEvent(
  tx: Executor,
  threadId: number,
  input: {
    type: MessageType;
    content: string;
    senderUserId: number | null;
    to: readonly RequestParty[];
    event: { kind: EventKind; name: string; payload: Record<string, unknown> };
    attachments?: readonly { storageKey: string; filename: string; contentType: string; byteSize: number }[];
  },
) {
  const thread = await repo.findThread(tx, threadId);
  if (!thread) throw threadNotFound();
  const user = input.senderUserId === null ? null : await subjects.findSenderUser(tx, input.senderUserId);
  const sender = senderOfUser(user);
  const recipients = input.to.flatMap((party) => {
    if (party === 'staff') return [repo.staffMailbox];
    const id = party === 'buyer' ? thread.buyerOrganizationId : thread.supplierOrganizationId;
    return id === null ? [] : [repo.organizationMailbox(id)];
  });
  const message = await post(tx, thread, {
    type: input.type,
    content: input.content,
    sender,
    recipients,
    event: { ...input.event, version: null },
  });
  if (input.attachments?.length)
    await repo.insertAttachments(
      tx,
      input.attachments.map((file) => ({
        messageId: message.id,
        threadId,
        storageKey: file.storageKey,
        filename: file.filename.slice(0, 255),
        contentType: file.contentType,
        byteSize: file.byteSize,
      })),
    );
  return { messageId: message.id };
}

/** Removes a message of a request thread (a photo reply undone), keeping the mailboxes' counts right. */
export async function removeRequestMessage(tx: Executor, threadId: number, messageId: number) {
  await repo.deleteMessage(tx, messageId, threadId);
}

/** The storage keys of a message's attachments (to remove the files once the message is gone). */
export async function attachmentKeysOf(db: Executor, threadId: number, messageId: number) {
  return (await repo.attachmentsOfThread(db, threadId))
    .filter((file) => file.messageId === messageId)
    .map((file) => file.storageKey);
}
