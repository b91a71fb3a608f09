// Read model: what a photo request copies and shows (issue 16): the branch's listing of a product size
// with its names and price, the branch's organisation; a request with its names; open counts per branch.

import { sql } from 'drizzle-orm';
import type { Executor } from '../core/database';
import { queryRows } from '../db/client';

export type ListingForPhotos = {
  product_id: number;
  product_variant_id: number;
  primary_name: string;
  secondary_name: string | null;
  path_identifier: string;
  size: string;
  characteristics: string[];
  characteristics_key: string;
  base_price: number | null;
  branch_id: number;
  branch_name: string;
  supplier_organization_id: number;
};

/** The branch's listing of the size, or null when the branch does not list it. */
export async function findListing(db: Executor, branchId: number, productVariantId: number) {
  const [row] = await queryRows<ListingForPhotos>(
    db,
    sql`select p.id::int as product_id, v.id::int as product_variant_id, p.primary_name, p.secondary_name,
               p.path_identifier, v.size, v.characteristics, v.characteristics_key, a.base_price,
               b.id::int as branch_id, b.name as branch_name, b.organization_id::int as supplier_organization_id
          from availabilities a
          join product_variants v on v.id = a.product_variant_id
          join products p on p.id = a.product_id
          join branches b on b.id = a.branch_id
         where a.branch_id = ${branchId} and a.product_variant_id = ${productVariantId}`,
  );
  return row ?? null;
}

export type PhotoRequestRow = {
  id: number;
  thread_id: number;
  branch_id: number;
  branch_name: string;
  supplier_organization_id: number;
  buyer_organization_id: number;
  buyer_organization_name: string;
  product_id: number;
  product_variant_id: number;
  path_identifier: string;
  item: {
    size: string | null;
    primaryName: string;
    secondaryName: string | null;
    price: number | null;
    characteristicsString: string;
    productVariantId: number;
    characteristicsKey: string;
  };
  notes: string | null;
  created_at: Date;
  responded_at: Date | null;
  response_message_id: number | null;
  photo_ids: number[];
  picture_taken_on: string | null;
  public: boolean | null;
  reply_message: string | null;
};

export async function findPhotoRequest(db: Executor, id: number) {
  const [row] = await queryRows<PhotoRequestRow>(
    db,
    sql`select r.id::int, r.thread_id::int, r.branch_id::int, b.name as branch_name,
               r.supplier_organization_id::int, r.buyer_organization_id::int, bo.name as buyer_organization_name,
               r.product_id::int, r.product_variant_id::int, p.path_identifier, r.item, r.notes, r.created_at,
               r.responded_at, r.response_message_id::int, r.photo_ids::int[] as photo_ids,
               r.picture_taken_on::text, r.public, r.reply_message
          from photo_requests r
          join branches b on b.id = r.branch_id
          join organizations bo on bo.id = r.buyer_organization_id
          join products p on p.id = r.product_id
         where r.id = ${id}`,
  );
  return row ? { ...row, photo_ids: (row.photo_ids ?? []).map(Number) } : null;
}

/** Open photo requests per branch of an organisation (the supplier dashboard's alert). */
export async function openCountsByBranch(db: Executor, organizationId: number) {
  return queryRows<{ branch_id: number; branch_name: string; count: number }>(
    db,
    sql`select r.branch_id::int, b.name as branch_name, count(*)::int as count
          from photo_requests r join branches b on b.id = r.branch_id
         where r.supplier_organization_id = ${organizationId} and r.responded_at is null
         group by r.branch_id, b.name order by b.name`,
  );
}
