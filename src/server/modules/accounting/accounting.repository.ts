import { and, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../core/database';
import {
  quickbooksAuthorizations,
  quickbooksConnections,
  quickbooksPushedRecords,
  quickbooksPushes,
} from './accounting.tables';

export type ConnectionRow = typeof quickbooksConnections.$inferSelect;
export type PushRow = typeof quickbooksPushes.$inferSelect;

export async function insertAuthorization(
  db: Executor,
  values: typeof quickbooksAuthorizations.$inferInsert,
) {
  await db.insert(quickbooksAuthorizations).values(values);
}

export async function deleteExpiredAuthorizations(db: Executor, now: Date) {
  await db.delete(quickbooksAuthorizations).where(lte(quickbooksAuthorizations.expiresAt, now));
}

/** Takes (deletes) the user's live authorisation with this state hash; null when there is none. */
export async function takeAuthorization(db: Executor, stateHash: string, userId: number, now: Date) {
  const [row] = await db
    .delete(quickbooksAuthorizations)
    .where(
      and(
        eq(quickbooksAuthorizations.stateHash, stateHash),
        eq(quickbooksAuthorizations.userId, userId),
        gt(quickbooksAuthorizations.expiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}

export async function findConnection(db: Executor, options: { lock?: boolean } = {}) {
  const query = db.select().from(quickbooksConnections).orderBy(desc(quickbooksConnections.id)).limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Replaces the linked company (one at a time). */
export async function replaceConnection(db: Executor, values: typeof quickbooksConnections.$inferInsert) {
  await db.delete(quickbooksConnections);
  const [row] = await db.insert(quickbooksConnections).values(values).returning();
  return row;
}

export async function updateConnectionTokens(
  db: Executor,
  id: number,
  values: Pick<
    typeof quickbooksConnections.$inferInsert,
    'accessTokenSealed' | 'refreshTokenSealed' | 'accessExpiresAt' | 'refreshExpiresAt'
  >,
) {
  await db.update(quickbooksConnections).set(values).where(eq(quickbooksConnections.id, id));
}

export async function deleteConnections(db: Executor) {
  return db.delete(quickbooksConnections).returning({ realmId: quickbooksConnections.realmId });
}

export async function insertPush(db: Executor, values: typeof quickbooksPushes.$inferInsert) {
  const [row] = await db.insert(quickbooksPushes).values(values).returning();
  return row;
}

export async function findPush(db: Executor, id: number) {
  const [row] = await db.select().from(quickbooksPushes).where(eq(quickbooksPushes.id, id));
  return row ?? null;
}

export async function findLatestPush(db: Executor) {
  const [row] = await db.select().from(quickbooksPushes).orderBy(desc(quickbooksPushes.id)).limit(1);
  return row ?? null;
}

/** A push waiting or running: pressing 'Push now' again answers it rather than queuing another. */
export async function findUnfinishedPush(db: Executor) {
  const [row] = await db
    .select()
    .from(quickbooksPushes)
    .where(inArray(quickbooksPushes.status, ['queued', 'running']))
    .orderBy(desc(quickbooksPushes.id))
    .limit(1);
  return row ?? null;
}

export async function updatePush(
  db: Executor,
  id: number,
  values: Partial<typeof quickbooksPushes.$inferInsert>,
) {
  await db.update(quickbooksPushes).set(values).where(eq(quickbooksPushes.id, id));
}

/** Counts one more pushed record of a kind on the push. */
export async function countPushed(db: Executor, id: number, kind: 'invoice' | 'bill') {
  await db
    .update(quickbooksPushes)
    .set(
      kind === 'invoice'
        ? { invoicesPushed: sql`${quickbooksPushes.invoicesPushed} + 1` }
        : { billsPushed: sql`${quickbooksPushes.billsPushed} + 1` },
    )
    .where(eq(quickbooksPushes.id, id));
}

export async function recordPushed(db: Executor, values: typeof quickbooksPushedRecords.$inferInsert) {
  await db.insert(quickbooksPushedRecords).values(values).onConflictDoNothing();
}
