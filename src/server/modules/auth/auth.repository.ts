import { and, eq, gt, isNull, lt, ne, or } from 'drizzle-orm';
import type { Executor } from '../../core/database';
import { inviteRequests, passwordResets, sessions } from './auth.tables';

export type SessionRow = typeof sessions.$inferSelect;
export type InviteRequestRow = typeof inviteRequests.$inferSelect;

export async function insertSession(db: Executor, values: typeof sessions.$inferInsert) {
  const [row] = await db.insert(sessions).values(values).returning();
  return row;
}

export async function revokeSession(db: Executor, id: number) {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, id));
}

/** Signs a user out everywhere, except the session given (the one making the change). */
export async function revokeSessionsOfUser(db: Executor, userId: number, keepSessionId?: number) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
      ),
    );
}

/** Stores a new reset link; any older unused link of the user stops working. */
export async function insertPasswordReset(db: Executor, values: typeof passwordResets.$inferInsert) {
  await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.userId, values.userId), isNull(passwordResets.usedAt)));
  await db.insert(passwordResets).values(values);
}

export async function findUsablePasswordReset(db: Executor, tokenHash: string) {
  const [row] = await db
    .select()
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, new Date()),
      ),
    );
  return row ?? null;
}

export async function markPasswordResetUsed(db: Executor, id: number) {
  await db.update(passwordResets).set({ usedAt: new Date() }).where(eq(passwordResets.id, id));
}

export async function insertInviteRequest(db: Executor, values: typeof inviteRequests.$inferInsert) {
  const [row] = await db.insert(inviteRequests).values(values).returning();
  return row;
}

export async function findInviteRequest(db: Executor, id: number) {
  const [row] = await db.select().from(inviteRequests).where(eq(inviteRequests.id, id));
  return row ?? null;
}

export async function updateInviteRequest(
  db: Executor,
  id: number,
  values: Partial<typeof inviteRequests.$inferInsert>,
) {
  const [row] = await db.update(inviteRequests).set(values).where(eq(inviteRequests.id, id)).returning();
  return row ?? null;
}

/** Deletes sessions and reset links that ended (expired, revoked or used) before the given time. */
export async function deleteEndedBefore(db: Executor, before: Date) {
  const ended = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, before), lt(sessions.revokedAt, before)))
    .returning({ id: sessions.id });
  const resets = await db
    .delete(passwordResets)
    .where(or(lt(passwordResets.expiresAt, before), lt(passwordResets.usedAt, before)))
    .returning({ id: passwordResets.id });
  return { sessions: ended.length, passwordResets: resets.length };
}
