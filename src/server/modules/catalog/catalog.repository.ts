import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AvailabilitySort } from '../../../domain/catalog/catalog-queries';
import type { Executor } from '../../core/database';
import { queryRows, queryRowsPrepared } from '../../db/client';
import { addresses, branches } from '../organizations/organizations.tables';
import { favoriteBranches } from '../users/users.tables';
import {
  advantages,
  availabilities,
  brands,
  categories,
  type discounts,
  productAdvantages,
  productCategories,
  productFamilies,
  productGroups,
  productSynonyms,
  products,
  productVariants,
} from './catalog.tables';

export type ProductRow = typeof products.$inferSelect;

/** A product with its group, family and brand; by numeric id or by path identifier. */
export async function findProduct(db: Executor, key: { id: number } | { pathIdentifier: string }) {
  const [row] = await db
    .select({ product: products, group: productGroups, family: productFamilies, brand: brands })
    .from(products)
    .leftJoin(productGroups, eq(productGroups.id, products.groupId))
    .leftJoin(productFamilies, eq(productFamilies.id, products.familyId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where('id' in key ? eq(products.id, key.id) : eq(products.pathIdentifier, key.pathIdentifier));
  return row ?? null;
}

export async function productExists(db: Executor, id: number): Promise<boolean> {
  const rows = await db.select({ id: products.id }).from(products).where(eq(products.id, id));
  return rows.length > 0;
}

/** The lists that hang off one product: categories (tile order), advantages, synonyms, sizes. */
export async function findProductDetails(db: Executor, productId: number) {
  const categoryRows = await db
    .select({ id: categories.id, slug: categories.slug, name: categories.name })
    .from(productCategories)
    .innerJoin(categories, eq(categories.id, productCategories.categoryId))
    .where(eq(productCategories.productId, productId))
    .orderBy(asc(productCategories.position), asc(categories.position));
  const advantageRows = await db
    .select({ id: advantages.id, slug: advantages.slug, name: advantages.name })
    .from(productAdvantages)
    .innerJoin(advantages, eq(advantages.id, productAdvantages.advantageId))
    .where(eq(productAdvantages.productId, productId))
    .orderBy(asc(advantages.name));
  const synonymRows = await db
    .select({ name: productSynonyms.name, kind: productSynonyms.kind })
    .from(productSynonyms)
    .where(eq(productSynonyms.productId, productId))
    .orderBy(asc(productSynonyms.kind), asc(productSynonyms.name));
  const variantRows = await db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  return {
    categories: categoryRows,
    advantages: advantageRows,
    synonyms: synonymRows,
    variants: variantRows,
  };
}

/** Per product: suppliers offering it, units listed and whether any of them does not count. */
export async function findStockSummary(db: Executor, productId: number) {
  const [row] = await queryRows<{
    supplier_count: number;
    total_available: number;
    ignore_quantity: boolean;
  }>(
    db,
    sql`select count(distinct branch_id)::int as supplier_count,
               coalesce(sum(quantity), 0)::int as total_available,
               coalesce(bool_or(ignore_quantity), false) as ignore_quantity
          from ${availabilities}
         where ${availabilities.productId} = ${productId} and ${availabilities.inStock}`,
  );
  return {
    supplierCount: row.supplier_count,
    totalAvailable: row.total_available,
    ignoreQuantity: row.ignore_quantity,
  };
}

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

const earthRadiusMiles = 3958.7613;

/** Great-circle (haversine) distance in miles from a point to the coordinates in two SQL columns. */
export function distanceMilesSql(
  latitudeColumn: SQL,
  longitudeColumn: SQL,
  latitude: number,
  longitude: number,
) {
  return sql`(2 * ${earthRadiusMiles}::float8 * asin(sqrt(
        power(sin(radians(${latitudeColumn} - ${latitude}::float8) / 2), 2) +
        cos(radians(${latitude}::float8)) * cos(radians(${latitudeColumn})) * power(sin(radians(${longitudeColumn} - ${longitude}::float8) / 2), 2))))`;
}

/** A LIKE pattern that matches `text` anywhere, its wildcards taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

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
/** A discount as pricing reads it. */
export type DiscountRow = Pick<
  typeof discounts.$inferSelect,
  'kind' | 'operator' | 'value' | 'supplierOrganizationId' | 'buyerOrganizationId'
>;

/**
 * Discounts active at `now` that could apply to a buyer at these supplier organisations: the buyer's
 * purchase discounts there, those suppliers' own and online discounts, and platform discounts. A
 * prepared statement of one shape (the ids travel as one text parameter): every priced answer asks.
 */
export async function findActiveDiscounts(
  db: Executor,
  input: { buyerOrganizationId: number | null; supplierOrganizationIds: number[]; now: Date },
): Promise<DiscountRow[]> {
  if (input.supplierOrganizationIds.length === 0) return [];
  return queryRowsPrepared<DiscountRow>(
    db,
    'catalog_active_discounts',
    sql`select d.kind, d.operator, d.value, d.supplier_organization_id::int as "supplierOrganizationId",
               d.buyer_organization_id::int as "buyerOrganizationId"
          from discounts d
         where (d.starts_at is null or d.starts_at <= ${input.now.toISOString()})
           and (d.ends_at is null or d.ends_at > ${input.now.toISOString()})
           and (d.supplier_organization_id is null
                or d.supplier_organization_id = any(string_to_array(${input.supplierOrganizationIds.join(',')}, ',')::bigint[]))
           and (d.buyer_organization_id is null or d.buyer_organization_id = ${input.buyerOrganizationId ?? -1})`,
  );
}

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

/** Adds a favourite branch; false when it already was one. */
export async function insertFavoriteBranch(db: Executor, userId: number, branchId: number): Promise<boolean> {
  const rows = await db
    .insert(favoriteBranches)
    .values({ userId, branchId })
    .onConflictDoNothing()
    .returning({ branchId: favoriteBranches.branchId });
  return rows.length > 0;
}

export async function deleteFavoriteBranch(db: Executor, userId: number, branchId: number): Promise<boolean> {
  const rows = await db
    .delete(favoriteBranches)
    .where(and(eq(favoriteBranches.userId, userId), eq(favoriteBranches.branchId, branchId)))
    .returning({ branchId: favoriteBranches.branchId });
  return rows.length > 0;
}

export async function listFavoriteBranchIds(db: Executor, userId: number): Promise<number[]> {
  const rows = await db
    .select({ branchId: favoriteBranches.branchId })
    .from(favoriteBranches)
    .where(eq(favoriteBranches.userId, userId))
    .orderBy(asc(favoriteBranches.createdAt), asc(favoriteBranches.branchId));
  return rows.map((row) => row.branchId);
}

/**
 * Rewrites the denormalised category_names and synonym_names of products (all, or the given ones)
 * from the join tables, so the generated search columns follow. Call it after changing a product's
 * categories or synonyms.
 */
export async function refreshProductSearchColumns(db: Executor, productIds?: number[]) {
  const only = productIds
    ? sql`where p.id in (select json_array_elements_text(${JSON.stringify(productIds)}::json)::bigint)`
    : sql``;
  await db.execute(sql`
    update ${products} p
       set category_names = coalesce((select string_agg(c.name, ', ' order by pc.position, c.position)
                                        from ${productCategories} pc join ${categories} c on c.id = pc.category_id
                                       where pc.product_id = p.id), ''),
           synonym_names = coalesce((select string_agg(s.name, ', ' order by s.kind, s.name)
                                       from ${productSynonyms} s where s.product_id = p.id), '')
      ${only}`);
}
