// Read model: Listings with their branch (price, stock, distance) and supplier branches with their address:
// the product page's availability table and the branch pages.

import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AvailabilitySort } from '../../domain/catalog/catalog-queries';
import type { Executor } from '../core/database';
import { queryRows } from '../db/client';
import { distanceMilesSql } from '../db/distance-sql';
import { containsPattern } from '../db/like-pattern';
import { availabilities, products, productVariants } from '../modules/catalog/catalog.tables';
import { addresses, branches } from '../modules/organizations/organizations.tables';

export type AvailabilityFilter = {
  productId?: number;
  branchIds?: number[];
  available?: boolean;
  /** Words matched against the product's names and the listing's size. */
  query?: string;
  /** Where the caller is: each listing then carries its branch's distance in miles. */
  near?: { latitude: number; longitude: number };
  sort: AvailabilitySort;
  page: number;
  perPage: number;
};

const availabilityOrder = (sort: AvailabilitySort, distance: SQL | null): SQL => {
  switch (sort) {
    case 'price|asc':
      return sql`${availabilities.basePrice} asc nulls last, ${availabilities.id} asc`;
    case 'price|desc':
      return sql`${availabilities.basePrice} desc nulls last, ${availabilities.id} asc`;
    case 'updatedAt|desc':
      return sql`${availabilities.updatedAt} desc, ${availabilities.id} asc`;
    case 'updatedAt|asc':
      return sql`${availabilities.updatedAt} asc, ${availabilities.id} asc`;
    case 'quantity|desc':
      return sql`${availabilities.ignoreQuantity} desc, ${availabilities.quantity} desc, ${availabilities.id} asc`;
    case 'quantity|asc':
      return sql`${availabilities.ignoreQuantity} asc, ${availabilities.quantity} asc, ${availabilities.id} asc`;
    case 'name|asc':
      return sql`${products.primaryName} asc, ${productVariants.position} asc, ${availabilities.id} asc`;
    case 'name|desc':
      return sql`${products.primaryName} desc, ${productVariants.position} asc, ${availabilities.id} asc`;
    case 'distance|asc':
      return distance
        ? sql`${distance} asc nulls last, ${availabilities.basePrice} asc nulls last, ${availabilities.id} asc`
        : availabilityOrder('price|asc', null);
  }
};

/**
 * Listings with what pricing needs (the variant's size and unit, the product's restriction, the
 * branch's organisation) and what a table shows (product names, branch name and place, distance).
 */
export async function listAvailabilities(db: Executor, filter: AvailabilityFilter) {
  const conditions: SQL[] = [];
  if (filter.productId !== undefined) conditions.push(eq(availabilities.productId, filter.productId));
  if (filter.branchIds) conditions.push(inArray(availabilities.branchId, filter.branchIds));
  if (filter.available) conditions.push(eq(availabilities.inStock, true));
  for (const word of (filter.query ?? '').split(/\s+/).filter(Boolean).slice(0, 8)) {
    const pattern = containsPattern(word);
    conditions.push(
      sql`(${products.primaryName} ilike ${pattern} or coalesce(${products.secondaryName}, '') ilike ${pattern}
           or coalesce(${products.patentName}, '') ilike ${pattern} or ${productVariants.size} ilike ${pattern})`,
    );
  }
  const where = and(...conditions);
  const distance = filter.near
    ? distanceMilesSql(
        sql`${branches.latitude}`,
        sql`${branches.longitude}`,
        filter.near.latitude,
        filter.near.longitude,
      )
    : null;
  const rows = await db
    .select({
      availability: availabilities,
      size: productVariants.size,
      unit: productVariants.unit,
      characteristics: productVariants.characteristics,
      restricted: products.restricted,
      pathIdentifier: products.pathIdentifier,
      primaryName: products.primaryName,
      secondaryName: products.secondaryName,
      patentName: products.patentName,
      organizationId: branches.organizationId,
      sellsOnline: branches.sellsOnline,
      honorsPurchaseDiscount: branches.honorsPurchaseDiscount,
      branchName: branches.name,
      branchSlug: branches.slug,
      branchState: branches.stateCode,
      distance: sql<number | null>`${distance ?? sql`null::float8`}`,
    })
    .from(availabilities)
    .innerJoin(productVariants, eq(productVariants.id, availabilities.productVariantId))
    .innerJoin(products, eq(products.id, availabilities.productId))
    .innerJoin(branches, eq(branches.id, availabilities.branchId))
    .where(where)
    .orderBy(availabilityOrder(filter.sort, distance))
    .limit(filter.perPage)
    .offset((filter.page - 1) * filter.perPage);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(availabilities)
    .innerJoin(productVariants, eq(productVariants.id, availabilities.productVariantId))
    .innerJoin(products, eq(products.id, availabilities.productId))
    .where(where);
  return { rows, total };
}

