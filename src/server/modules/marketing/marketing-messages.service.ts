import {
  type AdminMarketingMessage,
  audiencesOf,
  isLiveOn,
  type MarketingAudience,
  type MarketingMessage,
  type MarketingMessageValues,
} from '../../../domain/marketing/marketing-messages';
import { actorOf, type Caller } from '../../core/caller';
import type { Db, Executor } from '../../core/database';
import { AppError } from '../../core/errors';
import * as audit from '../audit/audit.service';
import * as repo from './marketing-messages.repository';

export const marketingMessageNotFoundMessage = 'Marketing message not found';

function messageView(row: repo.MarketingMessageRow): MarketingMessage {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    audience: row.audience as MarketingAudience,
    ctaUrl: row.ctaUrl,
    ctaButtonLabel: row.ctaButtonLabel,
    ctaEventLabel: row.ctaEventLabel,
    eventLabel: row.eventLabel,
  };
}

function adminView(row: repo.MarketingMessageRow, today: string): AdminMarketingMessage {
  return {
    ...messageView(row),
    activeFrom: row.activeFrom,
    activeTo: row.activeTo,
    active: row.active,
    live: isLiveOn(row, today),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The live messages for the caller's audiences: everyone, activated or not, supplier or buyer. */
export async function listMessagesFor(db: Executor, caller: Caller, today: string) {
  const audiences = audiencesOf({
    activated: caller.user.activated,
    supplier: (caller.profile?.branches.length ?? 0) > 0,
  });
  return (await repo.listLiveMessages(db, audiences, today)).map(messageView);
}

export async function listAllMessages(db: Executor, page: number, perPage: number, today: string) {
  const { rows, total } = await repo.listMessages(db, page, perPage);
  return { results: rows.map((row) => adminView(row, today)), total };
}

export async function getMessageOrThrow(db: Executor, id: number, today: string) {
  const row = await repo.findMessage(db, id);
  if (!row) throw new AppError('not_found', marketingMessageNotFoundMessage);
  return adminView(row, today);
}

export async function createMessage(db: Db, caller: Caller, values: MarketingMessageValues, today: string) {
  const row = await db.transaction(async (tx) => {
    const created = await repo.insertMessage(tx, { ...values, createdByUserId: caller.user.id });
    await audit.recordEvent(tx, actorOf(caller), { type: 'marketing_message', id: created.id }, 'created', {
      title: created.title,
      audience: created.audience,
    });
    return created;
  });
  return adminView(row, today);
}

export async function updateMessage(
  db: Db,
  caller: Caller,
  id: number,
  values: MarketingMessageValues,
  today: string,
) {
  const row = await db.transaction(async (tx) => {
    const updated = await repo.updateMessage(tx, id, values);
    if (!updated) throw new AppError('not_found', marketingMessageNotFoundMessage);
    await audit.recordEvent(tx, actorOf(caller), { type: 'marketing_message', id }, 'updated', {
      title: updated.title,
      audience: updated.audience,
      active: updated.active,
    });
    return updated;
  });
  return adminView(row, today);
}

export async function deleteMessage(db: Db, caller: Caller, id: number) {
  await db.transaction(async (tx) => {
    if (!(await repo.deleteMessage(tx, id))) {
      throw new AppError('not_found', marketingMessageNotFoundMessage);
    }
    await audit.recordEvent(tx, actorOf(caller), { type: 'marketing_message', id }, 'deleted', {});
  });
}
