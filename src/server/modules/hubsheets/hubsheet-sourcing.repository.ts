import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PriceTier } from '../../../domain/catalog/pricing';
import type { Executor } from '../../core/database';
import { queryRows } from '../../db/client';
import { distanceMilesSql } from '../../db/distance-sql';
import { hubsheets, importLists, listItems } from './hubsheets.tables';

/**
 * Queries of hubsheet sourcing. The offer queries read the catalogue's listings (availabilities,
 * branches) directly, set-based for all lines at once: going through the catalogue service line by
 * line would cost one round trip per line, and a 1,000-line list must price in one query.
 */

/** A line as the offer queries see it: what was matched and how many are wanted. */
export type OfferLine = { id: number; productId: number; productVariantId: number | null; quantity: number };

/** Where the job is and how far to look; near null: no location known, so no distance and no radius. */
export type SourcingArea = {
  near: { latitude: number; longitude: number } | null;
  radiusMiles: number | null;
};

export type OfferScope = {
  area: SourcingArea;
  /** Restricted products count only at branches of this organisation (the buyer's own supplier). */
  buyerOrganizationId: number | null;
  /** Only the favourite branches of this user. */
  favoritesOfUserId?: number;
  /** Only this branch. */
  branchId?: number;
};

const linesJson = (lines: readonly OfferLine[]) =>
  JSON.stringify(
    lines.map((line) => ({
      id: line.id,
      product_id: line.productId,
      variant_id: line.productVariantId,
      qty: line.quantity,
    })),
  );

/**
 * Every listing of the lines' matched sizes (or of any size of the product when the line has no
 * size) with its branch: two index lookups (by variant, by product) instead of an OR join. The
 * branches in scope are listed first, once (an init plan), and filter the listings as they are read:
 * the planner cannot estimate a latitude and longitude box (it guessed one branch for 21 and read
 * every listing once per branch, 6 s for 1,000 lines on the large catalogue).
 */
function listingsCte(lines: readonly OfferLine[], scope: OfferScope): SQL {
  const branchConditions = branchScopeConditions(scope);
  const inScope =
    branchConditions.length > 0
      ? sql`and a.branch_id = any(array(select b.id from branches b where ${sql.join(branchConditions, sql` and `)}))`
      : sql``;
  return sql`items as (
      select * from jsonb_to_recordset(${linesJson(lines)}::jsonb)
        as i(id bigint, product_id bigint, variant_id bigint, qty numeric)
    ),
    listings as (
      select i.id as item_id, i.qty, a.branch_id, a.product_variant_id, a.product_id, a.quantity,
             a.ignore_quantity, a.in_stock, a.price_tiers
        from items i join availabilities a on a.product_variant_id = i.variant_id
       where true ${inScope}
      union all
      select i.id, i.qty, a.branch_id, a.product_variant_id, a.product_id, a.quantity,
             a.ignore_quantity, a.in_stock, a.price_tiers
        from items i join availabilities a on a.product_id = i.product_id
       where i.variant_id is null ${inScope}
    )`;
}

/**
 * The unit price in cents of a listing's tier for the line's quantity (the rule of applicableTier:
 * the highest quantityMin not above the quantity, else the lowest tier); null without tiers.
 */
const tierPriceJoin = sql`left join lateral (
      select (t->>'price')::int as price
        from jsonb_array_elements(l.price_tiers) t
       order by ((t->>'quantityMin')::numeric <= l.qty) desc,
                case when (t->>'quantityMin')::numeric <= l.qty then (t->>'quantityMin')::numeric end desc nulls last,
                (t->>'quantityMin')::numeric asc
       limit 1) tp on true`;

function distanceOf(area: SourcingArea): SQL {
  return area.near
    ? distanceMilesSql(sql`b.latitude`, sql`b.longitude`, area.near.latitude, area.near.longitude)
    : sql`null::float8`;
}

