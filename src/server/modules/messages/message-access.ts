// Who may read a thread: the mailbox a caller reads, and whether it is a party to a thread. Every
// reading service of the messages module checks access through here.

import { isStaff } from '../../../domain/access';
import { messageTexts } from '../../../domain/messages/message-types';
import type { Caller } from '../../core/caller';
import type { Executor } from '../../core/database';
import { AppError } from '../../core/errors';
import * as repo from './messages.repository';

/** Notices a side sends itself (a cart's confirmation, a transfer inside one organisation). */
export const systemMailbox = 'system';

export type Mailbox = string;

/** The mailbox the caller reads: staff share one, everyone else reads their organisation's. */
export function mailboxOf(caller: Caller): Mailbox | null {
  if (isStaff(caller.user)) return repo.staffMailbox;
  return caller.user.organizationId === null ? null : repo.organizationMailbox(caller.user.organizationId);
}

export const threadNotFound = () => new AppError('not_found', messageTexts.threadNotFound);

/** Whether a mailbox is a party to a thread: staff are party to all, organisations to their subjects. */
export function isParty(mailbox: Mailbox | null, thread: repo.ThreadRow) {
  if (mailbox === null) return false;
  if (mailbox === repo.staffMailbox) return true;
  return (
    (thread.buyerOrganizationId !== null &&
      mailbox === repo.organizationMailbox(thread.buyerOrganizationId)) ||
    (thread.supplierOrganizationId !== null &&
      mailbox === repo.organizationMailbox(thread.supplierOrganizationId))
  );
}

export async function threadForCaller(db: Executor, caller: Caller, threadId: number) {
  const thread = await repo.findThread(db, threadId);
  const mailbox = mailboxOf(caller);
  if (!thread || !isParty(mailbox, thread)) throw threadNotFound();
  return { thread, mailbox: mailbox as Mailbox };
}
