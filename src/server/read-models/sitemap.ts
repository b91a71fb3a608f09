// Read model: The public pages a search engine may list: products, supplier branches, brands
// (with each supplier's brand page) and supplier states.

import { sql } from 'drizzle-orm';
import type { Executor } from '../core/database';
import { queryRows } from '../db/client';
import { availabilities, brands, products } from '../modules/catalog/catalog.tables';
import { addresses, branches, organizations } from '../modules/organizations/organizations.tables';

export type SitemapPaths = {
  products: string[];
  branches: string[];
  brands: string[];
  supplierBrands: { organizationSlug: string; brandSlug: string }[];
  states: string[];
};

/** The identifiers of every public page, each list in a stable order. Restricted products are left out. */
export async function listSitemapPaths(db: Executor): Promise<SitemapPaths> {
  const [productRows, branchRows, brandRows, supplierBrandRows, stateRows] = await Promise.all([
    queryRows<{ path_identifier: string }>(
      db,
      sql`select path_identifier from ${products} where not restricted order by id`,
    ),
    queryRows<{ slug: string }>(db, sql`select slug from ${branches} order by id`),
    queryRows<{ slug: string }>(db, sql`select slug from ${brands} order by id`),
    queryRows<{ organization_slug: string; brand_slug: string }>(
      db,
      sql`select distinct o.slug as organization_slug, br.slug as brand_slug
            from ${products} p
            join ${brands} br on br.id = p.brand_id
            join ${availabilities} av on av.product_id = p.id
            join ${branches} b on b.id = av.branch_id
            join ${organizations} o on o.id = b.organization_id
           order by 1, 2`,
    ),
    queryRows<{ state: string }>(
      db,
      sql`select distinct upper(coalesce(b.state_code, a.state)) as state
            from ${branches} b
            left join ${addresses} a on a.id = b.address_id
           where coalesce(b.state_code, a.state) is not null
           order by 1`,
    ),
  ]);
  return {
    products: productRows.map((row) => row.path_identifier),
    branches: branchRows.map((row) => row.slug),
    brands: brandRows.map((row) => row.slug),
    supplierBrands: supplierBrandRows.map((row) => ({
      organizationSlug: row.organization_slug,
      brandSlug: row.brand_slug,
    })),
    states: stateRows.map((row) => row.state),
  };
}
