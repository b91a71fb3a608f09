import type { z } from 'zod';
import { isAdmin, isStaff } from '../../../domain/access';
import { productName } from '../../../domain/brand';
import { photoRequestPhotoUrl } from '../../../domain/catalog/photo-requests';
import { messageActions } from '../../../domain/messages/message-actions';
import {
  attachmentTypes,
  cartThreadSubject,
  type EventKind,
  inboxPageSize,
  type MessageLabel,
  type MessageType,
  maxAttachmentBytes,
  maxAttachmentsPerMessage,
  maxMessageLength,
  messageTexts,
  orderThreadSubject,
  type ResponseStatus,
  staffExternalTitle,
} from '../../../domain/messages/message-types';
import type {
  bulkUpdateSchema,
  FeedMessage,
  MessageListItem,
  messageListQuerySchema,
  ThreadFeed,
  UnreadCounts,
} from '../../../domain/messages/message-views';
import {
  noticeOfOrderEvent,
  orderNoticeText,
  type Side,
} from '../../../domain/messages/order-event-messages';
import type { Caller } from '../../core/caller';
import type { Db, Executor } from '../../core/database';
import { AppError } from '../../core/errors';
import { listResponse } from '../../http/list';
import * as feedModel from '../../read-models/message-feed';
import * as inbox from '../../read-models/message-inbox';
import * as subjects from '../../read-models/message-subjects';
import type { FileStorage } from '../../storage/file-storage';
import * as messageNotifications from '../notifications/message-notifications.service';
import * as repo from './messages.repository';

const storagePrefix = 'thread-documents';
/** Notices a side sends itself (a cart's confirmation, a transfer inside one organisation). */
const systemMailbox = 'system';

type Mailbox = string;

/** The mailbox the caller reads: staff share one, everyone else reads their organisation's. */
export function mailboxOf(caller: Caller): Mailbox | null {
  if (isStaff(caller.user)) return repo.staffMailbox;
  return caller.user.organizationId === null ? null : repo.organizationMailbox(caller.user.organizationId);
}

const threadNotFound = () => new AppError('not_found', messageTexts.threadNotFound);

/** Whether a mailbox is a party to a thread: staff are party to all, organisations to their subjects. */
function isParty(mailbox: Mailbox | null, thread: repo.ThreadRow) {
  if (mailbox === null) return false;
  if (mailbox === repo.staffMailbox) return true;
  return (
    (thread.buyerOrganizationId !== null &&
      mailbox === repo.organizationMailbox(thread.buyerOrganizationId)) ||
    (thread.supplierOrganizationId !== null &&
      mailbox === repo.organizationMailbox(thread.supplierOrganizationId))
  );
}

async function threadForCaller(db: Executor, caller: Caller, threadId: number) {
  const thread = await repo.findThread(db, threadId);
  const mailbox = mailboxOf(caller);
  if (!thread || !isParty(mailbox, thread)) throw threadNotFound();
  return { thread, mailbox: mailbox as Mailbox };
}

