// Replies: free text with attachments written into a thread, and the attachments read back.

import {
  attachmentTypes,
  maxAttachmentBytes,
  maxAttachmentsPerMessage,
  maxMessageLength,
  messageTexts,
  staffExternalTitle,
} from '../../../domain/messages/message-types';
import type { Caller } from '../../core/caller';
import type { Db, Executor } from '../../core/database';
import { AppError } from '../../core/errors';
import type { FileStorage } from '../../storage/file-storage';
import { isParty, mailboxOf, threadForCaller } from './message-access';
import { threadFeed } from './message-feed.service';
import * as repo from './messages.repository';
import { post } from './messages.service';

const storagePrefix = 'thread-documents';

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
