import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../core/database';
import { favoriteBranches, users } from './users.tables';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

export async function findUserById(db: Executor, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

/** The full names of the users with these ids (none asked, no query). */
export async function findUserNames(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, [...ids]));
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

export async function insertFavoriteBranch(db: Executor, userId: number, branchId: number): Promise<boolean> {
  const rows = await db
    .insert(favoriteBranches)
    .values({ userId, branchId })
    .onConflictDoNothing()
    .returning({ branchId: favoriteBranches.branchId });
  return rows.length > 0;
}

export async function deleteFavoriteBranch(db: Executor, userId: number, branchId: number): Promise<boolean> {
  const rows = await db
    .delete(favoriteBranches)
    .where(and(eq(favoriteBranches.userId, userId), eq(favoriteBranches.branchId, branchId)))
    .returning({ branchId: favoriteBranches.branchId });
  return rows.length > 0;
}

export async function listFavoriteBranchIds(db: Executor, userId: number): Promise<number[]> {
  const rows = await db
    .select({ branchId: favoriteBranches.branchId })
    .from(favoriteBranches)
    .where(eq(favoriteBranches.userId, userId))
    .orderBy(asc(favoriteBranches.createdAt), asc(favoriteBranches.branchId));
  return rows.map((row) => row.branchId);
}

/** Users who hold some role (staff), by name. */
export async function listUsersWithRoles(db: Executor) {
  return db
    .select()
    .from(users)
    .where(sql`cardinality(${users.roles}) > 0`)
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
}
