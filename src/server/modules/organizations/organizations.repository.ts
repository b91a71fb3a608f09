import { and, asc, count, eq, ilike, inArray, like, or, sql } from 'drizzle-orm';
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

/** The names of the companies with these ids (none asked, no query). */
export async function findOrganizationNames(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(inArray(organizations.id, [...ids]));
}

/** A company's name, slug and postal code (from its address), or null. */
export async function findOrganizationSummary(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      slug: organizations.slug,
      postalCode: addresses.postalCode,
    })
    .from(organizations)
    .leftJoin(addresses, eq(addresses.id, organizations.addressId))
    .where(eq(organizations.id, id));
  return row ?? null;
}

/**
 * Companies whose name contains the words typed, for joining one at sign-up; those at the given postal
 * code (its first five characters) come first.
 */
export async function lookupOrganizations(db: Executor, name: string, postalCode: string | undefined) {
  const words = name.split(/\s+/).filter(Boolean).slice(0, 6);
  const conditions = words.map((word) =>
    ilike(organizations.name, `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
  );
  const zip = postalCode?.replace(/\s+/g, '').slice(0, 5) ?? '';
  // Those at the postal code typed first (only when one is typed: a constant would read as a column number).
  const order = [asc(organizations.name), asc(organizations.id)];
  if (zip) {
    order.unshift(
      asc(
        sql`case when left(replace(coalesce(${addresses.postalCode}, ''), ' ', ''), 5) = ${zip} then 0 else 1 end`,
      ),
    );
  }
  return db
    .select({
      id: organizations.id,
      name: organizations.name,
      city: addresses.city,
      state: addresses.state,
      postalCode: addresses.postalCode,
    })
    .from(organizations)
    .leftJoin(addresses, eq(addresses.id, organizations.addressId))
    .where(and(...conditions))
    .orderBy(...order)
    .limit(8);
}

/** A company's branches with their place, primary first. */
export async function listBranchesWithPlace(db: Executor, organizationId: number) {
  return db
    .select({
      id: branches.id,
      name: branches.name,
      slug: branches.slug,
      isPrimary: branches.isPrimary,
      sellsOnline: branches.sellsOnline,
      displayAddress: branches.displayAddress,
      city: addresses.city,
      state: sql<string | null>`coalesce(${branches.stateCode}, ${addresses.state})`,
      postalCode: sql<string | null>`coalesce(${branches.postalCode}, ${addresses.postalCode})`,
    })
    .from(branches)
    .leftJoin(addresses, eq(addresses.id, branches.addressId))
    .where(eq(branches.organizationId, organizationId))
    .orderBy(sql`${branches.isPrimary} desc`, asc(branches.name), asc(branches.id));
}

/** What an invoice needs of the buyer's organisation: bill-to name and address, e-mail, terms (issue 18). */
export async function findBillingProfile(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      invoiceEmail: organizations.invoiceEmail,
      email: organizations.email,
      paymentTermsDays: organizations.paymentTermsDays,
      street1: addresses.street1,
      street2: addresses.street2,
      city: addresses.city,
      state: addresses.state,
      postalCode: addresses.postalCode,
    })
    .from(organizations)
    .leftJoin(addresses, eq(addresses.id, organizations.addressId))
    .where(eq(organizations.id, id));
  return row ?? null;
}