type Sender = {
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
async function post(tx: Executor, thread: repo.ThreadRow, input: PostInput) {
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

// ---------------------------------------------------------------------------------------------------
// The inbox

const iso = (value: Date | string) => new Date(value).toISOString();

function senderView(row: {
  sender_first_name: string | null;
  sender_last_name: string | null;
  sender_title: string | null;
  sender_mailbox: string;
}) {
  if (row.sender_first_name === null) return null;
  return {
    fullName: `${row.sender_first_name} ${row.sender_last_name ?? ''}`.trim(),
    firstName: row.sender_first_name,
    admin: row.sender_mailbox === repo.staffMailbox,
    externalTitle: row.sender_title,
  };
}

function organizationView(id: number | null, name: string | null, logo: string | null) {
  return id === null || name === null ? null : { id, name, logoUrl: logo };
}

function eventView(
  row: {
    event_kind: string | null;
    event_name: string | null;
    event_payload: Record<string, unknown> | null;
    event_version: number | null;
    created_at: Date;
  },
  respondedAt: Date | null,
) {
  if (!row.event_kind || !row.event_name) return null;
  return {
    kind: row.event_kind as EventKind,
    name: row.event_name,
    eventPayload: row.event_payload ?? {},
    version: row.event_version,
    createdAt: iso(row.created_at),
    respondedAt: respondedAt ? iso(respondedAt) : null,
  };
}

/** The other parties of a thread as the mailbox sees them (the To column of Sent). */
function counterpartNames(
  mailbox: Mailbox,
  row: {
    buyer_organization_id: number | null;
    buyer_organization_name: string | null;
    supplier_organization_id: number | null;
    supplier_organization_name: string | null;
    branch_name: string | null;
  },
) {
  const names: string[] = [];
  if (row.buyer_organization_name && mailbox !== repo.organizationMailbox(row.buyer_organization_id ?? 0))
    names.push(row.buyer_organization_name);
  if (
    row.supplier_organization_name &&
    mailbox !== repo.organizationMailbox(row.supplier_organization_id ?? 0)
  )
    names.push(row.branch_name ?? row.supplier_organization_name);
  if (names.length === 0 && row.buyer_organization_name) names.push(row.buyer_organization_name);
  return names.join(', ');
}

type ListQuery = z.output<typeof messageListQuerySchema>;

/** GET /api/v1/messages: a page of the caller's threads in a view, with search and filters. */
export async function listMessages(db: Executor, caller: Caller, query: ListQuery) {
  const perPage = query.perPage ?? query.per_page ?? inboxPageSize;
  const mailbox = mailboxOf(caller);
  if (mailbox === null) return listResponse([], 0, query.page, perPage);
  const view = query.response_status === 'unread' && query.view === 'inbox' ? 'unread' : query.view;
  const staff = mailbox === repo.staffMailbox;
  const { rows, totalCount } = await inbox.listInbox(db, {
    mailbox,
    view,
    label: query.messageLabel,
    messageType: query.messageType,
    query: query.query || undefined,
    requestedByUserId: query.requestedByUserId,
    branchId: query.branchId,
    assignedToUserId: staff ? query.assignedToUserId : undefined,
    limit: perPage,
    offset: (query.page - 1) * perPage,
  });
  const results: MessageListItem[] = rows.map((row) => ({
    id: row.message_id,
    threadId: row.thread_id,
    messageType: row.message_type as MessageType,
    messageLabel: row.label as MessageLabel,
    responseStatus: view === 'sent' || row.unread_count === 0 ? 'read' : 'unread',
    content: row.content,
    createdAt: iso(row.created_at),
    subjectLine: row.subject_line,
    toFrom:
      view === 'sent'
        ? counterpartNames(mailbox, row)
        : row.sender_mailbox === systemMailbox
          ? (senderView(row)?.fullName ?? productName)
          : (row.sender_title ?? row.sending_organization_name ?? counterpartNames(mailbox, row)),
    sender: senderView(row),
    sendingOrganization: organizationView(
      row.sending_organization_id,
      row.sending_organization_name,
      row.sending_organization_logo,
    ),
    order:
      row.order_id !== null && row.order_number !== null
        ? { id: row.order_id, orderNumber: row.order_number, name: row.order_name ?? '' }
        : null,
    cart:
      row.cart_id !== null && row.cart_number !== null
        ? { id: row.cart_id, cartNumber: row.cart_number, name: row.cart_name ?? '' }
        : null,
    branch:
      row.branch_id !== null && row.branch_name !== null
        ? { id: row.branch_id, name: row.branch_name, slug: row.branch_slug ?? '' }
        : null,
    assignedToUser:
      row.owner_user_id !== null ? { id: row.owner_user_id, fullName: row.owner_full_name ?? '' } : null,
    requestedBy:
      row.requested_by_user_id !== null
        ? { id: row.requested_by_user_id, fullName: row.requested_by_full_name ?? '' }
        : null,
    threadCount: row.message_count,
    archived: row.archived,
    event: eventView(row, row.responded_at),
  }));
  return listResponse(results, totalCount, query.page, perPage);
}

/** GET /api/v1/message_threads/unread_count: unread threads by label, and in all. */
export async function unreadCounts(db: Executor, caller: Caller): Promise<UnreadCounts> {
  const mailbox = mailboxOf(caller);
  const counts: UnreadCounts = { freight: 0, photo: 0, order: 0, total: 0 };
  if (mailbox === null) return counts;
  for (const row of await inbox.unreadCountsByLabel(db, mailbox)) {
    if (row.label === 'Freight Estimate') counts.freight += row.count;
    else if (row.label === 'Photo Request') counts.photo += row.count;
    else if (row.label === 'Order') counts.order += row.count;
    counts.total += row.count;
  }
  return counts;
}

export async function filterOptions(db: Executor, caller: Caller) {
  const mailbox = mailboxOf(caller);
  if (mailbox === null) return { requestedBy: [], branches: [], assignees: [] };
  const choices = await inbox.filterChoices(db, mailbox);
  return { ...choices, assignees: mailbox === repo.staffMailbox ? choices.assignees : [] };
}

/**
 * POST /api/v1/messages/bulk_update: read marks the messages' whole threads read for the caller's
 * mailbox; unread marks the message (or the thread's latest it received) unread. Any id outside the
 * caller's threads answers 404 and nothing changes.
 */
export async function bulkUpdate(db: Db, caller: Caller, input: z.output<typeof bulkUpdateSchema>) {
  const mailbox = mailboxOf(caller);
  const ids = [...new Set(input.ids)];
  const found = await repo.findMessagesByIds(db, ids);
  const threads = await repo.findThreadsByIds(db, [...new Set(found.map((row) => row.threadId))]);
  if (found.length !== ids.length || mailbox === null || threads.some((thread) => !isParty(mailbox, thread)))
    throw new AppError('not_found', messageTexts.messagesNotFound);
  const threadIds = threads.map((thread) => thread.id);
  await db.transaction(async (tx) => {
    if (input.responseStatus === 'read') await repo.markThreadsRead(tx, mailbox, threadIds);
    else await repo.markMessagesUnread(tx, mailbox, ids);
    await repo.recountUnread(tx, mailbox, threadIds);
  });
  return { ids, responseStatus: input.responseStatus as ResponseStatus };
}

/** Archives or unarchives threads in the caller's mailbox; threads of others answer 404. */
export async function setThreadsArchived(
  db: Db,
  caller: Caller,
  threadIds: readonly number[],
  archived: boolean,
) {
  const mailbox = mailboxOf(caller);
  const ids = [...new Set(threadIds)];
  const threads = await repo.findThreadsByIds(db, ids);
  if (
    threads.length !== ids.length ||
    mailbox === null ||
    threads.some((thread) => !isParty(mailbox, thread))
  )
    throw new AppError('not_found', messageTexts.threadNotFound);
  return db.transaction((tx) => repo.setArchived(tx, mailbox, ids, archived));
}

/** Staff give a thread an owner (or none); 404 for anyone else, 400 when the user is not staff. */
export async function assignOwner(db: Db, caller: Caller, threadId: number, userId: number | null) {
  if (!isStaff(caller.user)) throw threadNotFound();
  await threadForCaller(db, caller, threadId);
  if (userId !== null && !(await subjects.findStaffUser(db, userId)))
    throw new AppError('invalid_data', messageTexts.ownerNotStaff, {
      fields: { userId: messageTexts.ownerNotStaff },
    });
  await repo.updateThread(db, threadId, { ownerUserId: userId });
  return threadFeed(db, caller, threadId);
}

// ---------------------------------------------------------------------------------------------------
// The event feed

function respondedAtOf(
  progress: subjects.OrderProgress | null,
  type: MessageType,
  version: number | null,
  payload: Record<string, unknown>,
) {
  if (!progress) return null;
  if (type === 'new_order_received' || type === 'order_sent')
    return version === null ? null : (progress.respondedAtByVersion.get(version) ?? null);
  const ids = Array.isArray(payload.proposalIds)
    ? (payload.proposalIds as number[])
    : typeof payload.proposalId === 'number'
      ? [payload.proposalId]
      : [];
  for (const id of ids) {
    const decided = progress.proposalDecidedAt.get(id);
    if (decided) return decided;
  }
  return null;
}

/**
 * What the caller may do with the request of a request thread: staff answer freight requests; the
 * branch's organisation and admins answer photo requests and may undo the reply until the asking
 * organisation has read it; the asking organisation may add the photographed item to its cart.
 */
async function requestContextOf(db: Executor, caller: Caller, thread: repo.ThreadRow, mailbox: Mailbox) {
  const found = await subjects.findThreadRequest(db, thread.id);
  if (!found) return null;
  const supplierMailbox =
    thread.supplierOrganizationId === null ? null : repo.organizationMailbox(thread.supplierOrganizationId);
  const buyerMailbox =
    thread.buyerOrganizationId === null ? null : repo.organizationMailbox(thread.buyerOrganizationId);
  const canAnswer =
    found.kind === 'freight' ? isStaff(caller.user) : mailbox === supplierMailbox || isAdmin(caller.user);
  let canUndo = false;
  if (found.kind === 'photo' && found.responseMessageId !== null && canAnswer && buyerMailbox) {
    const receipts = await repo.receiptsInThread(db, buyerMailbox, thread.id);
    canUndo = receipts.some(
      (row) => Number(row.message_id) === found.responseMessageId && row.response_status === 'unread',
    );
  }
  const photos =
    found.kind === 'photo'
      ? (await subjects.findPhotosByIds(db, found.photoIds)).map((photo) => ({
          id: photo.id,
          fileUrl: photoRequestPhotoUrl(found.id, photo.id),
          pictureTakenOn: photo.picture_taken_on,
          public: photo.public,
        }))
      : [];
  return {
    ...found,
    canAnswer,
    canUndo,
    requester: found.kind === 'photo' && mailbox === buyerMailbox,
    photos,
  };
}

/** GET /api/v1/message_threads/{id}/messages: the thread and its messages, oldest first. */
export async function threadFeed(db: Executor, caller: Caller, threadId: number): Promise<ThreadFeed> {
  const { thread, mailbox } = await threadForCaller(db, caller, threadId);
  const [rows, head, receipts, attachments, mailboxRow] = await Promise.all([
    feedModel.feedMessages(db, threadId),
    feedModel.threadHead(db, threadId),
    repo.receiptsInThread(db, mailbox, threadId),
    repo.attachmentsOfThread(db, threadId),
    repo.findMailboxRow(db, mailbox, threadId),
  ]);
  const progress = thread.orderId ? await subjects.findOrderProgress(db, thread.orderId) : null;
  const request = await requestContextOf(db, caller, thread, mailbox);
  const status = new Map(receipts.map((row) => [Number(row.message_id), row.response_status]));
  const supplier =
    thread.supplierOrganizationId !== null &&
    (mailbox === repo.organizationMailbox(thread.supplierOrganizationId) || isAdmin(caller.user));
  // Only the latest message shows its actions, freight requests excepted (spec part 3 §2.5): the
  // latest the caller received, since what the caller sent asks nothing of them.
  const lastReceivedId = rows.findLast((row) => row.sender_mailbox !== mailbox)?.id ?? null;
  const results: FeedMessage[] = rows.map((row) => {
    const type = row.message_type as MessageType;
    const respondedAt = respondedAtOf(progress, type, row.event_version, row.event_payload ?? {});
    const received = status.has(row.id) || (mailbox === repo.staffMailbox && row.sender_mailbox !== mailbox);
    const showActions =
      row.id === lastReceivedId ||
      type === 'freight_quote_request' ||
      (request !== null && type.endsWith('_response'));
    return {
      id: row.id,
      threadId: row.thread_id,
      messageType: type,
      responseStatus: (status.get(row.id) ?? 'read') as ResponseStatus,
      mine: row.sender_mailbox === mailbox,
      content: row.content,
      createdAt: iso(row.created_at),
      sender: senderView(row),
      sendingOrganization: organizationView(
        row.sending_organization_id,
        row.sending_organization_name,
        row.sending_organization_logo,
      ),
      organizationLine: row.sender_title ?? row.sending_organization_name ?? '',
      messageAttachments: attachments
        .filter((file) => file.messageId === row.id)
        .map((file) => ({
          id: file.id,
          filename: file.filename,
          contentType: file.contentType,
          byteSize: file.byteSize,
          image: file.contentType.startsWith('image/'),
        })),
      photoRequestImages:
        type === 'photo_request_response' && request?.responseMessageId === row.id ? request.photos : [],
      event: eventView(row, request?.respondedAt ?? respondedAt),
      actions: showActions
        ? messageActions({
            messageType: type,
            version: row.event_version,
            received,
            supplier: supplier && row.sender_mailbox !== mailbox,
            order: progress ? { state: progress.state, version: progress.version } : null,
            respondedAt,
            hasCart: thread.cartId !== null,
            request: request && {
              id: request.id,
              respondedAt: request.respondedAt,
              canAnswer: request.canAnswer,
              canUndo: request.canUndo && row.sender_mailbox === mailbox,
              requester: request.requester,
            },
          })
        : [],
    };
  });
  const parties = [
    head?.buyer_organization_name,
    head?.branch_name ?? head?.supplier_organization_name,
  ].filter((name): name is string => Boolean(name));
  return {
    thread: {
      id: thread.id,
      subjectType: thread.subjectType as ThreadFeed['thread']['subjectType'],
      subjectLine: thread.subjectLine,
      label: thread.label as MessageLabel,
      archived: mailboxRow?.archived ?? false,
      order:
        thread.orderId !== null && head?.order_number
          ? { id: thread.orderId, orderNumber: head.order_number, name: head.order_name ?? '' }
          : null,
      cart:
        thread.cartId !== null && head?.cart_number
          ? { id: thread.cartId, cartNumber: head.cart_number, name: head.cart_name ?? '' }
          : null,
      parties,
      assignedToUser:
        thread.ownerUserId !== null
          ? { id: thread.ownerUserId, fullName: head?.owner_full_name ?? '' }
          : null,
      canAssign: isStaff(caller.user),
      canReply: true,
    },
    results,
  };
}

// ---------------------------------------------------------------------------------------------------
// Replies and their attachments

export type UploadedFile = { filename: string; data: Buffer; truncated: boolean };

function invalid(field: string, message: string) {
  return new AppError('invalid_data', message, { fields: { [field]: message } });
}

function checkAttachments(files: readonly UploadedFile[]) {
  if (files.length > maxAttachmentsPerMessage) throw invalid('files', messageTexts.tooManyAttachments);
  return files.map((file) => {
    if (file.truncated || file.data.length > maxAttachmentBytes)
      throw invalid('files', messageTexts.attachmentTooLarge);
    const extension = file.filename.split('.').pop()?.toLowerCase() ?? '';
    const contentType = attachmentTypes[extension];
    if (!contentType || file.data.length === 0) throw invalid('files', messageTexts.attachmentType);
    return { ...file, extension, contentType };
  });
}

/** Checks a written message's text the way the JSON body's schema does (for multipart bodies). */
export function checkContent(content: unknown) {
  const text = typeof content === 'string' ? content.trim() : '';
  if (!text) throw invalid('content', messageTexts.contentRequired);
  if (text.length > maxMessageLength) throw invalid('content', messageTexts.contentTooLong);
  return text;
}

/**
 * POST /api/v1/message_threads/{id}/messages: free text (with attachments) to the thread's other
 * parties (its subject's organisations and staff). Files are checked before anything is stored;
 * they are stored first and removed again if the message cannot be written.
 */
export async function reply(
  db: Db,
  storage: FileStorage,
  caller: Caller,
  threadId: number,
  input: { content: unknown; files: readonly UploadedFile[] },
) {
  const { thread, mailbox } = await threadForCaller(db, caller, threadId);
  const content = checkContent(input.content);
  const files = checkAttachments(input.files);
  const keys: string[] = [];
  try {
    for (const file of files) keys.push(await storage.put(storagePrefix, file.extension, file.data));
    const messageId = await db.transaction(async (tx) => {
      const recipients = [repo.staffMailbox];
      if (thread.buyerOrganizationId !== null)
        recipients.push(repo.organizationMailbox(thread.buyerOrganizationId));
      if (thread.supplierOrganizationId !== null)
        recipients.push(repo.organizationMailbox(thread.supplierOrganizationId));
      const staff = mailbox === repo.staffMailbox;
      const message = await post(tx, thread, {
        type: 'free_text_message',
        content,
        sender: {
          userId: caller.user.id,
          organizationId: staff ? null : caller.user.organizationId,
          title: staff ? staffExternalTitle(caller.user.roles) : null,
          mailbox,
        },
        recipients,
      });
      await repo.insertAttachments(
        tx,
        files.map((file, index) => ({
          messageId: message.id,
          threadId: thread.id,
          storageKey: keys[index],
          filename: file.filename.slice(0, 255),
          contentType: file.contentType,
          byteSize: file.data.length,
        })),
      );
      return message.id;
    });
    const feed = await threadFeed(db, caller, threadId);
    const message = feed.results.find((row) => row.id === messageId);
    if (!message) throw new Error('The message just written is missing');
    return message;
  } catch (error) {
    await Promise.all(keys.map((key) => storage.remove(key).catch(() => undefined)));
    throw error;
  }
}

/** An attachment's bytes for a party of its thread; 404 for anyone else. */
export async function readAttachment(db: Executor, storage: FileStorage, caller: Caller, id: number) {
  const file = await repo.findAttachment(db, id);
  const thread = file ? await repo.findThread(db, file.threadId) : null;
  const data =
    file && thread && isParty(mailboxOf(caller), thread) ? await storage.get(file.storageKey) : null;
  if (!file || !data) throw new AppError('not_found', messageTexts.attachmentNotFound);
  return { data, contentType: file.contentType, filename: file.filename };
}

/** The thread of an order, for its parties (the order page's 'Messages' link). */
export async function orderThreadId(db: Executor, caller: Caller, orderId: number) {
  const thread = await repo.findOrderThread(db, orderId);
  if (!thread || !isParty(mailboxOf(caller), thread)) throw threadNotFound();
  return { threadId: thread.id };
}
