import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../core/database';
import { auditEvents } from './audit.tables';

export type Actor = { userId: number | null; impersonatorUserId?: number | null };

/** Records who did what to which record; call it inside the transaction that made the change. */
export async function recordEvent(
  db: Executor,
  actor: Actor,
  subject: { type: string; id: number | null },
  action: string,
  data?: Record<string, unknown>,
) {
  await db.insert(auditEvents).values({
    actorUserId: actor.userId,
    impersonatorUserId: actor.impersonatorUserId ?? null,
    subjectType: subject.type,
    subjectId: subject.id,
    action,
    data,
  });
}

export async function listEventsFor(db: Executor, subjectType: string, subjectId: number, limit = 50) {
  return db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.subjectType, subjectType), eq(auditEvents.subjectId, subjectId)))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(limit);
}