export type AvailabilityListRow = Awaited<ReturnType<typeof listAvailabilities>>['rows'][number];
export type BranchListFilter =
  | { kind: 'ids'; ids: number[]; page: number; perPage: number }
  | {
      kind: 'near';
      latitude: number;
      longitude: number;
      radiusMiles: number | null;
      page: number;
      perPage: number;
    }
  | { kind: 'all'; page: number; perPage: number };

export type BranchListRow = {
  id: number;
  organization_id: number;
  name: string;
  slug: string;
  display_address: string | null;
  logo_url: string | null;
  latitude: number | null;
  longitude: number | null;
  notices: string | null;
  sells_online: boolean;
  is_primary: boolean;
  street1: string | null;
  street2: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  country: string | null;
  phone: string | null;
  distance: number | null;
};

/**
 * Branches with their addresses: by ids, everything, or near a point with the great-circle
 * (haversine) distance in miles computed in SQL, nearest first. A bounding box on latitude and
 * longitude narrows the rows before the trigonometry.
 */
export async function listBranches(db: Executor, filter: BranchListFilter) {
  let distance: SQL = sql`null::float8`;
  const conditions: SQL[] = [];
  let order: SQL = sql`b.name asc, b.id asc`;
  if (filter.kind === 'ids')
    conditions.push(
      sql`b.id in (select json_array_elements_text(${JSON.stringify(filter.ids)}::json)::bigint)`,
    );
  if (filter.kind === 'near') {
    const { latitude, longitude } = filter;
    distance = distanceMilesSql(sql`b.latitude`, sql`b.longitude`, latitude, longitude);
    conditions.push(sql`b.latitude is not null and b.longitude is not null`);
    if (filter.radiusMiles !== null) {
      const latitudeDelta = filter.radiusMiles / 69.0;
      const longitudeDelta = filter.radiusMiles / Math.max(1, 69.172 * Math.cos((latitude * Math.PI) / 180));
      conditions.push(
        sql`b.latitude between ${latitude - latitudeDelta}::float8 and ${latitude + latitudeDelta}::float8`,
      );
      conditions.push(
        sql`b.longitude between ${longitude - longitudeDelta}::float8 and ${longitude + longitudeDelta}::float8`,
      );
      conditions.push(sql`${distance} <= ${filter.radiusMiles}::float8`);
    }
    order = sql`distance asc, b.id asc`;
  }
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const rows = await queryRows<BranchListRow>(
    db,
    sql`select b.id::int as id, b.organization_id::int as organization_id, b.name, b.slug, b.display_address, b.logo_url,
               b.latitude, b.longitude, b.notices, b.sells_online, b.is_primary,
               a.street1, a.street2, a.city, a.state, a.postal_code, a.country, a.phone,
               ${distance} as distance
          from ${branches} b
          left join ${addresses} a on a.id = b.address_id
          ${where}
         order by ${order}
         limit ${filter.perPage} offset ${(filter.page - 1) * filter.perPage}`,
  );
  const [{ total }] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from ${branches} b ${where}`,
  );
  return { rows, total };
}

export async function findBranchBySlug(db: Executor, slug: string) {
  const { rows } = await listBranchesWhere(db, sql`b.slug = ${slug}`);
  return rows[0] ?? null;
}

export async function findBranchById(db: Executor, id: number) {
  const { rows } = await listBranchesWhere(db, sql`b.id = ${id}`);
  return rows[0] ?? null;
}

async function listBranchesWhere(db: Executor, condition: SQL) {
  const rows = await queryRows<BranchListRow>(
    db,
    sql`select b.id::int as id, b.organization_id::int as organization_id, b.name, b.slug, b.display_address, b.logo_url,
               b.latitude, b.longitude, b.notices, b.sells_online, b.is_primary,
               a.street1, a.street2, a.city, a.state, a.postal_code, a.country, a.phone, null::float8 as distance
          from ${branches} b
          left join ${addresses} a on a.id = b.address_id
         where ${condition}`,
  );
  return { rows };
}
