import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../../core/database';
import { marketManagerAssignments, users } from './users.tables';

/** Who may be assigned: approved staff holding the market_manager role (or the older flag). */
const isMarketManager = and(
  eq(users.status, 'approved'),
  or(sql`'market_manager' = any(${users.roles})`, eq(users.isMarketManager, true)),
);

export async function listMarketManagers(db: Executor) {
  return db
    .select()
    .from(users)
    .where(isMarketManager)
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
}

export async function findMarketManager(db: Executor, userId: number) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isMarketManager));
  return row ?? null;
}

export async function findAssignedMarketManager(db: Executor, organizationId: number) {
  const [row] = await db
    .select({ user: users })
    .from(marketManagerAssignments)
    .innerJoin(users, eq(users.id, marketManagerAssignments.userId))
    .where(eq(marketManagerAssignments.organizationId, organizationId));
  return row?.user ?? null;
}

export async function assignMarketManager(db: Executor, organizationId: number, userId: number) {
  await db
    .insert(marketManagerAssignments)
    .values({ organizationId, userId })
    .onConflictDoUpdate({
      target: marketManagerAssignments.organizationId,
      set: { userId, updatedAt: new Date() },
    });
}

export async function unassignMarketManager(db: Executor, organizationId: number) {
  await db
    .delete(marketManagerAssignments)
    .where(eq(marketManagerAssignments.organizationId, organizationId));
}
