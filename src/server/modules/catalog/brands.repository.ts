import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { containsPattern } from './catalog.repository';
import { availabilities, brands, products } from './catalog.tables';

export type BrandRow = {
  id: number;
  slug: string;
  name: string;
  logo_url: string | null;
  product_count: number;
};

const brandColumns = sql`br.id::int as id, br.slug, br.name, br.logo_url,
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

/** A brand's products by name, with the number of branches that have each in stock. */
export async function listBrandProducts(
  db: Executor,
  brandId: number,
  paging: { page: number; perPage: number },
) {
  return queryRows<{
    id: number;
    path_identifier: string;
    primary_name: string;
    secondary_name: string | null;
    image_url: string | null;
    category_names: string;
    supplier_count: number;
  }>(
    db,
    sql`select p.id::int as id, p.path_identifier, p.primary_name, p.secondary_name, p.image_url, p.category_names,
               (select count(distinct av.branch_id) from ${availabilities} av
                 where av.product_id = p.id and av.in_stock)::int as supplier_count
          from ${products} p
         where p.brand_id = ${brandId}
         order by p.primary_name asc, p.id asc
         limit ${paging.perPage} offset ${(paging.page - 1) * paging.perPage}`,
  );
}
