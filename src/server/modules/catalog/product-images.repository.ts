import { sql } from 'drizzle-orm';
import type { Executor } from '../../core/database';
import { queryRows } from '../../db/client';
import { products } from './catalog.tables';
import { productImages } from './product-images.tables';

export async function findProductName(db: Executor, productId: number) {
  const [row] = await queryRows<{ id: number; primary_name: string }>(
    db,
    sql`select id::int as id, primary_name from ${products} where id = ${productId}`,
  );
  return row ?? null;
}

export async function insertProductImages(db: Executor, rows: (typeof productImages.$inferInsert)[]) {
  return db.insert(productImages).values(rows).returning({ id: productImages.id });
}

export async function deleteProductImage(db: Executor, id: number) {
  await db.execute(sql`delete from ${productImages} where id = ${id}`);
}

export async function newestPublicImageId(db: Executor, productId: number) {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select id::int as id from ${productImages}
         where product_id = ${productId} and public
         order by created_at desc, id desc limit 1`,
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
