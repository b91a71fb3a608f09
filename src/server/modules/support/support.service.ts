import { productName } from '../../../domain/brand';
import {
  attachmentExtensions,
  maxAttachmentBytes,
  type SupportRequest,
  type SupportRequestInput,
  type SupportRequestKind,
  supportRequestMessages,
} from '../../../domain/support/support-requests';
import { fullNameOf } from '../../../domain/users/current-user';
import type { Caller } from '../../core/caller';
import type { Clock } from '../../core/clock';
import type { Executor } from '../../core/database';
import { AppError } from '../../core/errors';
import type { FileStorage } from '../../storage/file-storage';
import * as audit from '../audit/audit.service';
import * as notifications from '../notifications/notifications.service';
import * as users from '../users/users.service';
import * as repo from './support.repository';

export const supportRequestNotFoundMessage = 'Support request not found';
export const alreadyResolvedMessage = 'This request is already resolved.';
export const notAssignableMessage = 'Choose a staff member who answers support requests';

type Names = Map<number, string>;

/** The assignees' names (users area), looked up once for a page of requests. */
async function assigneeNames(db: Executor, rows: repo.SupportRequestRow[]): Promise<Names> {
  const ids = [...new Set(rows.map((row) => row.assigneeUserId).filter((id): id is number => id !== null))];
  const found = await Promise.all(ids.map((id) => users.findUserById(db, id)));
  return new Map(found.filter((user) => user !== null).map((user) => [user.id, fullNameOf(user)]));
}

const isoOrNull = (value: Date | null) => value?.toISOString() ?? null;

function view(request: repo.SupportRequestRow, names: Names): SupportRequest {
  return {
    id: request.id,
    kind: request.kind as SupportRequestKind,
    name: request.name,
    email: request.email,
    phone: request.phone,
    subject: request.subject,
    body: request.body,
    userId: request.userId,
    attachment:
      request.attachmentKey && request.attachmentName
        ? {
            name: request.attachmentName,
            size: request.attachmentSize ?? 0,
            contentType: request.attachmentType ?? 'application/octet-stream',
          }
        : null,
    status: request.status as SupportRequest['status'],
    assignee:
      request.assigneeUserId && names.has(request.assigneeUserId)
        ? { id: request.assigneeUserId, fullName: names.get(request.assigneeUserId)! }
        : null,
    reply: request.reply,
    repliedAt: isoOrNull(request.repliedAt),
    resolvedAt: isoOrNull(request.resolvedAt),
    createdAt: request.createdAt.toISOString(),
  };
}

export type Attachment = { filename: string; contentType: string; data: Buffer };

/** Refuses files staff could not open, and large ones, with the reason. */
export function checkAttachment(file: Attachment) {
  const extension = /\.([a-z0-9]+)$/i.exec(file.filename.trim())?.[1]?.toLowerCase();
  if (!extension || !(attachmentExtensions as readonly string[]).includes(extension)) {
    throw new AppError('invalid_data', supportRequestMessages.attachmentType, {
      fields: { file: supportRequestMessages.attachmentType },
    });
  }
  if (file.data.length === 0 || file.data.length > maxAttachmentBytes) {
    const message =
      file.data.length === 0
        ? supportRequestMessages.attachmentRequired
        : supportRequestMessages.attachmentSize;
    throw new AppError('invalid_data', message, { fields: { file: message } });
  }
  return extension === 'jpeg' ? 'jpg' : extension;
}

/** A new request from the Contact Us form, or a list sent from 'Send Us Your List'. */
export async function createSupportRequest(
  deps: { db: Executor; storage?: FileStorage },
  caller: Caller | null,
  input: SupportRequestInput,
  attachment: Attachment | null,
): Promise<{ id: number }> {
  const extension = attachment ? checkAttachment(attachment) : null;
  const key =
    attachment && extension && deps.storage
      ? await deps.storage.put('support-requests', extension, attachment.data)
      : null;
  try {
    const row = await deps.db.transaction(async (tx) => {
      const created = await repo.insertSupportRequest(tx, {
        kind: attachment ? 'list' : 'contact',
        name: input.name,
        email: input.email,
        phone: input.phone || null,
        subject: input.subject,
        body: input.body,
        userId: caller?.user.id ?? null,
        attachmentKey: key,
        attachmentName: attachment?.filename.trim().slice(0, 200) ?? null,
        attachmentType: attachment?.contentType ?? null,
        attachmentSize: attachment?.data.length ?? null,
      });
      await audit.recordEvent(
        tx,
        { userId: caller?.user.id ?? null },
        { type: 'support_request', id: created.id },
        'created',
      );
      return created;
    });
    return { id: row.id };
  } catch (error) {
    // Nothing half-written: a file whose row failed is removed.
    if (key) await deps.storage?.remove(key);
    throw error;
  }
}

