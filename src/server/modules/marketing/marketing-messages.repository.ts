import { and, desc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../core/database';
import { marketingMessages } from './marketing-messages.tables';

export type MarketingMessageRow = typeof marketingMessages.$inferSelect;
type MarketingMessageInsert = typeof marketingMessages.$inferInsert;

/** Messages switched on and within their dates on `today`, for any of these audiences, newest first. */
export function listLiveMessages(db: Executor, audiences: string[], today: string) {
  return db
    .select()
    .from(marketingMessages)
    .where(
      and(
        eq(marketingMessages.active, true),
        inArray(marketingMessages.audience, audiences),
        or(isNull(marketingMessages.activeFrom), lte(marketingMessages.activeFrom, today)),
        or(isNull(marketingMessages.activeTo), gte(marketingMessages.activeTo, today)),
      ),
    )
    .orderBy(desc(marketingMessages.createdAt), desc(marketingMessages.id));
}

/** Every message, newest first, a page at a time. */
export async function listMessages(db: Executor, page: number, perPage: number) {
  const rows = await db
    .select()
    .from(marketingMessages)
    .orderBy(desc(marketingMessages.createdAt), desc(marketingMessages.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(marketingMessages);
  return { rows, total: count?.total ?? 0 };
}

export async function findMessage(db: Executor, id: number) {
  const [row] = await db.select().from(marketingMessages).where(eq(marketingMessages.id, id));
  return row ?? null;
}

export async function insertMessage(db: Executor, values: MarketingMessageInsert) {
  const [row] = await db.insert(marketingMessages).values(values).returning();
  return row;
}

export async function updateMessage(db: Executor, id: number, values: Partial<MarketingMessageInsert>) {
  const [row] = await db
    .update(marketingMessages)
    .set(values)
    .where(eq(marketingMessages.id, id))
    .returning();
  return row ?? null;
}

export async function deleteMessage(db: Executor, id: number) {
  const rows = await db
    .delete(marketingMessages)
    .where(eq(marketingMessages.id, id))
    .returning({ id: marketingMessages.id });
  return rows.length > 0;
}
