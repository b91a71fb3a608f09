import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../core/database';
import { organizationInvitations, organizationJoinRequests } from './memberships.tables';
import { users } from './users.tables';

export type JoinRequestRow = typeof organizationJoinRequests.$inferSelect;
export type InvitationRow = typeof organizationInvitations.$inferSelect;

export async function insertJoinRequest(db: Executor, organizationId: number, userId: number) {
  const [row] = await db.insert(organizationJoinRequests).values({ organizationId, userId }).returning();
  return row;
}

export async function findJoinRequest(db: Executor, id: number) {
  const [row] = await db.select().from(organizationJoinRequests).where(eq(organizationJoinRequests.id, id));
  return row ?? null;
}

/** Marks a pending request decided; null when it was no longer pending (a second click, another manager). */
export async function decideJoinRequest(
  db: Executor,
  id: number,
  decision: { state: 'approved' | 'declined'; decidedByUserId: number; decidedAt: Date },
) {
  const [row] = await db
    .update(organizationJoinRequests)
    .set(decision)
    .where(and(eq(organizationJoinRequests.id, id), eq(organizationJoinRequests.state, 'pending')))
    .returning();
  return row ?? null;
}

export async function listPendingJoinRequests(db: Executor, organizationId: number) {
  return db
    .select({ request: organizationJoinRequests, user: users })
    .from(organizationJoinRequests)
    .innerJoin(users, eq(users.id, organizationJoinRequests.userId))
    .where(
      and(
        eq(organizationJoinRequests.organizationId, organizationId),
        eq(organizationJoinRequests.state, 'pending'),
      ),
    )
    .orderBy(asc(organizationJoinRequests.id));
}

export async function insertInvitation(db: Executor, values: typeof organizationInvitations.$inferInsert) {
  const [row] = await db.insert(organizationInvitations).values(values).returning();
  return row;
}

const open = (now: Date) =>
  and(
    isNull(organizationInvitations.acceptedAt),
    isNull(organizationInvitations.revokedAt),
    gt(organizationInvitations.expiresAt, now),
  );

export async function listOpenInvitations(db: Executor, organizationId: number, now: Date) {
  return db
    .select({ invitation: organizationInvitations, inviter: users })
    .from(organizationInvitations)
    .leftJoin(users, eq(users.id, organizationInvitations.invitedByUserId))
    .where(and(eq(organizationInvitations.organizationId, organizationId), open(now)))
    .orderBy(asc(organizationInvitations.id));
}

export async function findOpenInvitationByHash(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(organizationInvitations)
    .where(and(eq(organizationInvitations.tokenHash, tokenHash), open(now)));
  return row ?? null;
}

/** Uses an invitation up; null when it was used or revoked meanwhile. */
export async function acceptInvitation(db: Executor, id: number, userId: number, now: Date) {
  const [row] = await db
    .update(organizationInvitations)
    .set({ acceptedAt: now, acceptedByUserId: userId })
    .where(and(eq(organizationInvitations.id, id), open(now)))
    .returning();
  return row ?? null;
}

export async function revokeInvitation(db: Executor, organizationId: number, id: number, now: Date) {
  const [row] = await db
    .update(organizationInvitations)
    .set({ revokedAt: now })
    .where(
      and(
        eq(organizationInvitations.id, id),
        eq(organizationInvitations.organizationId, organizationId),
        open(now),
      ),
    )
    .returning();
  return row ?? null;
}