/** Conditions on a listing's branch (b) alone: radius, favourites, one branch. */
function branchScopeConditions(scope: OfferScope): SQL[] {
  const conditions: SQL[] = [];
  const { near, radiusMiles } = scope.area;
  if (near && radiusMiles !== null) {
    const latitudeDelta = radiusMiles / 69.0;
    const longitudeDelta = radiusMiles / Math.max(1, 69.172 * Math.cos((near.latitude * Math.PI) / 180));
    conditions.push(
      sql`b.latitude between ${near.latitude - latitudeDelta}::float8 and ${near.latitude + latitudeDelta}::float8`,
      sql`b.longitude between ${near.longitude - longitudeDelta}::float8 and ${near.longitude + longitudeDelta}::float8`,
      sql`${distanceOf(scope.area)} <= ${radiusMiles}::float8`,
    );
  }
  if (scope.favoritesOfUserId !== undefined) {
    conditions.push(
      sql`b.id in (select fb.branch_id from favorite_branches fb where fb.user_id = ${scope.favoritesOfUserId})`,
    );
  }
  if (scope.branchId !== undefined) conditions.push(sql`b.id = ${scope.branchId}`);
  return conditions;
}

/**
 * Conditions on the branch (b) and product (p) of a listing that listingsCte has not applied: the
 * restriction. (Repeating the branch's scope here let the planner loop over the branches again.)
 */
function scopeConditions(scope: OfferScope): SQL[] {
  return [sql`(not p.restricted or b.organization_id = ${scope.buyerOrganizationId ?? -1})`];
}

export type SupplyAggregateRow = { item_id: number; branch_count: number; prices: number[] | null };

/**
 * Rows packed into one JSON value: PGlite pays per row and column returned, so a thousand-line list
 * answers as one value (measured: about 4 times faster than the same rows returned one by one).
 */
async function packedRows<T>(db: Executor, select: SQL): Promise<T[]> {
  const [row] = await queryRows<{ packed: string | null }>(
    db,
    sql`select coalesce(json_agg(packed), '[]')::text as packed from (${select}) packed`,
  );
  return JSON.parse(row?.packed ?? '[]') as T[];
}

/**
 * Per line: how many branches in scope list the matched size (any size without one) in stock, and
 * each such branch's lowest unit price for the line's quantity (sorted). One statement for all lines.
 */
export async function findSupplyAggregates(db: Executor, lines: readonly OfferLine[], scope: OfferScope) {
  if (lines.length === 0) return [];
  return packedRows<SupplyAggregateRow>(
    db,
    sql`with ${listingsCte(lines, scope)},
        offers as (
          select l.item_id, l.branch_id, min(tp.price) as price
            from listings l
            join branches b on b.id = l.branch_id
            join products p on p.id = l.product_id
            ${tierPriceJoin}
           where l.in_stock and ${sql.join(scopeConditions(scope), sql` and `)}
           group by l.item_id, l.branch_id
        )
        select item_id::int as item_id, count(*)::int as branch_count,
               json_agg(price order by price) filter (where price is not null) as prices
          from offers
         group by item_id`,
  );
}

/**
 * Per line: the distance in miles of the nearest branch listing the matched size (any size without
 * one) in stock, anywhere (the radius not applied): what a wider radius would find.
 */
export async function findNearestSupply(db: Executor, lines: readonly OfferLine[], scope: OfferScope) {
  if (lines.length === 0 || !scope.area.near) return [];
  const anywhere: OfferScope = { ...scope, area: { near: scope.area.near, radiusMiles: null } };
  return packedRows<{ item_id: number; miles: number | null }>(
    db,
    sql`with ${listingsCte(lines, anywhere)}
        select l.item_id::int as item_id, min(${distanceOf(anywhere.area)})::float8 as miles
          from listings l
          join branches b on b.id = l.branch_id
          join products p on p.id = l.product_id
         where l.in_stock and ${sql.join(scopeConditions(anywhere), sql` and `)}
         group by l.item_id`,
  );
}

/** One branch's best listing for one line, with its branch and size. */
export type OfferRow = {
  item_id: number;
  branch_id: number;
  product_variant_id: number;
  size: string;
  unit: string;
  /** Book price in cents of the tier for the line's quantity; null when the listing has no tiers. */
  unit_price: number | null;
  available_quantity: number;
  ignore_quantity: boolean;
  distance: number | null;
  branch_name: string;
  branch_display_address: string | null;
  branch_organization_id: number;
  branch_sells_online: boolean;
  branch_honors_purchase_discount: boolean;
  organization_name: string;
};

type SlimOffer = [
  itemId: number,
  branchId: number,
  variantId: number,
  unitPrice: number | null,
  quantity: number,
  ignoreQuantity: boolean,
];

