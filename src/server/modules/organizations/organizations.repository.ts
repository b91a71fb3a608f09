import { and, asc, count, eq, ilike, like, or, sql } from 'drizzle-orm';
import type { Executor } from '../../core/database';
import { addresses, branches, organizations } from './organizations.tables';

export type OrganizationRow = typeof organizations.$inferSelect;
export type AddressRow = typeof addresses.$inferSelect;

export async function findOrganization(db: Executor, id: number) {
  const [row] = await db
    .select({ organization: organizations, address: addresses })
    .from(organizations)
    .leftJoin(addresses, eq(addresses.id, organizations.addressId))
    .where(eq(organizations.id, id));
  return row ?? null;
}

export async function findOrganizationBySlug(db: Executor, slug: string) {
  const [row] = await db
    .select({ id: organizations.id, slug: organizations.slug, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.slug, slug));
  return row ?? null;
}

export async function insertOrganization(db: Executor, values: typeof organizations.$inferInsert) {
  const [row] = await db.insert(organizations).values(values).returning();
  return row;
}

export async function updateOrganization(
  db: Executor,
  id: number,
  values: Partial<typeof organizations.$inferInsert>,
) {
  const [row] = await db.update(organizations).set(values).where(eq(organizations.id, id)).returning();
  return row ?? null;
}

export async function insertAddress(db: Executor, values: typeof addresses.$inferInsert) {
  const [row] = await db.insert(addresses).values(values).returning();
  return row;
}

export async function deleteAddress(db: Executor, id: number) {
  await db.delete(addresses).where(eq(addresses.id, id));
}

export async function updateAddress(
  db: Executor,
  id: number,
  values: Partial<typeof addresses.$inferInsert>,
) {
  const [row] = await db.update(addresses).set(values).where(eq(addresses.id, id)).returning();
  return row ?? null;
}

/** Slugs already taken that start with the given base, to pick the next free one. */
export async function slugsLike(db: Executor, base: string) {
  const rows = await db
    .select({ slug: organizations.slug })
    .from(organizations)
    .where(like(organizations.slug, `${base}%`));
  return new Set(rows.map((row) => row.slug));
}

export async function listOrganizations(
  db: Executor,
  filter: { query?: string; page: number; perPage: number },
) {
  const pattern = filter.query ? `%${filter.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = pattern
    ? or(ilike(organizations.name, pattern), ilike(organizations.email, pattern))
    : undefined;
  const rows = await db
    .select({
      organization: organizations,
      // Written out with aliases: Drizzle leaves columns unqualified in a one-table select, which inside a
      // subquery would compare the subquery's own columns.
      branchCount: sql<number>`(select count(*)::int from branches b where b.organization_id = organizations.id)`,
      userCount: sql<number>`(select count(*)::int from users u where u.organization_id = organizations.id)`,
    })
    .from(organizations)
    .where(where)
    .orderBy(asc(organizations.name))
    .limit(filter.perPage)
    .offset((filter.page - 1) * filter.perPage);
  const [{ total }] = await db.select({ total: count() }).from(organizations).where(where);
  return { rows, total };
}

export async function listBranchesOf(db: Executor, organizationId: number) {
  return db
    .select()
    .from(branches)
    .where(and(eq(branches.organizationId, organizationId)))
    .orderBy(asc(branches.id));
}
