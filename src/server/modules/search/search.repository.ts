import { type SQL, sql } from 'drizzle-orm';
import type { PriceTier } from '../../../domain/catalog/pricing';
import type { SearchSort } from '../../../domain/search/search-params';
import { type Executor, queryRows } from '../../db/client';
import { searchEvents, type SearchEventType } from './search.tables';

/** A list bound as one JSON parameter, so any number of values stays one placeholder. */
const textList = (values: readonly (string | number)[]) =>
  sql`(select json_array_elements_text(${JSON.stringify(values)}::json))`;
const idList = (values: readonly number[]) =>
  sql`(select json_array_elements_text(${JSON.stringify(values)}::json)::bigint)`;

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
  /** Size words read from the query ('#3', '2.5" cal'): narrow the variants like the container filter. */
  querySize: { container: string | null; standardContainer: string | null; sizeInches: number | null; sizeFeet: number | null } | null;
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
function listingConditions(filter: ListingFilter, without?: ListingPart): { conditions: SQL[]; needsBranch: boolean } {
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
    if (filter.size) conditions.push(sql`v.size in ${textList(filter.size)}`);
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
  return { conditions, needsBranch };
}

/** `from availabilities a join product_variants v [join branches b] where <conditions>` for one product. */
function listingsOf(productRef: SQL, filter: ListingFilter, without?: ListingPart) {
  const { conditions, needsBranch } = listingConditions(filter, without);
  const branchJoin = needsBranch ? sql`join branches b on b.id = a.branch_id` : sql``;
  const where = [sql`a.product_id = ${productRef}`, ...conditions];
  return sql`availabilities a join product_variants v on v.id = a.product_variant_id ${branchJoin}
    where ${sql.join(where, sql` and `)}`;
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
    rest.push(sql`p.group_id in (select g.id from product_groups g where g.slug = ${filter.productGroupSlug})`);
  if (filter.productFamilySlug !== null)
    rest.push(sql`p.family_id in (select f.id from product_families f where f.slug = ${filter.productFamilySlug})`);
  const categories = filter.categories
    ? sql`exists (select 1 from product_categories pc join categories c on c.id = pc.category_id
        where pc.product_id = p.id and c.name in ${textList(filter.categories)})`
    : sql`true`;
  const brand = filter.brand
    ? sql`coalesce(p.brand_id in (select br.id from brands br where br.name in ${textList(filter.brand)}), false)`
    : sql`true`;
  return { rest, categories, brand };
}

const all = (conditions: SQL[]) => (conditions.length > 0 ? sql.join(conditions, sql` and `) : sql`true`);

/** The sizes a folded query text is scored with; see the search service for why each term is there. */
function scoreOf(match: TextMatch | null): SQL {
  if (!match) return sql`0::float8`;
  return sql`(3 * word_similarity(q.q, p.search_text)
      + similarity(q.q, search_fold(p.primary_name))
      + 0.5 * similarity(q.q, search_fold(coalesce(p.secondary_name, '')))
      + case when p.search_vector @@ q.wq then 1 + 2 * ts_rank('{0.1, 0.2, 0.4, 1.0}', p.search_vector, q.wq) else 0 end
      + case when q.pq is not null and p.search_vector @@ q.pq then 0.5 else 0 end
      + case when length(coalesce(p.cultivar, '')) > 2 and strpos(q.q, search_fold(p.cultivar)) > 0 then 1.5 else 0 end
      + case when length(coalesce(p.patent_name, '')) > 2 and strpos(q.q, search_fold(p.patent_name)) > 0 then 1.5 else 0 end
      + case when search_fold(p.primary_name) = q.q or search_fold(coalesce(p.secondary_name, '')) = q.q then 2 else 0 end)::float8`;
}

const orderBy: Record<SearchSort, SQL> = {
  relevance: sql`score desc, has_stock desc, primary_name asc, id asc`,
  'primary_name|asc': sql`primary_name asc, id asc`,
  'primary_name|desc': sql`primary_name desc, id asc`,
  'secondary_name|asc': sql`secondary_name asc nulls last, id asc`,
  'secondary_name|desc': sql`secondary_name desc nulls last, id asc`,
};

/**
 * The `matched` CTE: every product the text and filters let through, with one flag per facet that
 * users may widen (its own filter left out), so facet counts exclude their own filter.
 */
