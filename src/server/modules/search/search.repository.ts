import { sql } from 'drizzle-orm';
import type { SearchSort } from '../../../domain/search/search-params';
import type { Executor } from '../../core/database';
import { queryRowsPrepared } from '../../db/client';
import type { SearchEventType } from './search.tables';

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

/** One facet value's count, as the search engine reports it before the service shapes the facets. */
export type FacetRow = { facet: string; name: string; parent: string | null; count: number };

/**
 * The query text folded as search_text is (search_fold) and parsed as the SQL search parsed it: the
 * websearch tsquery and the prefix tsquery of its words ('' when there are none), as text.
 */
export async function readQueryTerms(db: Executor, text: string, prefix: string) {
  const [row] = await queryRowsPrepared<{ folded: string; websearch: string | null; prefix: string | null }>(
    db,
    'search_query_terms',
    sql`select search_fold(${text}::text) as folded,
               websearch_to_tsquery('english'::regconfig, search_fold(${text}::text))::text as websearch,
               case when ${prefix}::text = '' then null
                    else to_tsquery('english'::regconfig, search_fold(${prefix}::text))::text end as prefix`,
  );
  return row;
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

/**
 * Writes a batch of events as one JSON parameter read by json_to_recordset: one prepared statement
 * whatever the batch size (building a VALUES list of thousands of parameters held the event loop).
 */
export async function insertSearchEvents(db: Executor, events: NewSearchEvent[]) {
  if (events.length === 0) return;
  const rows = JSON.stringify(
    events.map((event) => ({
      event_type: event.eventType,
      query: event.query,
      page_name: event.pageName,
      product_id: event.productId ?? null,
      results_count: event.resultsCount ?? null,
      product_data: event.productData ?? null,
      user_id: event.userId,
    })),
  );
  await queryRowsPrepared(
    db,
    'search_events_insert',
    sql`insert into search_events (event_type, query, page_name, product_id, results_count, product_data, user_id)
        select r.event_type, r.query, r.page_name, r.product_id, r.results_count, r.product_data, r.user_id
          from json_to_recordset(${rows}::json) as r(event_type text, query text, page_name text, product_id bigint,
                                                      results_count integer, product_data jsonb, user_id bigint)`,
  );
}

/**
 * Adds a day's impressions, counted by product, to the branches that list those products in stock (a
 * result tile stands for them): one upsert per batch, summed per branch and day.
 */
export async function addSearchImpressions(db: Executor, day: string, counts: ReadonlyMap<number, number>) {
  if (counts.size === 0) return;
  const rows = JSON.stringify([...counts].map(([productId, count]) => ({ product_id: productId, n: count })));
  await queryRowsPrepared(
    db,
    'search_impressions_add',
    sql`insert into search_impressions (day, branch_id, impressions)
        select ${day}::date, listed.branch_id, sum(shown.n)::int
          from json_to_recordset(${rows}::json) as shown(product_id bigint, n integer)
          join (select distinct av.product_id, av.branch_id from availabilities av
                 where av.quantity > 0 or av.ignore_quantity) listed on listed.product_id = shown.product_id
         group by listed.branch_id
        on conflict (branch_id, day)
        do update set impressions = search_impressions.impressions + excluded.impressions, updated_at = now()`,
  );
}
