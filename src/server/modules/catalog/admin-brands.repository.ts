import { and, asc, count, eq, ilike, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../core/database';
import { containsPattern } from '../../db/like-pattern';
import { brands, products } from './catalog.tables';

// Written out with table names: drizzle leaves them off the columns of a one-table select.
const productCount = sql<number>`(select count(*)::int from ${products} p where p.brand_id = "brands"."id")`;
const brandColumns = {
  id: brands.id,
  slug: brands.slug,
  name: brands.name,
  logoUrl: brands.logoUrl,
  description: brands.description,
  organizationId: brands.organizationId,
  productCount,
  updatedAt: brands.updatedAt,
};
export type AdminBrandRow = Awaited<ReturnType<typeof findBrand>> & {};

/** A page of brands by name for Beehive; every word typed must appear in the name. */
export async function listBrands(db: Executor, filter: { query?: string; page: number; perPage: number }) {
  const words: SQL[] = (filter.query ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8)
    .map((word) => ilike(brands.name, containsPattern(word)));
  const condition = words.length > 0 ? and(...words) : undefined;
  const rows = await db
    .select(brandColumns)
    .from(brands)
    .where(condition)
    .orderBy(asc(brands.name), asc(brands.id))
    .limit(filter.perPage)
    .offset((filter.page - 1) * filter.perPage);
  const [{ total }] = await db.select({ total: count() }).from(brands).where(condition);
  return { rows, total };
}

export async function findBrand(db: Executor, id: number) {
  const [row] = await db.select(brandColumns).from(brands).where(eq(brands.id, id));
  return row ?? null;
}

/** Another brand with this name (any case) or slug, so a create or rename can answer 409. */
export async function findClash(db: Executor, name: string, slug: string, exceptId?: number) {
  const [row] = await db
    .select({ id: brands.id })
    .from(brands)
    .where(
      and(
        sql`(lower(${brands.name}) = lower(${name}) or ${brands.slug} = ${slug})`,
        exceptId ? ne(brands.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function lockBrand(db: Executor, id: number) {
  const [row] = await db
    .select({ id: brands.id, name: brands.name, slug: brands.slug })
    .from(brands)
    .where(eq(brands.id, id))
    .for('update');
  return row ?? null;
}

export async function insertBrand(db: Executor, values: typeof brands.$inferInsert) {
  const [row] = await db.insert(brands).values(values).returning({ id: brands.id });
  return row;
}

export async function updateBrand(db: Executor, id: number, values: Partial<typeof brands.$inferInsert>) {
  await db
    .update(brands)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(brands.id, id));
}
