import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../core/database';
import { queryRows } from '../../db/client';
import { containsPattern } from '../../db/like-pattern';
import { brands, products } from './catalog.tables';

export type BrandRow = {
  id: number;
  slug: string;
  name: string;
  logo_url: string | null;
  description: string | null;
  product_count: number;
};

const brandColumns = sql`br.id::int as id, br.slug, br.name, br.logo_url, br.description,
  (select count(*) from ${products} p where p.brand_id = br.id)::int as product_count`;

/** Brands by name, optionally matching words, with how many products each has. */
export async function listBrands(db: Executor, filter: { query?: string; page: number; perPage: number }) {
  const conditions: SQL[] = (filter.query ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8)
    .map((word) => sql`br.name ilike ${containsPattern(word)}`);
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const rows = await queryRows<BrandRow>(
    db,
    sql`select ${brandColumns} from ${brands} br ${where}
         order by br.name asc, br.id asc
         limit ${filter.perPage} offset ${(filter.page - 1) * filter.perPage}`,
  );
  const [{ total }] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from ${brands} br ${where}`,
  );
  return { rows, total };
}

export async function findBrandBySlug(db: Executor, slug: string) {
  const [row] = await queryRows<BrandRow>(
    db,
    sql`select ${brandColumns} from ${brands} br where br.slug = ${slug}`,
  );
  return row ?? null;
}

/** What a brand page shows of a product (`p`). */
export type ProductCardRow = {
  id: number;
  path_identifier: string;
  primary_name: string;
  secondary_name: string | null;
  image_url: string | null;
  category_names: string;
};

/** A supplier organisation that lists a brand's products at one or more of its branches. */
export type BrandSupplierRow = {
  id: number;
  slug: string;
  name: string;
  branch_count: number;
  product_count: number;
};
