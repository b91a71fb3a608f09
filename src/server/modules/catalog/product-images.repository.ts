import { sql } from 'drizzle-orm';
import type { Executor } from '../../core/database';
import { bigintArray, queryRows } from '../../db/client';
import { products } from './catalog.tables';
import { productImages } from './product-images.tables';

export async function findProductName(db: Executor, productId: number) {
  const [row] = await queryRows<{ id: number; primary_name: string }>(
    db,
    sql`select id::int as id, primary_name from ${products} where id = ${productId}`,
  );
  return row ?? null;
}

/** The product row locked, so photos added or arranged at once take positions one after another. */
export async function lockProduct(db: Executor, productId: number) {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select id::int as id from ${products} where id = ${productId} for update`,
  );
  return row ?? null;
}

/** The position after the product's last photo. */
export async function nextImagePosition(db: Executor, productId: number) {
  const [row] = await queryRows<{ position: number }>(
    db,
    sql`select coalesce(max(position) + 1, 0)::int as position from ${productImages} where product_id = ${productId}`,
  );
  return row.position;
}

export async function insertProductImages(db: Executor, rows: (typeof productImages.$inferInsert)[]) {
  return db.insert(productImages).values(rows).returning({ id: productImages.id });
}

/** Which product each of these photos belongs to, and whether it is public. */
export function findImageOwners(db: Executor, ids: readonly number[]) {
  return queryRows<{ id: number; product_id: number; public: boolean }>(
    db,
    sql`select id::int as id, product_id::int as product_id, public from ${productImages}
         where id = any(${bigintArray(ids)})`,
  );
}

export async function listPublicImageIds(db: Executor, productId: number) {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id::int as id from ${productImages} where product_id = ${productId} and public`,
  );
  return rows.map((row) => row.id);
}

/** Sets the photos' positions to their places in `ids` (0, 1, …). */
export async function setImagePositions(db: Executor, productId: number, ids: readonly number[]) {
  await db.execute(
    sql`update ${productImages} i set position = o.n - 1, updated_at = now()
          from unnest(${bigintArray(ids)}) with ordinality as o(id, n)
         where i.id = o.id and i.product_id = ${productId} and i.position <> o.n - 1`,
  );
}

export async function deleteProductImage(db: Executor, id: number) {
  await db.execute(sql`delete from ${productImages} where id = ${id}`);
}

/** The photo shown first: the lowest position, then the earliest added. */
export async function firstPublicImageId(db: Executor, productId: number) {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select id::int as id from ${productImages}
         where product_id = ${productId} and public
         order by position, created_at, id limit 1`,
  );
  return row?.id ?? null;
}

/**
 * Sets the product's own image (what tiles and the header dropdown show) to a photo's address, or
 * clears it. An image the catalogue came with (not beginning with `photoPrefix`) is kept either way.
 */
export async function setProductImageUrl(
  db: Executor,
  productId: number,
  url: string | null,
  photoPrefix: string,
) {
  await db.execute(
    sql`update ${products} set image_url = ${url}
         where id = ${productId}
           and image_url is distinct from ${url}
           and (image_url is null or starts_with(image_url, ${photoPrefix}))`,
  );
}
