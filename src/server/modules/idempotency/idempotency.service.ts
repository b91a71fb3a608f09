import { and, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../core/database';
import { idempotencyKeys } from './idempotency.tables';

export type KeyedAnswer<T> = { status: number; body: T; replayed: boolean };

/**
 * Runs a mutation once per (user, key, action) (DESIGN.md §4). The key is claimed inside the
 * mutation's own transaction: a concurrent repeat waits on the unique index until the first commits,
 * then finds the stored answer and returns it; if the first rolled back, the repeat does the work.
 * Without a key the mutation simply runs in a transaction.
 */
export async function runOnce<T>(
  db: Db,
  input: { userId: number; key: string | null; action: string; status?: number },
  mutation: (tx: Executor) => Promise<T>,
): Promise<KeyedAnswer<T>> {
  const status = input.status ?? 200;
  if (!input.key) {
    const body = await db.transaction(mutation);
    return { status, body, replayed: false };
  }
  const key = input.key;
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ userId: input.userId, key, action: input.action })
      .onConflictDoNothing()
      .returning({ id: idempotencyKeys.id });
    if (claimed.length === 0) {
      const [stored] = await tx
        .select()
        .from(idempotencyKeys)
        .where(
          and(
            eq(idempotencyKeys.userId, input.userId),
            eq(idempotencyKeys.key, key),
            eq(idempotencyKeys.action, input.action),
          ),
        );
      return { status: stored.status ?? status, body: stored.response as T, replayed: true };
    }
    const body = await mutation(tx);
    await tx
      .update(idempotencyKeys)
      .set({ status, response: sql`${JSON.stringify(body)}::jsonb` })
      .where(eq(idempotencyKeys.id, claimed[0].id));
    return { status, body, replayed: false };
  });
}