/**
 * Per line and branch in scope, the branch's cheapest listing of the line: with `fill` (the default)
 * only listings that can fill the line (in stock, enough counted stock for the quantity or stock not
 * counted, and priced); without, every in-stock listing (short or unpriced ones too, priced ones
 * first). A line without a size takes the cheapest size that qualifies. The offers come back slim
 * in one statement; the branches and sizes they name are read once each.
 */
export async function findFillingOffers(
  db: Executor,
  lines: readonly OfferLine[],
  scope: OfferScope,
  options: { fill?: boolean } = {},
): Promise<OfferRow[]> {
  if (lines.length === 0) return [];
  const fill = options.fill ?? true;
  const slim = await packedRows<SlimOffer>(
    db,
    sql`select distinct on (l.item_id, l.branch_id)
               json_build_array(l.item_id::int, l.branch_id::int, l.product_variant_id::int, tp.price,
                                l.quantity, l.ignore_quantity) as offer
          from (with ${listingsCte(lines, scope)} select * from listings) l
          join branches b on b.id = l.branch_id
          join products p on p.id = l.product_id
          join product_variants pv on pv.id = l.product_variant_id
          ${tierPriceJoin}
         where l.in_stock
           and (not ${fill}::boolean or ((l.ignore_quantity or l.quantity >= l.qty) and tp.price is not null))
           and ${sql.join(scopeConditions(scope), sql` and `)}
         order by l.item_id, l.branch_id, tp.price asc nulls last, pv.position asc, l.product_variant_id asc`,
  ).then((rows) => rows.map((row) => (row as unknown as { offer: SlimOffer }).offer));
  if (slim.length === 0) return [];
  const branches = new Map(
    (await findBranches(db, [...new Set(slim.map((offer) => offer[1]))], scope.area)).map((row) => [
      row.id,
      row,
    ]),
  );
  const variants = new Map(
    (await findVariants(db, [...new Set(slim.map((offer) => offer[2]))])).map((row) => [row.id, row]),
  );
  return slim.flatMap(([itemId, branchId, variantId, unitPrice, quantity, ignoreQuantity]) => {
    const branch = branches.get(branchId);
    const variant = variants.get(variantId);
    if (!branch || !variant) return [];
    return [
      {
        item_id: itemId,
        branch_id: branchId,
        product_variant_id: variantId,
        size: variant.size,
        unit: variant.unit,
        unit_price: unitPrice,
        available_quantity: quantity,
        ignore_quantity: ignoreQuantity,
        distance: branch.distance,
        branch_name: branch.name,
        branch_display_address: branch.display_address,
        branch_organization_id: branch.organization_id,
        branch_sells_online: branch.sells_online,
        branch_honors_purchase_discount: branch.honors_purchase_discount,
        organization_name: branch.organization_name,
      },
    ];
  });
}

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** Sizes by id. */
export async function findVariants(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return queryRows<{ id: number; size: string; unit: string }>(
    db,
    sql`select id::int as id, size, unit from product_variants where id in (${idList(ids)})`,
  );
}

export type BranchListingRow = {
  item_id: number;
  listings: Array<{
    productVariantId: number;
    size: string;
    unit: string;
    quantity: number;
    ignoreQuantity: boolean;
    inStock: boolean;
    priceTiers: PriceTier[];
    restricted: boolean;
  }>;
};

/** Per line, every listing one branch has of the line's product (all sizes, in stock or not). */
export async function findBranchListings(db: Executor, lines: readonly OfferLine[], branchId: number) {
  if (lines.length === 0) return [];
  return queryRows<BranchListingRow>(
    db,
    sql`with items as (
          select * from jsonb_to_recordset(${linesJson(lines)}::jsonb)
            as i(id bigint, product_id bigint, variant_id bigint, qty numeric)
        )
        select i.id::int as item_id,
               json_agg(json_build_object(
                 'productVariantId', a.product_variant_id, 'size', pv.size, 'unit', pv.unit,
                 'quantity', a.quantity, 'ignoreQuantity', a.ignore_quantity, 'inStock', a.in_stock,
                 'priceTiers', a.price_tiers, 'restricted', p.restricted)
                 order by pv.position, pv.id) as listings
          from items i
          join availabilities a on a.product_id = i.product_id and a.branch_id = ${branchId}
          join product_variants pv on pv.id = a.product_variant_id
          join products p on p.id = a.product_id
         group by i.id`,
  );
}

