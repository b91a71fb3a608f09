import { type SQL, sql } from 'drizzle-orm';
import { fieldStatuses } from '../../../domain/catalog/field-status';
import type { SearchSort } from '../../../domain/search/search-params';
import { type Executor, queryRows } from '../../db/client';
import { type SearchEventType, searchEvents } from './search.tables';

// Lists are bound one parameter per value (at most 200, the schema's limit) so the planner sees
// constants and can use them as index conditions; an empty list matches nothing.
const textList = (values: readonly string[]) =>
  values.length === 0
    ? sql`(null::text)`
    : sql`(${sql.join(
        values.map((value) => sql`${value}::text`),
        sql`, `,
      )})`;
const idList = (values: readonly number[]) =>
  values.length === 0
    ? sql`(null::bigint)`
    : sql`(${sql.join(
        values.map((value) => sql`${value}::bigint`),
        sql`, `,
      )})`;

const earthRadiusMiles = 3958.7613;

/** The text part of a search, already split by the service. */
export type TextMatch = {
  /** The query without its size words, as typed (folded in SQL). */
  text: string;
  /** Words of letters and digits only, for the prefix tsquery (partial words). */
  words: string[];
};

/** Conditions on a listing (and its variant and branch); each null when not asked for. */
export type ListingFilter = {
  available: boolean;
  quantity: number | null;
  fieldStatus: string[] | null;
  container: string[] | null;
  standardContainer: string[] | null;
  size: string[] | null;
  /** Size words read from the query ('#3', '2.5" cal'): rank products with that size first and narrow the variants a tile counts. */
  querySize: {
    container: string | null;
    standardContainer: string | null;
    sizeInches: number | null;
    sizeFeet: number | null;
  } | null;
  branchIds: number[] | null;
  near: { latitude: number; longitude: number; radiusMiles: number } | null;
  /** Supplier switches, already resolved for the caller. */
  favoriteBranchIds: number[] | null;
  sellingOnline: boolean;
  purchaseDiscountBuyerOrganizationId: number | null;
  /** activeCart: the branches of the caller's current cart (none until carts exist). */
  cartBranchIds: number[] | null;
};

export type ProductFilter = {
  categories: string[] | null;
  advantages: string[] | null;
  brand: string[] | null;
  brandId: number | null;
  productGroupSlug: string | null;
  productFamilySlug: string | null;
};

export type SearchQuery = {
  match: TextMatch | null;
  product: ProductFilter;
  listing: ListingFilter;
  sort: SearchSort;
  page: number;
  perPage: number;
  withAggregations: boolean;
};

type ListingPart = 'fieldStatus' | 'variant';

