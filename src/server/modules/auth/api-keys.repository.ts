import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../core/database';
import { apiKeys } from './auth.tables';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export async function insertApiKey(db: Executor, values: typeof apiKeys.$inferInsert) {
  const [row] = await db.insert(apiKeys).values(values).returning();
  return row as ApiKeyRow;
}

export async function listApiKeysOf(db: Executor, organizationId: number) {
  return db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.organizationId, organizationId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

export async function findApiKey(db: Executor, id: number) {
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, id));
  return row ?? null;
}

export async function revokeApiKey(db: Executor, id: number, revokedByUserId: number, at: Date) {
  await db
    .update(apiKeys)
    .set({ revokedAt: at, revokedByUserId })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)));
}

/**
 * Counts one request of a live key in its one-minute window and notes when it was last used, in one
 * statement: every process on the database sees the same count, and a revoked key matches no row.
 */
export async function countApiKeyRequest(db: Executor, keyHash: string, now: Date, windowMs: number) {
  const windowStart = new Date(now.getTime() - windowMs);
  const fresh = sql`(${apiKeys.windowStartedAt} is null or ${apiKeys.windowStartedAt} <= ${windowStart.toISOString()}::timestamptz)`;
  const [row] = await db
    .update(apiKeys)
    .set({
      windowStartedAt: sql`case when ${fresh} then ${now.toISOString()}::timestamptz else ${apiKeys.windowStartedAt} end`,
      windowCount: sql`case when ${fresh} then 1 else ${apiKeys.windowCount} + 1 end`,
      lastUsedAt: now,
      // Keep updated_at for staff edits (label, revocation), not for every request.
      updatedAt: sql`${apiKeys.updatedAt}`,
    })
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)))
    .returning({
      id: apiKeys.id,
      organizationId: apiKeys.organizationId,
      windowStartedAt: apiKeys.windowStartedAt,
      windowCount: apiKeys.windowCount,
    });
  return row ?? null;
}
