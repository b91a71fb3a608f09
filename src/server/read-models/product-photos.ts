// Read model: Product photos with the product's name and the uploading branch and organisation.

import { sql } from 'drizzle-orm';
import type { Executor } from '../core/database';
import { bigintArray, queryRows } from '../db/client';
import { products } from '../modules/catalog/catalog.tables';
import { productImages } from '../modules/catalog/product-images.tables';
import { branches, organizations } from '../modules/organizations/organizations.tables';

export type ProductImageRow = {
  id: number;
  product_id: number;
  path_identifier: string;
  primary_name: string;
  branch_id: number | null;
  branch_name: string | null;
  branch_slug: string | null;
  supplier_id: number | null;
  supplier_name: string | null;
  storage_key: string;
  small_storage_key: string | null;
  mini_storage_key: string | null;
  content_type: string;
  picture_taken_on: string;
  public: boolean;
  // (A raw query's timestamp: a string on PGlite, a Date on node-postgres.)
  updated_at: string | Date;
};

const imageColumns = sql`i.id::int as id, i.product_id::int as product_id, p.path_identifier, p.primary_name,
  i.branch_id::int as branch_id, b.name as branch_name, b.slug as branch_slug,
  o.id::int as supplier_id, o.name as supplier_name,
  i.storage_key, i.small_storage_key, i.mini_storage_key, i.content_type, to_char(i.picture_taken_on, 'YYYY-MM-DD') as picture_taken_on,
  i.public, i.updated_at`;

const imageJoins = sql`from ${productImages} i
  join ${products} p on p.id = i.product_id
  left join ${branches} b on b.id = i.branch_id
  left join ${organizations} o on o.id = b.organization_id`;

/**
 * A product's public photos in the order staff arranged them (position, then the order they were
 * added). (Private photos, sent in answer to one buyer, are read by id by those allowed; they never
 * show on the product page.)
 */
export function listPublicProductImages(db: Executor, productId: number) {
  return queryRows<ProductImageRow>(
    db,
    sql`select ${imageColumns} ${imageJoins}
         where i.product_id = ${productId} and i.public
         order by i.position, i.created_at, i.id`,
  );
}

/** Photos by id, in the order they were added. */
export function findProductImages(db: Executor, ids: readonly number[]) {
  return queryRows<ProductImageRow>(
    db,
    sql`select ${imageColumns} ${imageJoins}
         where i.id = any(${bigintArray(ids)})
         order by i.id`,
  );
}

export async function findProductImage(db: Executor, id: number) {
  const [row] = await findProductImages(db, [id]);
  return row ?? null;
}

export async function findBranchOwner(db: Executor, branchId: number) {
  const [row] = await queryRows<{ id: number; organization_id: number }>(
    db,
    sql`select id::int as id, organization_id::int as organization_id from ${branches} where id = ${branchId}`,
  );
  return row ?? null;
}
