import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { baseColumns, timestamptz } from '../../db/columns';
import { carts } from '../carts/carts.tables';
import { orders } from '../orders/orders.tables';
import { branches, organizations } from '../organizations/organizations.tables';
import { users } from '../users/users.tables';

/**
 * A conversation about one subject: an order, a cart, a branch or an organisation (spec part 3 §3).
 * The parties are the subject's organisations (buyer organisation, supplier organisation) and staff.
 * `search_text` holds what the inbox's search box matches: subject line, numbers, party names and
 * the start of each written message.
 */
export const messageThreads = pgTable(
  'message_threads',
  {
    ...baseColumns(),
    subjectType: text('subject_type').notNull(),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id, { onDelete: 'cascade' }),
    cartId: bigint('cart_id', { mode: 'number' }).references(() => carts.id, { onDelete: 'cascade' }),
    branchId: bigint('branch_id', { mode: 'number' }).references(() => branches.id, { onDelete: 'set null' }),
    buyerOrganizationId: bigint('buyer_organization_id', { mode: 'number' }).references(
      () => organizations.id,
    ),
    supplierOrganizationId: bigint('supplier_organization_id', { mode: 'number' }).references(
      () => organizations.id,
    ),
    requestedByUserId: bigint('requested_by_user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    ownerUserId: bigint('owner_user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    label: text('label').notNull(),
    subjectLine: text('subject_line').notNull(),
    searchText: text('search_text').notNull().default(''),
    // search_text lower-cased once on write: the inbox search matches it with LIKE, which is an order of
    // magnitude cheaper per row than ILIKE (16 ms against 1.2 ms over 5,000 threads). Each mailbox's row
    // of the thread (thread_mailboxes) holds a copy, which the search reads.
    searchFolded: text('search_folded').notNull().generatedAlwaysAs(sql`lower(search_text)`),
    lastMessageAt: timestamptz('last_message_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('message_threads_order_idx').on(t.orderId).where(sql`${t.subjectType} = 'order'`),
    uniqueIndex('message_threads_cart_idx').on(t.cartId).where(sql`${t.subjectType} = 'cart'`),
    index('message_threads_owner_idx').on(t.ownerUserId),
    check(
      'message_threads_subject_check',
      sql`${t.subjectType} in ('order', 'cart', 'organization', 'branch')`,
    ),
  ],
);

/**
 * One message in a thread: free text, or the notice of an event (order, cart, organisation or
 * branch) with its payload. Staff senders have no sending organisation and show `sender_title`.
 */
export const messages = pgTable(
  'messages',
  {
    ...baseColumns(),
    threadId: bigint('thread_id', { mode: 'number' })
      .notNull()
      .references(() => messageThreads.id, { onDelete: 'cascade' }),
    messageType: text('message_type').notNull(),
    content: text('content').notNull().default(''),
    senderUserId: bigint('sender_user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    sendingOrganizationId: bigint('sending_organization_id', { mode: 'number' }).references(
      () => organizations.id,
    ),
    senderMailbox: text('sender_mailbox').notNull(),
    senderTitle: text('sender_title'),
    recipientUserId: bigint('recipient_user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    eventKind: text('event_kind'),
    eventName: text('event_name'),
    eventPayload: jsonb('event_payload').$type<Record<string, unknown>>(),
    eventVersion: integer('event_version'),
  },
  (t) => [index('messages_thread_idx').on(t.threadId, t.id)],
);

/**
 * A message as one recipient mailbox holds it: `org:{id}` for an organisation, `staff` for the
 * platform's staff. Read or unread per recipient (spec part 3 §4.5).
 */
export const messageReceipts = pgTable(
  'message_receipts',
  {
    ...baseColumns(),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    threadId: bigint('thread_id', { mode: 'number' })
      .notNull()
      .references(() => messageThreads.id, { onDelete: 'cascade' }),
    mailbox: text('mailbox').notNull(),
    responseStatus: text('response_status').notNull().default('unread'),
  },
  (t) => [
    uniqueIndex('message_receipts_message_mailbox_idx').on(t.messageId, t.mailbox),
    index('message_receipts_mailbox_thread_idx').on(t.mailbox, t.threadId, t.responseStatus),
    check('message_receipts_status_check', sql`${t.responseStatus} in ('unread', 'read')`),
  ],
);

/**
 * One thread as one mailbox lists it: archived or not, how many messages are unread, the last
 * message it received and the last it sent, and the thread's search text. The inbox pages, label
 * filters, searches and unread counts read this table alone (its indexes), so a supplier with
 * thousands of threads gets a page in a few ms.
 */
export const threadMailboxes = pgTable(
  'thread_mailboxes',
  {
    ...baseColumns(),
    threadId: bigint('thread_id', { mode: 'number' })
      .notNull()
      .references(() => messageThreads.id, { onDelete: 'cascade' }),
    mailbox: text('mailbox').notNull(),
    label: text('label').notNull(),
    archived: boolean('archived').notNull().default(false),
    unreadCount: integer('unread_count').notNull().default(0),
    messageCount: integer('message_count').notNull().default(0),
    lastReceivedMessageId: bigint('last_received_message_id', { mode: 'number' }),
    lastReceivedAt: timestamptz('last_received_at'),
    lastSentMessageId: bigint('last_sent_message_id', { mode: 'number' }),
    lastSentAt: timestamptz('last_sent_at'),
    // The thread's search_folded, copied by triggers (migration 0048): a search reads this table alone,
    // through its trigram index for a rare term (no join to the threads to test their text).
    searchFolded: text('search_folded').notNull().default(''),
  },
  (t) => [
    uniqueIndex('thread_mailboxes_mailbox_thread_idx').on(t.mailbox, t.threadId),
    index('thread_mailboxes_received_idx')
      .on(t.mailbox, t.archived, t.lastReceivedAt.desc(), t.threadId.desc())
      .where(sql`${t.lastReceivedAt} is not null`),
    index('thread_mailboxes_label_idx')
      .on(t.mailbox, t.label, t.archived, t.lastReceivedAt.desc(), t.threadId.desc())
      .where(sql`${t.lastReceivedAt} is not null`),
    index('thread_mailboxes_sent_idx')
      .on(t.mailbox, t.lastSentAt.desc(), t.threadId.desc())
      .where(sql`${t.lastSentAt} is not null`),
    index('thread_mailboxes_search_idx').using('gin', t.searchFolded.op('gin_trgm_ops')),
    // The inbox's and a label's totals, counted off this narrow index (0.44 ms against 0.87 ms off the
    // received one, over 4,500 threads).
    index('thread_mailboxes_inbox_count_idx')
      .on(t.mailbox, t.label)
      .where(sql`${t.lastReceivedAt} is not null and not ${t.archived}`),
    index('thread_mailboxes_unread_idx')
      .on(t.mailbox, t.label)
      .where(sql`${t.unreadCount} > 0 and not ${t.archived}`),
  ],
);

/** A file attached to a written message (PDF, image or spreadsheet), kept in the file storage. */
export const messageAttachments = pgTable(
  'message_attachments',
  {
    ...baseColumns(),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    threadId: bigint('thread_id', { mode: 'number' })
      .notNull()
      .references(() => messageThreads.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
  },
  (t) => [index('message_attachments_message_idx').on(t.messageId)],
);