function matchedCte(query: SearchQuery) {
  const { match, product, listing } = query;
  const textCte = match
    ? sql`q as (
        select search_fold(${match.text}) as q,
               websearch_to_tsquery('english', search_fold(${match.text})) as wq,
               ${match.words.length > 0 ? sql`to_tsquery('english', search_fold(${match.words.map((word) => `${word}:*`).join(' & ')}))` : sql`null::tsquery`} as pq
      ),`
    : sql``;
  const from = match
    ? sql`products p, q where (p.search_vector @@ q.wq or (q.pq is not null and p.search_vector @@ q.pq) or p.search_text %> q.q)`
    : sql`products p where true`;
  const exists = hasListingFilter(listing)
    ? sql`exists (select 1 from ${listingsOf(sql`p.id`, listing)})`
    : sql`true`;
  const conditions = productConditions(product);
  const needsStock = query.sort === 'relevance' && match !== null;
  return sql`${textCte}
    base as (
      select p.id, p.primary_name, p.secondary_name, ${scoreOf(match)} as score,
             ${all(conditions.rest)} as ok_rest,
             ${conditions.categories} as ok_categories,
             ${conditions.brand} as ok_brand,
             ${exists} as ok_listing
        from ${from}
    ),
    matched as (
      select base.*,
             ${needsStock ? sql`exists (select 1 from availabilities s where s.product_id = base.id and s.in_stock)` : sql`false`} as has_stock
        from base
       where ok_rest and ok_categories and ok_brand and ok_listing
    )`;
}

export type SearchPageRow = { id: number; total: number };

/** One page of matching product ids in order, with the total count. */
export async function searchProductIds(db: Executor, query: SearchQuery) {
  const rows = await queryRows<SearchPageRow>(
    db,
    sql`with ${matchedCte(query)}
      select id::int as id, (count(*) over ())::int as total from matched
       order by ${orderBy[query.sort]}
       limit ${query.perPage} offset ${(query.page - 1) * query.perPage}`,
  );
  if (rows.length > 0) return { ids: rows.map((row) => row.id), total: rows[0].total };
  if (query.page === 1) return { ids: [], total: 0 };
  // Past the last page: still report how many there are.
  const [count] = await queryRows<{ total: number }>(
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
export async function searchFacets(db: Executor, query: SearchQuery): Promise<FacetRow[]> {
  const { listing } = query;
  const facetListings = (without?: ListingPart) => {
    const { conditions, needsBranch } = listingConditions(listing, without);
    return {
      join: needsBranch ? sql`join branches b on b.id = a.branch_id` : sql``,
      where: all(conditions),
    };
  };
  const noFieldStatus = facetListings('fieldStatus');
  const noVariant = facetListings('variant');
  const listingFilterWithoutVariant = hasListingFilter(listing, 'variant');
  return queryRows<FacetRow>(
    db,
    sql`with ${matchedCte(query)},
      result as (select id from matched),
      for_categories as (select id from base where ok_rest and ok_brand and ok_listing),
      for_brand as (select id from base where ok_rest and ok_categories and ok_listing),
      for_listing_facets as (select id from base where ok_rest and ok_categories and ok_brand)
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
      select 'availability', case when exists (select 1 from availabilities s where s.product_id = f.id and s.in_stock)
                                  then 'Available' else 'Unavailable' end, null, count(*)::int
        from result f group by 2
      union all
      select 'fieldStatus', a.field_status, null, count(distinct a.product_id)::int
        from for_listing_facets f join availabilities a on a.product_id = f.id
        join product_variants v on v.id = a.product_variant_id ${noFieldStatus.join}
       where a.field_status is not null and ${noFieldStatus.where}
       group by a.field_status
      union all
      select 'standardContainer', v.standard_container, null, count(distinct v.product_id)::int
        from for_listing_facets f join product_variants v on v.product_id = f.id
       where v.standard_container is not null
         and ${listingFilterWithoutVariant ? sql`exists (select 1 from availabilities a ${noVariant.join} where a.product_variant_id = v.id and ${noVariant.where})` : sql`true`}
       group by v.standard_container
      union all
      select 'container', coalesce(v.container, v.size), v.standard_container, count(distinct v.product_id)::int
        from for_listing_facets f join product_variants v on v.product_id = f.id
       where v.standard_container is not null
         and ${listingFilterWithoutVariant ? sql`exists (select 1 from availabilities a ${noVariant.join} where a.product_variant_id = v.id and ${noVariant.where})` : sql`true`}
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
       group by v.size_feet`,
  );
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

export type ListingRow = {
  product_id: number;
  branch_id: number;
  organization_id: number;
  sells_online: boolean;
  quantity: number;
  ignore_quantity: boolean;
  price_tiers: PriceTier[];
  characteristics: string[];
};

/** The listings of a page of products that satisfy the listing filters (stock, prices, 'Available in'). */
export function findMatchingListings(db: Executor, ids: number[], filter: ListingFilter) {
  const { conditions } = listingConditions(filter);
  return queryRows<ListingRow>(
    db,
    sql`select a.product_id::int as product_id, a.branch_id::int as branch_id, b.organization_id::int as organization_id,
               b.sells_online, a.quantity, a.ignore_quantity, a.price_tiers, v.characteristics
          from availabilities a
          join product_variants v on v.id = a.product_variant_id
          join branches b on b.id = a.branch_id
         where a.product_id in ${idList(ids)} and ${all(conditions)}`,
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
