import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../core/database';
import { supportRequests } from './support.tables';

export type SupportRequestRow = typeof supportRequests.$inferSelect;

export async function insertSupportRequest(db: Executor, values: typeof supportRequests.$inferInsert) {
  const [row] = await db.insert(supportRequests).values(values).returning();
  return row;
}

export type SupportRequestFilter = {
  status?: 'open' | 'resolved';
  assigneeUserId?: number;
  query?: string;
  page: number;
  perPage: number;
};

/** Open requests oldest first (who waited longest), resolved ones newest first. */
export async function listSupportRequests(db: Executor, filter: SupportRequestFilter) {
  const where: SQL[] = [];
  if (filter.status) where.push(eq(supportRequests.status, filter.status));
  if (filter.assigneeUserId) where.push(eq(supportRequests.assigneeUserId, filter.assigneeUserId));
  if (filter.query) {
    const like = `%${filter.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      or(
        ilike(supportRequests.subject, like),
        ilike(supportRequests.email, like),
        ilike(supportRequests.name, like),
        ilike(supportRequests.body, like),
      )!,
    );
  }
  const condition = where.length ? and(...where) : undefined;
  const rows = await db
    .select()
    .from(supportRequests)
    .where(condition)
    .orderBy(
      sql`case when ${supportRequests.status} = 'open' then 0 else 1 end`,
      sql`case when ${supportRequests.status} = 'open' then ${supportRequests.createdAt} end asc`,
      desc(supportRequests.createdAt),
      desc(supportRequests.id),
    )
    .limit(filter.perPage)
    .offset((filter.page - 1) * filter.perPage);
  const [{ total }] = await db.select({ total: count() }).from(supportRequests).where(condition);
  return { rows, total };
}

export async function findSupportRequest(db: Executor, id: number) {
  const [row] = await db.select().from(supportRequests).where(eq(supportRequests.id, id));
  return row ?? null;
}

/** The request locked for a change, so two staff answering at once do not both send. */
export async function lockSupportRequest(db: Executor, id: number) {
  const [row] = await db.select().from(supportRequests).where(eq(supportRequests.id, id)).for('update');
  return row ?? null;
}

export async function updateSupportRequest(
  db: Executor,
  id: number,
  values: Partial<typeof supportRequests.$inferInsert>,
) {
  await db.update(supportRequests).set(values).where(eq(supportRequests.id, id));
}
