import { sql } from 'drizzle-orm';
import type { Executor } from '../../core/database';
import { queryRows } from '../../db/client';
import { productFamilies, productGroups, products } from './catalog.tables';

export type ProductGroupRow = {
  id: number;
  slug: string;
  name: string;
  group_type: string;
};

export type ProductFamilyRow = {
  group_id: number;
  slug: string;
  name: string;
  product_count: number;
};

/** Every product group, by position then name. */
export function listProductGroups(db: Executor) {
  return queryRows<ProductGroupRow>(
    db,
    sql`select g.id::int as id, g.slug, g.name, g.group_type
          from ${productGroups} g
         order by g.position asc, g.name asc, g.id asc`,
  );
}

/** The families that hold at least one product, by name, with their product counts. */
export function listNonEmptyProductFamilies(db: Executor) {
  return queryRows<ProductFamilyRow>(
    db,
    sql`select f.group_id::int as group_id, f.slug, f.name, count(p.id)::int as product_count
          from ${productFamilies} f
          join ${products} p on p.family_id = f.id
         group by f.id, f.group_id, f.slug, f.name
         order by f.name asc, f.id asc`,
  );
}