export type BranchRow = {
  id: number;
  name: string;
  organization_id: number;
  organization_name: string;
  display_address: string | null;
  sells_online: boolean;
  honors_purchase_discount: boolean;
  distance: number | null;
};

/** Branches by id with their organisation and distance from the job. */
export async function findBranches(db: Executor, ids: readonly number[], area: SourcingArea) {
  if (ids.length === 0) return [];
  return queryRows<BranchRow>(
    db,
    sql`select b.id::int as id, b.name, b.organization_id::int as organization_id, o.name as organization_name,
               b.display_address, b.sells_online, b.honors_purchase_discount, ${distanceOf(area)} as distance
          from branches b
          join organizations o on o.id = b.organization_id
         where b.id in (${sql.join(
           ids.map((id) => sql`${id}`),
           sql`, `,
         )})`,
  );
}

export type ListItemRow = typeof listItems.$inferSelect;

export async function findImportList(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: importLists.id,
      originalHeaders: importLists.originalHeaders,
      headersIncluded: importLists.headersIncluded,
      productNameIndex: importLists.productNameIndex,
      containerIndex: importLists.containerIndex,
      quantityIndex: importLists.quantityIndex,
      budgetedPriceIndex: importLists.budgetedPriceIndex,
    })
    .from(importLists)
    .where(eq(importLists.id, id));
  return row ?? null;
}

/** A hubsheet's lines in their order. */
export async function findListItems(db: Executor, hubsheetId: number, options: { forUpdate?: boolean } = {}) {
  const query = db
    .select()
    .from(listItems)
    .where(eq(listItems.hubsheetId, hubsheetId))
    .orderBy(asc(listItems.position), asc(listItems.id));
  return options.forUpdate ? query.for('update') : query;
}

/** What sourcing needs of a hubsheet's lines (narrow: a 1,000-line list reads fast), in their order. */
export async function findSourcingLines(
  db: Executor,
  hubsheetId: number,
  options: { forUpdate?: boolean } = {},
) {
  const query = db
    .select({
      id: listItems.id,
      productId: listItems.productId,
      productVariantId: listItems.productVariantId,
      quantity: listItems.quantity,
      matchScore: listItems.matchScore,
      chosenBranchId: listItems.chosenBranchId,
      cartId: listItems.cartId,
    })
    .from(listItems)
    .where(eq(listItems.hubsheetId, hubsheetId))
    .orderBy(asc(listItems.position), asc(listItems.id));
  return options.forUpdate ? query.for('update') : query;
}
export type SourcingLine = Awaited<ReturnType<typeof findSourcingLines>>[number];

/** Names of matched products and sizes, for the download. */
export async function findProductNames(db: Executor, productIds: number[], variantIds: number[]) {
  const products =
    productIds.length === 0
      ? []
      : await queryRows<{ id: number; primary_name: string; secondary_name: string | null }>(
          db,
          sql`select id::int as id, primary_name, secondary_name from products
               where id in (${sql.join(
                 productIds.map((id) => sql`${id}`),
                 sql`, `,
               )})`,
        );
  const variants =
    variantIds.length === 0
      ? []
      : await queryRows<{ id: number; size: string }>(
          db,
          sql`select id::int as id, size from product_variants
               where id in (${sql.join(
                 variantIds.map((id) => sql`${id}`),
                 sql`, `,
               )})`,
        );
  return { products, variants };
}

export async function findListItem(db: Executor, id: number) {
  const [row] = await db.select().from(listItems).where(eq(listItems.id, id));
  return row ?? null;
}

/** Records the branch and cart a line was sourced into. */
export async function setLineSourcing(
  db: Executor,
  hubsheetId: number,
  itemIds: number[],
  values: { chosenBranchId: number; cartId: number },
) {
  if (itemIds.length === 0) return;
  await db
    .update(listItems)
    .set({ ...values, version: sql`${listItems.version} + 1`, updatedAt: new Date() })
    .where(and(eq(listItems.hubsheetId, hubsheetId), inArray(listItems.id, itemIds)));
}

export async function touchHubsheet(db: Executor, id: number) {
  await db.update(hubsheets).set({ updatedAt: new Date() }).where(eq(hubsheets.id, id));
}
