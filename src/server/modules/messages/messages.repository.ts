import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../core/database';
import { queryRows } from '../../db/client';
import {
  messageAttachments,
  messageReceipts,
  messages,
  messageThreads,
  threadMailboxes,
} from './messages.tables';

export type ThreadRow = typeof messageThreads.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type AttachmentRow = typeof messageAttachments.$inferSelect;

/** The mailbox key of an organisation, or of staff. */
export const organizationMailbox = (organizationId: number) => `org:${organizationId}`;
export const staffMailbox = 'staff';

export async function findThread(db: Executor, id: number) {
  const [row] = await db.select().from(messageThreads).where(eq(messageThreads.id, id));
  return row ?? null;
}

export async function findThreadsByIds(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(messageThreads)
    .where(inArray(messageThreads.id, [...ids]));
}

export async function findOrderThread(db: Executor, orderId: number) {
  const [row] = await db
    .select()
    .from(messageThreads)
    .where(and(eq(messageThreads.subjectType, 'order'), eq(messageThreads.orderId, orderId)));
  return row ?? null;
}

export async function findCartThread(db: Executor, cartId: number) {
  const [row] = await db
    .select()
    .from(messageThreads)
    .where(and(eq(messageThreads.subjectType, 'cart'), eq(messageThreads.cartId, cartId)));
  return row ?? null;
}

/** The thread of an organisation's or a branch's own notices (the weekly schedule reminders). */
export async function findPartyThread(db: Executor, subjectType: 'organization' | 'branch', id: number) {
  const [row] = await db
    .select()
    .from(messageThreads)
    .where(
      and(
        eq(messageThreads.subjectType, subjectType),
        subjectType === 'branch'
          ? eq(messageThreads.branchId, id)
          : eq(messageThreads.buyerOrganizationId, id),
      ),
    )
    .orderBy(messageThreads.id)
    .limit(1);
  return row ?? null;
}

export async function insertThread(db: Executor, values: typeof messageThreads.$inferInsert) {
  const [row] = await db.insert(messageThreads).values(values).returning();
  return row;
}

export async function updateThread(
  db: Executor,
  id: number,
  values: Partial<Omit<typeof messageThreads.$inferInsert, 'id'>>,
) {
  const [row] = await db.update(messageThreads).set(values).where(eq(messageThreads.id, id)).returning();
  return row;
}

/** Appends text to what the search box matches, capped so a long thread stays a small row. */
export async function appendSearchText(db: Executor, id: number, text: string) {
  if (!text) return;
  await db.execute(sql`update message_threads
      set search_text = left(search_text || ' ' || ${text}, 4000), last_message_at = now()
    where id = ${id}`);
}

export async function insertMessage(db: Executor, values: typeof messages.$inferInsert) {
  const [row] = await db.insert(messages).values(values).returning();
  return row;
}

/**
 * Delivers a message: an unread receipt per recipient mailbox, and each mailbox's thread row moves
 * to the top (unarchived, one more unread); the sender's thread row records what it sent (unless
 * the message is a notice the system sends, `recordSent` false).
 */
export async function deliver(
  db: Executor,
  message: MessageRow,
  label: string,
  recipients: readonly string[],
  recordSent = true,
) {
  if (recipients.length > 0) {
    await db
      .insert(messageReceipts)
      .values(recipients.map((mailbox) => ({ messageId: message.id, threadId: message.threadId, mailbox })))
      .onConflictDoNothing();
    await db
      .insert(threadMailboxes)
      .values(
        recipients.map((mailbox) => ({
          threadId: message.threadId,
          mailbox,
          label,
          unreadCount: 1,
          messageCount: 1,
          lastReceivedMessageId: message.id,
          lastReceivedAt: message.createdAt,
        })),
      )
      .onConflictDoUpdate({
        target: [threadMailboxes.mailbox, threadMailboxes.threadId],
        set: {
          archived: false,
          unreadCount: sql`${threadMailboxes.unreadCount} + 1`,
          messageCount: sql`${threadMailboxes.messageCount} + 1`,
          lastReceivedMessageId: message.id,
          lastReceivedAt: message.createdAt,
          updatedAt: sql`now()`,
        },
      });
  }
  if (recordSent)
    await db
      .insert(threadMailboxes)
      .values({
        threadId: message.threadId,
        mailbox: message.senderMailbox,
        label,
        messageCount: 1,
        lastSentMessageId: message.id,
        lastSentAt: message.createdAt,
      })
      .onConflictDoUpdate({
        target: [threadMailboxes.mailbox, threadMailboxes.threadId],
        set: {
          messageCount: sql`${threadMailboxes.messageCount} + 1`,
          lastSentMessageId: message.id,
          lastSentAt: message.createdAt,
          updatedAt: sql`now()`,
        },
      });
  // Every party counts every message of the thread (the list's thread count).
  await db.execute(sql`update thread_mailboxes set message_count = message_count + 1
    where thread_id = ${message.threadId} and mailbox <> ${message.senderMailbox}
      and mailbox <> all(${sqlTextArray(recipients)})`);
}

const sqlTextArray = (values: readonly string[]) => sql`string_to_array(${values.join(',')}, ',')::text[]`;

/** The messages among `ids` and the threads they are in. */
export async function findMessagesByIds(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: messages.id, threadId: messages.threadId })
    .from(messages)
    .where(inArray(messages.id, [...ids]));
}