export async function listSupportRequests(db: Executor, filter: repo.SupportRequestFilter) {
  const { rows, total } = await repo.listSupportRequests(db, filter);
  const names = await assigneeNames(db, rows);
  return { rows: rows.map((row) => view(row, names)), total };
}

export async function getSupportRequest(db: Executor, id: number): Promise<SupportRequest> {
  const found = await repo.findSupportRequest(db, id);
  if (!found) throw new AppError('not_found', supportRequestNotFoundMessage);
  return view(found, await assigneeNames(db, [found]));
}

export async function attachmentOf(deps: { db: Executor; storage: FileStorage }, id: number) {
  const request = await repo.findSupportRequest(deps.db, id);
  if (!request?.attachmentKey) throw new AppError('not_found', 'Attachment not found');
  const data = await deps.storage.get(request.attachmentKey);
  if (!data) throw new AppError('not_found', 'Attachment not found');
  return { data, name: request.attachmentName ?? 'list', contentType: request.attachmentType };
}

/** Who may be assigned: staff whose roles let them answer support requests. */
export async function listAssignees(db: Executor) {
  const staff = await users.listStaffWith(db, 'manage_support_requests');
  return staff.map((user) => ({ id: user.id, fullName: fullNameOf(user), email: user.email }));
}

export async function assign(db: Executor, caller: Caller, id: number, assigneeUserId: number | null) {
  if (assigneeUserId !== null && !(await listAssignees(db)).some((user) => user.id === assigneeUserId)) {
    throw new AppError('invalid_data', notAssignableMessage, {
      fields: { assigneeUserId: notAssignableMessage },
    });
  }
  await db.transaction(async (tx) => {
    const request = await repo.lockSupportRequest(tx, id);
    if (!request) throw new AppError('not_found', supportRequestNotFoundMessage);
    await repo.updateSupportRequest(tx, id, { assigneeUserId });
    await audit.recordEvent(tx, { userId: caller.user.id }, { type: 'support_request', id }, 'assigned', {
      from: request.assigneeUserId,
      to: assigneeUserId,
    });
  });
  return getSupportRequest(db, id);
}

function replyMail(request: repo.SupportRequestRow, reply: string, staffName: string) {
  const quoted = request.body
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  return {
    to: request.email,
    subject: `Re: ${request.subject}`,
    text: [
      `Hello ${request.name},`,
      '',
      reply,
      '',
      `${staffName}`,
      `${productName} support`,
      '',
      `On ${request.createdAt.toISOString().slice(0, 10)} you wrote:`,
      quoted,
    ].join('\n'),
  };
}

/**
 * Answers by e-mail (the outbox, delivered over SMTP when set), and resolves the request when asked.
 * The mail and the change are written in one transaction: an answer is never recorded unsent.
 */
export async function answer(
  deps: { db: Executor; mail: notifications.MailSending; clock: Clock },
  caller: Caller,
  id: number,
  options: { reply?: string; resolve: boolean },
) {
  await deps.db.transaction(async (tx) => {
    const request = await repo.lockSupportRequest(tx, id);
    if (!request) throw new AppError('not_found', supportRequestNotFoundMessage);
    if (request.status === 'resolved') throw new AppError('conflict', alreadyResolvedMessage);
    const now = deps.clock.now();
    const reply = options.reply?.trim() || null;
    if (reply) {
      await notifications.sendEmail(tx, deps.mail, replyMail(request, reply, fullNameOf(caller.user)));
    }
    await repo.updateSupportRequest(tx, id, {
      ...(reply ? { reply, repliedAt: now } : {}),
      ...(request.assigneeUserId ? {} : { assigneeUserId: caller.user.id }),
      ...(options.resolve ? { status: 'resolved', resolvedAt: now, resolvedByUserId: caller.user.id } : {}),
    });
    await audit.recordEvent(
      tx,
      { userId: caller.user.id },
      { type: 'support_request', id },
      options.resolve ? 'resolved' : 'answered',
      reply ? { reply } : undefined,
    );
  });
  return getSupportRequest(deps.db, id);
}
