// The event feed: a thread's messages, oldest first, each with what the reader may do with it.

import { isAdmin, isStaff } from '../../../domain/access';
import { photoRequestPhotoUrl } from '../../../domain/catalog/photo-requests';
import { messageActions } from '../../../domain/messages/message-actions';
import type { MessageLabel, MessageType, ResponseStatus } from '../../../domain/messages/message-types';
import type { FeedMessage, ThreadFeed } from '../../../domain/messages/message-views';
import type { Caller } from '../../core/caller';
import type { Executor } from '../../core/database';
import * as feedModel from '../../read-models/message-feed';
import * as subjects from '../../read-models/message-subjects';
import { isParty, type Mailbox, mailboxOf, threadForCaller, threadNotFound } from './message-access';
import { eventView, iso, organizationView, senderView } from './message-views';
import * as repo from './messages.repository';

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

/** The thread of an order, for its parties (the order page's 'Messages' link). */
export async function orderThreadId(db: Executor, caller: Caller, orderId: number) {
  const thread = await repo.findOrderThread(db, orderId);
  if (!thread || !isParty(mailboxOf(caller), thread)) throw threadNotFound();
  return { threadId: thread.id };
}
