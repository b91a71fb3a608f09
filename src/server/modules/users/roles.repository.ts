import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../core/database';
import { roles } from './roles.tables';
import { users } from './users.tables';

export type RoleRow = typeof roles.$inferSelect;

/** Every role with how many users hold it, built-in ones first by id. */
export async function listRoles(db: Executor) {
  return db
    .select({
      role: roles,
      userCount: sql<number>`(select count(*)::int from ${users} where ${roles.name} = any(${users.roles}))`,
    })
    .from(roles)
    .orderBy(asc(roles.id));
}

export async function findRole(db: Executor, id: number): Promise<RoleRow | null> {
  const [row] = await db.select().from(roles).where(eq(roles.id, id));
  return row ?? null;
}

export async function findRoleByName(db: Executor, name: string): Promise<RoleRow | null> {
  const [row] = await db.select().from(roles).where(eq(roles.name, name));
  return row ?? null;
}

export async function findRolesByIds(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select().from(roles).where(inArray(roles.id, ids));
}

/** The roles of these names, for working out a caller's permissions. */
export async function findRolesByNames(db: Executor, names: string[]) {
  if (names.length === 0) return [];
  return db
    .select({ name: roles.name, permissions: roles.permissions })
    .from(roles)
    .where(inArray(roles.name, names));
}

export async function insertRole(db: Executor, values: typeof roles.$inferInsert) {
  const [row] = await db.insert(roles).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updateRole(db: Executor, id: number, values: Partial<typeof roles.$inferInsert>) {
  const [row] = await db.update(roles).set(values).where(eq(roles.id, id)).returning();
  return row ?? null;
}

export async function deleteRole(db: Executor, id: number) {
  await db.delete(roles).where(eq(roles.id, id));
}

/** Users hold roles by name: a renamed role is renamed in every user's list. */
export async function renameRoleOfUsers(db: Executor, from: string, to: string) {
  await db
    .update(users)
    .set({ roles: sql`array_replace(${users.roles}, ${from}, ${to})` })
    .where(sql`${from} = any(${users.roles})`);
}

export async function removeRoleFromUsers(db: Executor, name: string) {
  await db
    .update(users)
    .set({ roles: sql`array_remove(${users.roles}, ${name})` })
    .where(sql`${name} = any(${users.roles})`);
}