/** The listing conditions as SQL over `a` (availabilities), `v` (variants) and `b` (branches). */
function listingConditions(
  filter: ListingFilter,
  without?: ListingPart,
): { conditions: SQL[]; needsBranch: boolean; needsVariant: boolean } {
  const conditions: SQL[] = [];
  let needsBranch = false;
  if (filter.available) conditions.push(sql`a.in_stock`);
  if (filter.quantity !== null) conditions.push(sql`(a.ignore_quantity or a.quantity >= ${filter.quantity})`);
  if (filter.fieldStatus && without !== 'fieldStatus')
    conditions.push(sql`a.field_status in ${textList(filter.fieldStatus)}`);
  if (without !== 'variant') {
    if (filter.container) conditions.push(sql`v.container in ${textList(filter.container)}`);
    if (filter.standardContainer)
      conditions.push(sql`v.standard_container in ${textList(filter.standardContainer)}`);
    // A Container Type child is named by its container ('#3') or, without one, its size label; `size`
    // matches either, so every child of the facet can be sent back as `size`.
    if (filter.size)
      conditions.push(sql`(v.size in ${textList(filter.size)} or v.container in ${textList(filter.size)})`);
  }
  const size = filter.querySize;
  if (size) {
    if (size.container !== null) conditions.push(sql`v.container = ${size.container}`);
    else if (size.standardContainer !== null)
      conditions.push(sql`v.standard_container = ${size.standardContainer}`);
    if (size.sizeInches !== null) conditions.push(sql`v.size_inches = ${size.sizeInches}`);
    if (size.sizeFeet !== null) conditions.push(sql`v.size_feet = ${size.sizeFeet}`);
  }
  if (filter.branchIds) conditions.push(sql`a.branch_id in ${idList(filter.branchIds)}`);
  if (filter.favoriteBranchIds) conditions.push(sql`a.branch_id in ${idList(filter.favoriteBranchIds)}`);
  if (filter.cartBranchIds) conditions.push(sql`a.branch_id in ${idList(filter.cartBranchIds)}`);
  if (filter.sellingOnline) {
    needsBranch = true;
    conditions.push(sql`b.sells_online`);
  }
  if (filter.purchaseDiscountBuyerOrganizationId !== null) {
    needsBranch = true;
    conditions.push(sql`b.organization_id in (
      select d.supplier_organization_id from discounts d
       where d.kind = 'purchase' and d.buyer_organization_id = ${filter.purchaseDiscountBuyerOrganizationId}
         and (d.starts_at is null or d.starts_at <= now()) and (d.ends_at is null or d.ends_at > now()))`);
  }
  if (filter.near) {
    needsBranch = true;
    const { latitude, longitude, radiusMiles } = filter.near;
    const latitudeDelta = radiusMiles / 69.0;
    const longitudeDelta = radiusMiles / Math.max(1, 69.172 * Math.cos((latitude * Math.PI) / 180));
    conditions.push(sql`b.latitude between ${latitude - latitudeDelta}::float8 and ${latitude + latitudeDelta}::float8
      and b.longitude between ${longitude - longitudeDelta}::float8 and ${longitude + longitudeDelta}::float8
      and 2 * ${earthRadiusMiles}::float8 * asin(sqrt(
        power(sin(radians(b.latitude - ${latitude}::float8) / 2), 2) +
        cos(radians(${latitude}::float8)) * cos(radians(b.latitude)) * power(sin(radians(b.longitude - ${longitude}::float8) / 2), 2)))
        <= ${radiusMiles}::float8`);
  }
  const needsVariant =
    (without !== 'variant' &&
      (filter.container !== null || filter.standardContainer !== null || filter.size !== null)) ||
    filter.querySize !== null;
  return { conditions, needsBranch, needsVariant };
}

/** The joins a set of listing conditions needs beside `availabilities a`. */
function joinsFor(parts: { needsBranch: boolean; needsVariant: boolean }, always: { branch?: boolean } = {}) {
  return sql`${parts.needsVariant ? sql`join product_variants v on v.id = a.product_variant_id` : sql``}
    ${parts.needsBranch || always.branch ? sql`join branches b on b.id = a.branch_id` : sql``}`;
}

/** `from availabilities a join product_variants v [join branches b] where <conditions>` for one product. */
// `offset 0` keeps each EXISTS a per-product probe of the (product_id, …) indexes: without it
// PostgreSQL may turn it into a semi-join that reads all million listings.
function listingsOf(productRef: SQL, filter: ListingFilter, without?: ListingPart) {
  const parts = listingConditions(filter, without);
  const where = [sql`a.product_id = ${productRef}`, ...parts.conditions];
  return sql`availabilities a ${joinsFor(parts)} where ${sql.join(where, sql` and `)} offset 0`;
}

function hasListingFilter(filter: ListingFilter, without?: ListingPart) {
  return listingConditions(filter, without).conditions.length > 0;
}

