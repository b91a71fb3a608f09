import { sql } from 'drizzle-orm';
import type { Executor } from '../../core/database';
import { queryRows } from '../../db/client';
import {
  brands,
  categories,
  productCategories,
  productSynonyms,
  products,
  productVariants,
} from './catalog.tables';

export type NamedProductRow = { id: number; primary_name: string; sizes: string[] };

/** Products by lower-cased primary name, with their sizes. */
export async function productsByLowerNames(db: Executor, names: string[]) {
  if (names.length === 0) return [];
  return queryRows<NamedProductRow>(
    db,
    sql`select p.id::int, p.primary_name,
        coalesce(array_agg(v.size order by v.position, v.id) filter (where v.id is not null), '{}') as sizes
      from products p left join product_variants v on v.product_id = p.id
      where lower(p.primary_name) in (select json_array_elements_text(${JSON.stringify(names)}::json))
      group by p.id order by p.id`,
  );
}

export async function pathIdentifierTaken(db: Executor, path: string) {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id::int from products where path_identifier = ${path} limit 1`,
  );
  return rows.length > 0;
}

export async function insertProduct(db: Executor, values: typeof products.$inferInsert) {
  const [row] = await db.insert(products).values(values).returning({ id: products.id });
  return row.id;
}

export async function updateProductColumns(
  db: Executor,
  id: number,
  values: Partial<typeof products.$inferInsert>,
) {
  if (Object.keys(values).length === 0) return;
  await db
    .update(products)
    .set({ ...values, updatedAt: new Date() })
    .where(sql`${products.id} = ${id}`);
}

export async function insertVariants(db: Executor, rows: (typeof productVariants.$inferInsert)[]) {
  if (rows.length === 0) return;
  await db.insert(productVariants).values(rows).onConflictDoNothing();
}

export async function insertSynonyms(db: Executor, productId: number, names: string[]) {
  if (names.length === 0) return;
  await db
    .insert(productSynonyms)
    .values(names.map((name) => ({ productId, name })))
    .onConflictDoNothing();
}

/** The brand with this slug, created with the name when missing. */
export async function ensureBrand(db: Executor, slug: string, name: string) {
  await db.insert(brands).values({ slug, name }).onConflictDoNothing();
  const [row] = await queryRows<{ id: number }>(db, sql`select id::int from brands where slug = ${slug}`);
  return row.id;
}

/** The category with this slug, created with the name when missing. */
export async function ensureCategory(db: Executor, slug: string, name: string) {
  await db.insert(categories).values({ slug, name }).onConflictDoNothing();
  const [row] = await queryRows<{ id: number }>(db, sql`select id::int from categories where slug = ${slug}`);
  return row.id;
}

export async function linkCategory(db: Executor, productId: number, categoryId: number) {
  await db.execute(sql`insert into ${productCategories} (product_id, category_id, position)
    values (${productId}, ${categoryId},
      (select count(*) from ${productCategories} where product_id = ${productId}))
    on conflict do nothing`);
}

/** VACUUM (ANALYZE) of the products and their sizes; not inside a transaction (see refreshProductStatistics). */
export async function vacuumProducts(db: Executor) {
  await queryRows(db, sql`vacuum (analyze) products, product_variants`);
}
