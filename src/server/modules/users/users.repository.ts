import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../core/database';
import { users } from './users.tables';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

export async function findUserById(db: Executor, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`);
  return row ?? null;
}

export async function insertUser(db: Executor, values: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row;
}

export async function updateUser(
  db: Executor,
  id: number,
  values: Partial<NewUserRow>,
): Promise<UserRow | null> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row ?? null;
}

/** Makes a user a member of an organisation unless they already belong to one; false when they did. */
export async function joinOrganizationIfNone(
  db: Executor,
  id: number,
  organizationId: number,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ organizationId })
    .where(and(eq(users.id, id), isNull(users.organizationId)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export type UserListFilter = { query?: string; status?: string; page: number; perPage: number };

export async function listUsersOfOrganization(db: Executor, organizationId: number) {
  return db.select().from(users).where(eq(users.organizationId, organizationId)).orderBy(asc(users.id));
}