/** Product-level conditions over `p`: categories and brand apart, as their facets leave them out. */
function productConditions(filter: ProductFilter) {
  const rest: SQL[] = [];
  if (filter.advantages)
    rest.push(sql`exists (select 1 from product_advantages pa join advantages ad on ad.id = pa.advantage_id
      where pa.product_id = p.id and ad.name in ${textList(filter.advantages)})`);
  if (filter.brandId !== null) rest.push(sql`p.brand_id = ${filter.brandId}`);
  if (filter.productGroupSlug !== null)
    rest.push(
      sql`p.group_id in (select g.id from product_groups g where g.slug = ${filter.productGroupSlug})`,
    );
  if (filter.productFamilySlug !== null)
    rest.push(
      sql`p.family_id in (select f.id from product_families f where f.slug = ${filter.productFamilySlug})`,
    );
  const categories = filter.categories
    ? sql`exists (select 1 from product_categories pc join categories c on c.id = pc.category_id
        where pc.product_id = p.id and c.name in ${textList(filter.categories)})`
    : sql`true`;
  const brand = filter.brand
    ? sql`coalesce(p.brand_id in (select br.id from brands br where br.name in ${textList(filter.brand)}), false)`
    : sql`true`;
  return { rest, categories, brand };
}

/**
 * Whether a product has a listing in stock, from `product_search_summaries` (one row per product with
 * listings, kept by triggers on the listings; see migration 0006) instead of probing its listings.
 */
const hasStockOf = (productRef: SQL) =>
  sql`coalesce((select s.has_stock from product_search_summaries s where s.product_id = ${productRef}), false)`;

const all = (conditions: SQL[]) => (conditions.length > 0 ? sql.join(conditions, sql` and `) : sql`true`);

type TextTerms = { q: SQL; wq: SQL; pq: SQL | null };

function textTerms(match: TextMatch): TextTerms {
  return {
    q: sql`search_fold(${match.text}::text)`,
    wq: sql`websearch_to_tsquery('english'::regconfig, search_fold(${match.text}::text))`,
    pq:
      match.words.length > 0
        ? sql`to_tsquery('english'::regconfig, search_fold(${match.words.map((word) => `${word}:*`).join(' & ')}::text))`
        : null,
  };
}

/**
 * Relevance: how well the whole query matches some words of the names (trigram word similarity, so
 * typos and partial words still score), how close it is to the whole botanical and common name (so
 * the species beats its cultivars when no cultivar is named), full-text rank with botanical and trade
 * names weighted highest (stemming, word order), prefix matches of every word, and boosts when the
 * query names the cultivar or trade name exactly or is the whole name.
 */
function scoreOf(t: TextTerms | null): SQL {
  if (!t) return sql`0::float8`;
  // Names are compared lower-cased but not accent-folded here: folding costs an unaccent() call per
  // row, and search_text (folded) already carries the typo-tolerant match.
  return sql`(3 * word_similarity(${t.q}, p.search_text)
      + similarity(${t.q}, lower(p.primary_name))
      + 0.5 * similarity(${t.q}, lower(coalesce(p.secondary_name, '')))
      + case when p.search_vector @@ ${t.wq} then 1 + 2 * ts_rank('{0.1, 0.2, 0.4, 1.0}', p.search_vector, ${t.wq}) else 0 end
      + ${t.pq ? sql`case when p.search_vector @@ ${t.pq} then 0.5 else 0 end` : sql`0`}
      + case when length(coalesce(p.cultivar, '')) > 2 and strpos(${t.q}, lower(p.cultivar)) > 0 then 1.5 else 0 end
      + case when length(coalesce(p.patent_name, '')) > 2 and strpos(${t.q}, lower(p.patent_name)) > 0 then 1.5 else 0 end
      + case when lower(p.primary_name) = ${t.q} or lower(coalesce(p.secondary_name, '')) = ${t.q} then 2 else 0 end)::float8`;
}

const orderBy: Record<SearchSort, SQL> = {
  relevance: sql`score desc, has_stock desc, primary_name asc, id asc`,
  'primary_name|asc': sql`primary_name asc, id asc`,
  'primary_name|desc': sql`primary_name desc, id asc`,
  'secondary_name|asc': sql`secondary_name asc nulls last, id asc`,
  'secondary_name|desc': sql`secondary_name desc nulls last, id asc`,
};