/** Sets a mailbox's receipts of whole threads to read. */
export async function markThreadsRead(db: Executor, mailbox: string, threadIds: readonly number[]) {
  if (threadIds.length === 0) return;
  await db
    .update(messageReceipts)
    .set({ responseStatus: 'read', updatedAt: sql`now()` })
    .where(
      and(
        eq(messageReceipts.mailbox, mailbox),
        inArray(messageReceipts.threadId, [...threadIds]),
        eq(messageReceipts.responseStatus, 'unread'),
      ),
    );
}

/** Sets one receipt per thread back to unread: the given message's, or the thread's latest received. */
export async function markMessagesUnread(db: Executor, mailbox: string, messageIds: readonly number[]) {
  if (messageIds.length === 0) return;
  await db.execute(sql`update message_receipts r set response_status = 'unread', updated_at = now()
     from (
       select distinct on (m.thread_id) coalesce(own.id, latest.id) as id
         from messages m
         left join message_receipts own on own.message_id = m.id and own.mailbox = ${mailbox}
         left join lateral (
           select id from message_receipts x where x.thread_id = m.thread_id and x.mailbox = ${mailbox}
           order by x.message_id desc limit 1
         ) latest on true
        where m.id = any(string_to_array(${messageIds.join(',')}, ',')::bigint[])
        order by m.thread_id, own.id is null, m.id desc
     ) chosen
    where r.id = chosen.id`);
}

/** Recounts a mailbox's unread messages in the given threads. */
export async function recountUnread(db: Executor, mailbox: string, threadIds: readonly number[]) {
  if (threadIds.length === 0) return;
  await db.execute(sql`update thread_mailboxes tm set unread_count = (
        select count(*)::int from message_receipts r
         where r.thread_id = tm.thread_id and r.mailbox = tm.mailbox and r.response_status = 'unread'),
       updated_at = now()
     where tm.mailbox = ${mailbox}
       and tm.thread_id = any(string_to_array(${threadIds.join(',')}, ',')::bigint[])`);
}

export async function setArchived(
  db: Executor,
  mailbox: string,
  threadIds: readonly number[],
  archived: boolean,
): Promise<number[]> {
  if (threadIds.length === 0) return [];
  const rows = await db
    .update(threadMailboxes)
    .set({ archived, updatedAt: sql`now()` })
    .where(and(eq(threadMailboxes.mailbox, mailbox), inArray(threadMailboxes.threadId, [...threadIds])))
    .returning({ threadId: threadMailboxes.threadId });
  return rows.map((row) => row.threadId);
}

/** Which of the threads a mailbox lists (has a row for). */
export async function mailboxThreadIds(db: Executor, mailbox: string, threadIds: readonly number[]) {
  if (threadIds.length === 0) return [];
  const rows = await db
    .select({ threadId: threadMailboxes.threadId })
    .from(threadMailboxes)
    .where(and(eq(threadMailboxes.mailbox, mailbox), inArray(threadMailboxes.threadId, [...threadIds])));
  return rows.map((row) => row.threadId);
}

export async function findMailboxRow(db: Executor, mailbox: string, threadId: number) {
  const [row] = await db
    .select()
    .from(threadMailboxes)
    .where(and(eq(threadMailboxes.mailbox, mailbox), eq(threadMailboxes.threadId, threadId)));
  return row ?? null;
}

/** A mailbox's receipts in one thread: message id → status. */
export async function receiptsInThread(db: Executor, mailbox: string, threadId: number) {
  return queryRows<{ message_id: number; response_status: string }>(
    db,
    sql`select message_id::int, response_status from message_receipts
         where mailbox = ${mailbox} and thread_id = ${threadId}`,
  );
}

export async function insertAttachments(db: Executor, values: (typeof messageAttachments.$inferInsert)[]) {
  if (values.length === 0) return [];
  return db.insert(messageAttachments).values(values).returning();
}

export async function attachmentsOfThread(db: Executor, threadId: number) {
  return db.select().from(messageAttachments).where(eq(messageAttachments.threadId, threadId));
}

export async function findAttachment(db: Executor, id: number) {
  const [row] = await db.select().from(messageAttachments).where(eq(messageAttachments.id, id));
  return row ?? null;
}

export async function messagesOfThread(db: Executor, threadId: number) {
  return db.select().from(messages).where(eq(messages.threadId, threadId)).orderBy(messages.id);
}

/**
 * Removes a message (its receipts and attachments go with it) and recomputes the thread's mailbox rows
 * from what remains: counts, unread counts and the last message each mailbox received and sent.
 */
export async function deleteMessage(db: Executor, messageId: number, threadId: number) {
  await db.delete(messages).where(eq(messages.id, messageId));
  await db.execute(sql`update thread_mailboxes tm set
        message_count = (select count(*)::int from messages m where m.thread_id = tm.thread_id),
        unread_count = (select count(*)::int from message_receipts r
                         where r.thread_id = tm.thread_id and r.mailbox = tm.mailbox and r.response_status = 'unread'),
        last_received_message_id = received.id, last_received_at = received.created_at,
        last_sent_message_id = sent.id, last_sent_at = sent.created_at,
        updated_at = now()
      from thread_mailboxes self
      left join lateral (select m.id, m.created_at from message_receipts r join messages m on m.id = r.message_id
                          where r.thread_id = self.thread_id and r.mailbox = self.mailbox
                          order by m.id desc limit 1) received on true
      left join lateral (select m.id, m.created_at from messages m
                          where m.thread_id = self.thread_id and m.sender_mailbox = self.mailbox
                          order by m.id desc limit 1) sent on true
     where self.id = tm.id and tm.thread_id = ${threadId}`);
}
