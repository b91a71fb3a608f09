// The inbox: a page of a mailbox's threads in a view, the unread counts, the filter choices, and
// what the reader does to threads (read, unread, archive, assign an owner).

import type { z } from 'zod';
import { isStaff } from '../../../domain/access';
import { productName } from '../../../domain/brand';
import {
  inboxPageSize,
  type MessageLabel,
  type MessageType,
  messageTexts,
  type ResponseStatus,
} from '../../../domain/messages/message-types';
import type {
  bulkUpdateSchema,
  MessageListItem,
  messageListQuerySchema,
  UnreadCounts,
} from '../../../domain/messages/message-views';
import type { Caller } from '../../core/caller';
import type { Db, Executor } from '../../core/database';
import { AppError } from '../../core/errors';
import { listResponse } from '../../http/list';
import * as inbox from '../../read-models/message-inbox';
import * as subjects from '../../read-models/message-subjects';
import { isParty, mailboxOf, systemMailbox, threadForCaller, threadNotFound } from './message-access';
import { threadFeed } from './message-feed.service';
import { counterpartNames, eventView, iso, organizationView, senderView } from './message-views';
import * as repo from './messages.repository';

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