/**
 * A text query keeps at most this many products (the best by a cheap first rank) before filters,
 * scoring and facets run: a broad word ('grass') matches thousands, and nobody pages past the first few
 * hundred. totalCount is then at most this number.
 */
export const maxTextCandidates = 500;

/**
 * The `matched` CTE: every product the text and filters let through, with one flag per facet that
 * users may widen (its own filter left out), so facet counts exclude their own filter.
 */
function matchedCte(query: SearchQuery) {
  const { match, product, listing } = query;
  // The text terms are written inline (not in a CTE) so the planner folds them to constants, and each
  // way of matching is its own subquery so each uses its GIN index (an OR of them made PostgreSQL scan
  // every product, computing trigram similarity 28,000 times). `= any (array(…))` makes the ids probes
  // of the primary key; as `in (…)` a broad word hash-joined a scan of every product.
  const t = match ? textTerms(match) : null;
  const from = t
    ? sql`products p where p.id in (
          select r.id from products r
           where r.id = any (array(
             select c.id from products c where c.search_vector @@ ${t.wq}
             ${t.pq ? sql`union select c.id from products c where c.search_vector @@ ${t.pq}` : sql``}
             union select c.id from products c where c.search_text %> ${t.q}))
           order by word_similarity(${t.q}, r.search_text) + case when r.search_vector @@ ${t.wq} then 1 else 0 end desc, r.id
           limit ${maxTextCandidates})`
    : sql`products p where true`;
  // Size words of the query rank (a product with that size scores higher) rather than filter.
  const productListing = { ...listing, querySize: null };
  const exists = hasListingFilter(productListing)
    ? sql`exists (select 1 from ${listingsOf(sql`p.id`, productListing)})`
    : sql`true`;
  const sizeBoost = listing.querySize
    ? sql` + case when exists (select 1 from ${listingsOf(sql`p.id`, listing)}) then 1.5 else 0 end`
    : sql``;
  const conditions = productConditions(product);
  const needsStock = query.sort === 'relevance' && match !== null;
  return sql`
    base as (
      select p.id, p.primary_name, p.secondary_name, (${scoreOf(t)}${sizeBoost}) as score,
             ${all(conditions.rest)} as ok_rest,
             ${conditions.categories} as ok_categories,
             ${conditions.brand} as ok_brand,
             ${exists} as ok_listing
        from ${from}
    ),
    matched as (
      select base.*,
             ${needsStock ? hasStockOf(sql`base.id`) : sql`false`} as has_stock
        from base
       where ok_rest and ok_categories and ok_brand and ok_listing
    )`;
}

export type SearchPageRow = { id: number; total: number };

/**
 * Runs a search statement with sequential scans discouraged: PostgreSQL underestimates what trigram
 * similarity costs per row and would otherwise scan every product for a common word ('green').
 */
function withIndexes<T>(db: Executor, query: SQL): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return queryRows<T>(tx, query);
  });
}

/** One page of matching product ids in order, with the total count. */
export async function searchProductIds(db: Executor, query: SearchQuery) {
  const rows = await withIndexes<SearchPageRow>(
    db,
    sql`with ${matchedCte(query)}
      select id::int as id, (count(*) over ())::int as total from matched
       order by ${orderBy[query.sort]}
       limit ${query.perPage} offset ${(query.page - 1) * query.perPage}`,
  );
  if (rows.length > 0) return { ids: rows.map((row) => row.id), total: rows[0].total };
  if (query.page === 1) return { ids: [], total: 0 };
  // Past the last page: still report how many there are.
  const [count] = await withIndexes<{ total: number }>(
    db,
    sql`with ${matchedCte(query)} select count(*)::int as total from matched`,
  );
  return { ids: [], total: count.total };
}

export type FacetRow = { facet: string; name: string; parent: string | null; count: number };

/**
 * Facet counts over the matching products. Categories and brand leave their own filter out, and so
 * do dig status (fieldStatus) and container type (standardContainer/container/size), so users can
 * widen a choice; the other facets count the filtered set.
 */
export function searchFacets(db: Executor, query: SearchQuery): Promise<FacetRow[]> {
  return withIndexes<FacetRow>(db, sql`with ${matchedCte(query)}, ${facetCtes(query)} select * from facets`);
}

/**
 * The facet CTEs (ending in `facets (facet, name, parent, count)`) over the `base` and `matched` CTEs
 * of `matchedCte`, so one statement can answer the page and the facets from one candidate set.
 */
function facetCtes(query: SearchQuery): SQL {
  const listing = { ...query.listing, querySize: null };
  const facetListings = (without?: ListingPart) => {
    const parts = listingConditions(listing, without);
    return { join: joinsFor(parts), where: all(parts.conditions) };
  };
  const noFieldStatus = facetListings('fieldStatus');
  const noVariant = facetListings('variant');
  const listingFilterWithoutVariant = hasListingFilter(listing, 'variant');
  return sql`
      result as (select id from matched),
      for_categories as (select id from base where ok_rest and ok_brand and ok_listing),
      for_brand as (select id from base where ok_rest and ok_categories and ok_listing),
      for_listing_facets as (select id from base where ok_rest and ok_categories and ok_brand),
      facets (facet, name, parent, count) as (
      select 'categories' as facet, c.name, null as parent, count(distinct pc.product_id)::int as count
        from for_categories f join product_categories pc on pc.product_id = f.id join categories c on c.id = pc.category_id
       group by c.name
      union all
      select 'brand', br.name, null, count(*)::int
        from for_brand f join products p on p.id = f.id join brands br on br.id = p.brand_id
       group by br.name
      union all
      select 'advantages', ad.name, null, count(distinct pa.product_id)::int
        from result f join product_advantages pa on pa.product_id = f.id join advantages ad on ad.id = pa.advantage_id
       group by ad.name
      union all
      select 'availability', case when ${hasStockOf(sql`f.id`)} then 'Available' else 'Unavailable' end, null, count(*)::int
        from result f group by 2
      union all
      select 'fieldStatus', s.status, null, count(*)::int
        from for_listing_facets f cross join (select unnest(${sql.raw(`array[${fieldStatuses.map((status) => `'${status}'`).join(', ')}]`)}) as status) s
       where exists (select 1 from availabilities a ${noFieldStatus.join}
                      where a.product_id = f.id and a.field_status = s.status and ${noFieldStatus.where} offset 0)
       group by s.status
      union all
      select 'standardContainer', v.standard_container, null, count(distinct v.product_id)::int
        from for_listing_facets f join product_variants v on v.product_id = f.id
       where v.standard_container is not null
         and ${listingFilterWithoutVariant ? sql`exists (select 1 from availabilities a ${noVariant.join} where a.product_variant_id = v.id and ${noVariant.where} offset 0)` : sql`true`}
       group by v.standard_container
      union all
      select 'container', coalesce(v.container, v.size), v.standard_container, count(distinct v.product_id)::int
        from for_listing_facets f join product_variants v on v.product_id = f.id
       where v.standard_container is not null
         and ${listingFilterWithoutVariant ? sql`exists (select 1 from availabilities a ${noVariant.join} where a.product_variant_id = v.id and ${noVariant.where} offset 0)` : sql`true`}
       group by coalesce(v.container, v.size), v.standard_container
      union all
      select 'sizesInches', v.size_inches::text, null, count(distinct v.product_id)::int
        from result f join product_variants v on v.product_id = f.id
       where v.size_inches is not null
       group by v.size_inches
      union all
      select 'sizesFeet', v.size_feet::text, null, count(distinct v.product_id)::int
        from result f join product_variants v on v.product_id = f.id
       where v.size_feet is not null
       group by v.size_feet)`;
}

/**
 * The page, the total and the facets in ONE statement: the candidate set (text match, filters and
 * listing probes) is computed once and shared, instead of once for the page and again for the facets.
 */
export async function searchPageAndFacets(
  db: Executor,
  query: SearchQuery,
): Promise<{ ids: number[]; total: number; facets: FacetRow[] }> {
  const [row] = await withIndexes<{ ids: number[] | null; total: number; facets: FacetRow[] | null }>(
    db,
    sql`with ${matchedCte(query)}, ${facetCtes(query)},
      page as (select id, row_number() over (order by ${orderBy[query.sort]}) as position from matched
                order by ${orderBy[query.sort]}
                limit ${query.perPage} offset ${(query.page - 1) * query.perPage})
      select (select json_agg(id::int order by position) from page) as ids,
             (select count(*)::int from matched) as total,
             (select json_agg(json_build_object('facet', facet, 'name', name, 'parent', parent, 'count', count)) from facets) as facets`,
  );
  return { ids: row.ids ?? [], total: row.total, facets: row.facets ?? [] };
}

export type ProductCardRow = {
  id: number;
  path_identifier: string;
  primary_name: string;
  secondary_name: string | null;
  patent_name: string | null;
  image_url: string | null;
  restricted: boolean;
  categories: { slug: string; name: string }[];
  brand: { id: number; name: string; slug: string; logoUrl: string | null } | null;
};

/** The tiles' product fields for a page of ids. */
export function findProductCards(db: Executor, ids: number[]) {
  return queryRows<ProductCardRow>(
    db,
    sql`select p.id::int as id, p.path_identifier, p.primary_name, p.secondary_name, p.patent_name, p.image_url, p.restricted,
               coalesce((select json_agg(json_build_object('slug', c.slug, 'name', c.name) order by pc.position, c.position)
                           from product_categories pc join categories c on c.id = pc.category_id
                          where pc.product_id = p.id), '[]') as categories,
               (select json_build_object('id', br.id, 'name', br.name, 'slug', br.slug, 'logoUrl', br.logo_url)
                  from brands br where br.id = p.brand_id) as brand
          from products p where p.id in ${idList(ids)}`,
  );
}

export type ListingSummaryRow = {
  product_id: number;
  total_suppliers: number;
  total_available: number;
  ignore_quantity: boolean;
  /** Characteristics keys joined by commas (duplicates possible; the service dedupes). */
  characteristics: string | null;
  price_min: number | null;
  price_max: number | null;
};

/**
 * Stock and 'Available in' of a page of products over the listings that satisfy the listing filters:
 * suppliers are distinct branches with the product in stock; prices are the quantity-1 tier
 * (base_price, the first tier) range.
 */
export function summarizeListings(db: Executor, ids: number[], filter: ListingFilter) {
  const parts = listingConditions(filter);
  // Without listing conditions every listing counts: the per-product summary already holds the sums.
  if (parts.conditions.length === 0)
    return queryRows<ListingSummaryRow>(
      db,
      sql`select s.product_id::int as product_id, s.in_stock_suppliers as total_suppliers, s.total_available,
                 s.ignore_quantity, s.characteristics, s.min_price as price_min, s.max_price as price_max
            from product_search_summaries s
           where s.product_id in ${idList(ids)}`,
    );
  const variantListings = listingConditions({
    ...filter,
    container: null,
    standardContainer: null,
    size: null,
    querySize: null,
  });
  return queryRows<ListingSummaryRow>(
    db,
    sql`select a.product_id::int as product_id,
               count(distinct a.branch_id) filter (where a.in_stock)::int as total_suppliers,
               coalesce(sum(a.quantity) filter (where a.in_stock), 0)::int as total_available,
               coalesce(bool_or(a.ignore_quantity) filter (where a.in_stock), false) as ignore_quantity,
               (select string_agg(distinct v.characteristics_key, ',') from product_variants v
                 where v.product_id = a.product_id
                   and exists (select 1 from availabilities a2 where a2.product_variant_id = v.id)
                   ${parts.needsVariant || variantListings.conditions.length > 0 ? sql`and exists (select 1 from availabilities a ${joinsFor(variantListings)} where a.product_variant_id = v.id and ${all(parts.conditions)})` : sql``}) as characteristics,
               min(a.base_price)::int as price_min, max(a.base_price)::int as price_max
          from availabilities a ${joinsFor(parts)}
         where a.product_id in ${idList(ids)} and ${all(parts.conditions)}
         group by a.product_id`,
  );
}

export type SupplierPriceRow = {
  product_id: number;
  organization_id: number;
  sells_online: boolean;
  price: number;
};

/** The lowest quantity-1 price of each product at each supplier organisation (discounts are per supplier). */
export function lowestPricesBySupplier(db: Executor, ids: number[], filter: ListingFilter) {
  const parts = listingConditions(filter);
  const { conditions } = parts;
  // Without listing conditions every listing counts: the summary already holds each supplier's lowest.
  if (conditions.length === 0)
    return queryRows<SupplierPriceRow>(
      db,
      sql`select s.product_id::int as product_id, s.organization_id::int as organization_id, s.sells_online, s.price
            from product_search_supplier_prices s
           where s.product_id in ${idList(ids)}`,
    );
  return queryRows<SupplierPriceRow>(
    db,
    sql`select a.product_id::int as product_id, b.organization_id::int as organization_id, b.sells_online,
               min(a.base_price)::int as price
          from availabilities a ${joinsFor(parts, { branch: true })}
         where a.product_id in ${idList(ids)} and a.base_price is not null and ${all(conditions)}
         group by a.product_id, b.organization_id, b.sells_online`,
  );
}

export type NewSearchEvent = {
  eventType: SearchEventType;
  query: string | null;
  pageName: string | null;
  productId?: number | null;
  resultsCount?: number | null;
  productData?: unknown;
  userId: number | null;
};

export async function insertSearchEvents(db: Executor, events: NewSearchEvent[]) {
  if (events.length === 0) return;
  await db.insert(searchEvents).values(
    events.map((event) => ({
      eventType: event.eventType,
      query: event.query,
      pageName: event.pageName,
      productId: event.productId ?? null,
      resultsCount: event.resultsCount ?? null,
      productData: event.productData ?? null,
      userId: event.userId,
    })),
  );
}

export type DiscountRow = {
  kind: string;
  operator: string;
  value: number;
  buyerOrganizationId: number | null;
  supplierOrganizationId: number | null;
};

/**
 * Discounts active at `now` that could apply to a buyer at these supplier organisations (the same
 * rule as the availability list; read here because the catalogue service does not expose it).
 */
export async function findActiveDiscounts(
  db: Executor,
  input: { buyerOrganizationId: number | null; supplierOrganizationIds: number[]; now: Date },
): Promise<DiscountRow[]> {
  if (input.supplierOrganizationIds.length === 0) return [];
  const buyer = input.buyerOrganizationId;
  return queryRows<DiscountRow>(
    db,
    sql`select d.kind, d.operator, d.value, d.buyer_organization_id::int as "buyerOrganizationId",
               d.supplier_organization_id::int as "supplierOrganizationId"
          from discounts d
         where (d.starts_at is null or d.starts_at <= ${input.now.toISOString()})
           and (d.ends_at is null or d.ends_at > ${input.now.toISOString()})
           and (d.supplier_organization_id is null or d.supplier_organization_id in ${idList(input.supplierOrganizationIds)})
           and ${buyer === null ? sql`d.buyer_organization_id is null` : sql`(d.buyer_organization_id is null or d.buyer_organization_id = ${buyer})`}`,
  );
}
