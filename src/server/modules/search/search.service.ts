import type { FastifyBaseLogger } from 'fastify';
import { canUseSite, isAdmin } from '../../../domain/access';
import { defaultSupplierRadius } from '../../../domain/catalog/catalog-queries';
import { type Discount, priceFor } from '../../../domain/catalog/pricing';
import { parseSizeNotation } from '../../../domain/catalog/size-notation';
import type { SearchParams, SearchSort } from '../../../domain/search/search-params';
import type {
  ProductSearchResponse,
  ProductSearchResult,
  SearchAggregation,
  SearchAggregations,
} from '../../../domain/search/search-results';
import { parseTsquery } from '../../../domain/search/text-search';
import type { Caller } from '../../core/caller';
import type { Executor } from '../../core/database';
import * as carts from '../carts/carts.service';
import * as catalog from '../catalog/catalog.service';
import * as usersService from '../users/users.service';
import { CompiledListingFilter, type ListingContext } from './listing-filter';
import { PromiseMemo } from './promise-memo';
import * as repo from './search.repository';
import { type QueryTerms, runSearch } from './search-engine';
import type { IndexedDiscount, IndexedProduct, SearchIndex, SearchIndexKeeper } from './search-index';
import { summarize } from './tile-summaries';

/** The page name the header dropdown sends; its searches skip the aggregations it never shows. */
export const headerSearchPageName = 'Header Search';

// Size words a buyer types after a name ('boxwood green velvet #3', 'red maple 2.5" cal B&B').
const sizeWordPatterns = [
  /#\s*\d+/gi,
  /\b\d+(?:\.\d+)?\s*-?\s*(?:gal|gallons?|g)\b\.?/gi,
  /\b\d+(?:\.\d+)?(?:[\s-]\d+\/\d+)?\s*(?:"|''|\s?in\b|\s?inch(?:es)?\b)\s*(?:cal(?:iper)?\b)?/gi,
  /\b\d+(?:\.\d+)?\s*,?\s*cal(?:iper)?\b/gi,
  /\b\d+(?:\s*-\s*\d+)?\s*(?:'|\s?ft\b|\s?feet\b)/gi,
  /\bb\s*&\s*b\b/gi,
  /\b(?:\d+\s*)?(?:quarts?|qt)\b/gi,
];

/**
 * Splits a query into the name words and the size words, read with the size notation parser. The size
 * words rank products with that size first and narrow the variants a tile counts; the name words go
 * to the text match.
 */
export function splitQuery(raw: string): { text: string; size: repo.ListingFilter['querySize'] } {
  let text = raw.replace(/[″“”]/g, '"').replace(/[′‘’`´]/g, "'");
  const found: string[] = [];
  for (const pattern of sizeWordPatterns) {
    text = text.replace(pattern, (word) => {
      found.push(word);
      return ' ';
    });
  }
  text = text.replace(/\s+/g, ' ').trim();
  if (found.length === 0) return { text, size: null };
  const parsed = parseSizeNotation(found.join(' '));
  const size = {
    container: parsed.container,
    standardContainer: parsed.standardContainer,
    sizeInches: parsed.container ? null : parsed.sizeInches,
    sizeFeet: parsed.sizeFeet,
  };
  const useful = Object.values(size).some((value) => value !== null);
  // Nothing readable: keep the words in the text query rather than lose them.
  if (!useful) return { text: raw.trim(), size: null };
  return { text, size };
}

/** Words of letters and digits only: safe to write into a prefix tsquery. */
export function prefixWords(text: string): string[] {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).slice(0, 12);
}

export type SearchOptions = { aggregations: boolean };

/**
 * Collects search tracking events and the products results pages showed (impressions) and writes
 * them in batches (one insert per `delayMs`, or sooner at `maxBatch` events), so searching at hundreds
 * per second costs the database a few inserts a second.
 * It also flips `searched_for_products` for a signed-in user's first search. A failed write is logged
 * at warn and dropped: tracking never slows or fails a search.
 */
export class SearchTracker {
  private pending: repo.NewSearchEvent[] = [];
  private firstSearchers = new Set<number>();
  /** Products shown in results, counted per UTC day until the next flush. */
  private shown = new Map<string, Map<number, number>>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Executor,
    private readonly log: FastifyBaseLogger,
    private readonly options: { delayMs: number; maxBatch: number; now?: () => Date } = {
      delayMs: 250,
      maxBatch: 500,
    },
    private readonly insert: (
      db: Executor,
      events: repo.NewSearchEvent[],
    ) => Promise<void> = repo.insertSearchEvents,
    private readonly addImpressions: (
      db: Executor,
      day: string,
      counts: ReadonlyMap<number, number>,
    ) => Promise<void> = repo.addSearchImpressions,
  ) {}

  record(caller: Caller | null, events: repo.NewSearchEvent[]) {
    this.pending.push(...events);
    if (caller && !caller.user.searchedForProducts) this.firstSearchers.add(caller.user.id);
    this.schedule();
  }

  /**
   * Counts the products a results page showed; the flush turns them into impressions of the branches
   * that list them, summed per day (a few map updates per search, one upsert per batch).
   */
  recordImpressions(productIds: readonly number[]) {
    if (productIds.length === 0) return;
    const day = (this.options.now?.() ?? new Date()).toISOString().slice(0, 10);
    let counts = this.shown.get(day);
    if (!counts) {
      counts = new Map();
      this.shown.set(day, counts);
    }
    for (const id of productIds) counts.set(id, (counts.get(id) ?? 0) + 1);
    this.schedule();
  }

  private schedule() {
    if (this.pending.length >= this.options.maxBatch) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.options.delayMs);
  }

  /** Writes what is pending; resolves when every write so far has finished. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const events = this.pending;
    const users = [...this.firstSearchers];
    const shown = this.shown;
    this.pending = [];
    this.firstSearchers = new Set();
    this.shown = new Map();
    this.flushing = this.flushing.then(() => this.write(events, users, shown));
    return this.flushing;
  }

  private async write(
    events: repo.NewSearchEvent[],
    userIds: number[],
    shown: Map<string, Map<number, number>> = new Map(),
  ) {
    try {
      if (events.length > 0) await this.insert(this.db, events);
    } catch (error) {
      this.log.warn({ err: error }, 'search tracking failed');
    }
    for (const [day, counts] of shown) {
      try {
        await this.addImpressions(this.db, day, counts);
      } catch (error) {
        this.log.warn({ err: error }, 'recording search impressions failed');
      }
    }
    for (const userId of userIds) {
      try {
        await usersService.updateUser(this.db, userId, { searchedForProducts: true });
      } catch (error) {
        this.log.warn({ err: error }, 'marking searched_for_products failed');
      }
    }
  }
}

function resolveSort(params: SearchParams, hasText: boolean): SearchSort {
  const sort = params.sort ?? (hasText ? 'relevance' : 'primary_name|asc');
  return sort === 'relevance' && !hasText ? 'primary_name|asc' : sort;
}

const nonEmpty = <T>(values: T[] | undefined): T[] | null => (values && values.length > 0 ? values : null);

/** Turns the validated parameters and the caller into the repository's query. */
export function buildSearchQuery(
  params: SearchParams,
  caller: Caller | null,
  options: SearchOptions,
  currentCartBranchIds: number[] = [],
): repo.SearchQuery {
  const { text, size } = splitQuery(params.query ?? '');
  const words = prefixWords(text);
  const match = text.length > 0 ? { text, words } : null;
  const suppliers = params.supplierFilter === true && caller !== null;
  const near =
    params.postalCode !== undefined
      ? (() => {
          const radius = params.radius === undefined ? defaultSupplierRadius : params.radius;
          return radius === null
            ? null
            : { ...catalog.locatePostalCode(params.postalCode), radiusMiles: radius };
        })()
      : null;
  return {
    match,
    product: {
      categories: nonEmpty(params.categories),
      advantages: nonEmpty(params.advantages),
      brand: nonEmpty(params.brand),
      brandId: params.brandId ?? null,
      productGroupSlug: params.productGroupSlug || null,
      productFamilySlug: params.productFamilySlug || null,
    },
    listing: {
      available: params.available === true,
      quantity: params.quantity ?? null,
      fieldStatus: nonEmpty(params.fieldStatus),
      container: nonEmpty(params.container),
      standardContainer: nonEmpty(params.standardContainer),
      size: nonEmpty(params.size),
      querySize: size,
      branchIds: nonEmpty(params.branchIds),
      near,
      favoriteBranchIds:
        suppliers && params.preferredSuppliers ? (caller.profile.favoriteBranchIds ?? []).map(Number) : null,
      sellingOnline: suppliers && params.sellingOnline === true,
      purchaseDiscountBuyerOrganizationId:
        suppliers && params.evdSuppliers ? (caller.user.organizationId ?? -1) : null,
      cartBranchIds: suppliers && params.activeCart ? currentCartBranchIds : null,
    },
    sort: resolveSort(params, match !== null),
    page: params.page,
    perPage: params.perPage,
    withAggregations: options.aggregations,
  };
}

/** Prices are for signed-in users who may use the site (as on the availability list). */
function priceAudience(caller: Caller | null) {
  if (!caller || !canUseSite(caller.user.status as never)) return null;
  return { organizationId: caller.user.organizationId, admin: isAdmin(caller.user) };
}

/** A discount row as pricing takes it. */
const asDiscount = (discount: IndexedDiscount): Discount => ({
  kind: discount.kind as Discount['kind'],
  operator: discount.operator as Discount['operator'],
  value: discount.value,
});

/**
 * The caller's active discounts arranged for pricing many suppliers: those every supplier gives (by
 * whether it sells online, for the online savings) and those of particular suppliers. A purchase
 * discount needs a buyer on both sides; online savings need a supplier that sells online.
 */
function applicableDiscounts(all: readonly IndexedDiscount[], buyerOrganizationId: number | null) {
  const applicable = all.filter(
    (discount) =>
      (discount.buyerOrganizationId === null || discount.buyerOrganizationId === buyerOrganizationId) &&
      (discount.kind !== 'purchase' ||
        (buyerOrganizationId !== null && discount.buyerOrganizationId !== null)),
  );
  const bySupplier = new Set(applicable.flatMap((discount) => discount.supplierOrganizationId ?? []));
  // In the rows' order: of two discounts giving the same price, the first names it. A branch that does
  // not honour purchase discounts (branches.honors_purchase_discount) gets none of them.
  const at = (organizationId: number | null, sellsOnline: boolean, honorsPurchase: boolean): Discount[] =>
    applicable
      .filter(
        (discount) =>
          (discount.supplierOrganizationId === null || discount.supplierOrganizationId === organizationId) &&
          (discount.kind !== 'online' || sellsOnline) &&
          (discount.kind !== 'purchase' || honorsPurchase),
      )
      .map(asDiscount);
  // By the flags' bits: sells online (+1), honours purchase discounts (+2).
  const everySupplier = [
    at(null, false, false),
    at(null, true, false),
    at(null, false, true),
    at(null, true, true),
  ];
  return {
    bySupplier,
    /** The discounts a supplier organisation's branch gives the caller. */
    at(organizationId: number, sellsOnline: boolean, honorsPurchase: boolean): Discount[] {
      return bySupplier.has(organizationId)
        ? at(organizationId, sellsOnline, honorsPurchase)
        : everySupplier[(sellsOnline ? 1 : 0) + (honorsPurchase ? 2 : 0)];
    },
  };
}

/**
 * The query's text as PostgreSQL folds it (search_fold: unaccent and lower case) and parses it
 * (websearch_to_tsquery and the prefix to_tsquery with the English stemmer), so the index matches the
 * stored search_text and search_vector exactly. A pure function of the text: kept for the most recent
 * queries, so a repeated query costs no round trip.
 */
export class QueryTermsReader {
  private readonly memo: PromiseMemo<QueryTerms>;

  constructor(maxEntries = 5_000) {
    this.memo = new PromiseMemo(Number.POSITIVE_INFINITY, maxEntries);
  }

  read(db: Executor, match: repo.TextMatch): Promise<QueryTerms> {
    const prefix = match.words.map((word) => `${word}:*`).join(' & ');
    return this.memo.get(`${match.text}\u0000${prefix}`, async () => {
      const row = await repo.readQueryTerms(db, match.text, prefix);
      return {
        folded: row.folded,
        websearch: row.websearch ? parseTsquery(row.websearch) : null,
        prefix: row.prefix ? parseTsquery(row.prefix) : null,
      };
    });
  }
}

/** The tiles of a page: names, categories, stock over the matching listings, and the caller's prices. */
function loadResults(
  index: SearchIndex,
  caller: Caller | null,
  products: IndexedProduct[],
  listing: repo.ListingFilter,
  context: ListingContext,
  now: Date,
): ProductSearchResult[] {
  if (products.length === 0) return [];
  const audience = priceAudience(caller);
  const filter = new CompiledListingFilter(index, listing, context);
  const withoutQuerySize = listing.querySize
    ? new CompiledListingFilter(index, { ...listing, querySize: null }, context)
    : filter;
  const summaries = products.map((product) => {
    const summary = summarize(index, product, filter);
    // Size words of the query rank the products that have that size first but hide none; a product
    // without the size shows the stock and prices of the sizes it has.
    return summary.any ? summary : summarize(index, product, withoutQuerySize);
  });
  const applicable = applicableDiscounts(
    audience ? index.activeDiscounts(audience.organizationId, now.getTime()) : [],
    audience?.organizationId ?? null,
  );
  return products.map((product, position) => {
    const summary = summaries[position];
    let priceMin: number | null = null;
    let priceMax: number | null = null;
    let price: ProductSearchResult['price'] = null;
    if (audience) {
      // A restricted product shows prices only to its own supplier's users and admins.
      const rows = summary.supplierPrices.filter(
        (row) => !product.restricted || audience.admin || audience.organizationId === row.organizationId,
      );
      // Discounts never raise a price, so each supplier's lowest book price gives its lowest own price;
      // and suppliers without discounts of their own get the same discounts (by whether they sell
      // online), which keep the order of prices: of those, only the cheapest of each kind can be best.
      const cheapestOfKind: (number | undefined)[] = [undefined, undefined, undefined, undefined];
      rows.forEach((row, position) => {
        priceMin = priceMin === null ? row.price : Math.min(priceMin, row.price);
        priceMax = priceMax === null ? row.price : Math.max(priceMax, row.price);
        if (applicable.bySupplier.has(row.organizationId)) return;
        const kind = (row.sellsOnline ? 1 : 0) + (row.honorsPurchaseDiscount ? 2 : 0);
        const known = cheapestOfKind[kind];
        if (known === undefined || row.price < rows[known].price) cheapestOfKind[kind] = position;
      });
      rows.forEach((row, position) => {
        if (!applicable.bySupplier.has(row.organizationId) && !cheapestOfKind.includes(position)) return;
        const own = priceFor({
          tiers: [{ quantityMin: 1, price: row.price }],
          quantity: 1,
          discounts: applicable.at(row.organizationId, row.sellsOnline, row.honorsPurchaseDiscount),
        });
        if (own && (!price || own.value < price.value))
          price = { base: own.base, value: own.value, category: own.category };
      });
    }
    const characteristics = [...new Set(summary.characteristics)].sort();
    return {
      id: product.id,
      pathIdentifier: product.pathIdentifier,
      primaryName: product.primaryName,
      secondaryName: product.secondaryName,
      patentName: product.patentName,
      categories: product.categories,
      categoryNames: product.categories.map((category) => category.name).join(', '),
      availabilityCharacteristicNames: characteristics.join(', '),
      imageUrl: product.imageUrl,
      brand: product.brand,
      totalSuppliers: summary.totalSuppliers,
      totalAvailable: summary.totalAvailable,
      ignoreQuantity: summary.ignoreQuantity,
      unavailable: summary.totalSuppliers === 0,
      restricted: product.restricted,
      priceMin,
      priceMax,
      price,
    };
  });
}

const emptyAggregations = (): SearchAggregations => ({
  categories: [],
  availability: [],
  standardContainer: [],
  sizesInches: [],
  sizesFeet: [],
  fieldStatus: [],
  brand: [],
  advantages: [],
});

const byCountThenName = (a: SearchAggregation, b: SearchAggregation) =>
  b.count - a.count || a.name.localeCompare(b.name);

/** Shapes facet rows into the contract: container sizes under their standard container. */
export function toAggregations(rows: repo.FacetRow[]): SearchAggregations {
  const result = emptyAggregations();
  const children = new Map<string, SearchAggregation[]>();
  for (const row of rows) {
    const entry = { name: row.name, count: row.count };
    if (row.facet === 'container') {
      const list = children.get(row.parent ?? '') ?? [];
      list.push(entry);
      children.set(row.parent ?? '', list);
    } else if (row.facet === 'sizesInches' || row.facet === 'sizesFeet') {
      result[row.facet].push({ name: String(Number(row.name)), count: row.count });
    } else if (row.facet in result) {
      result[row.facet as keyof SearchAggregations].push(entry);
    }
  }
  for (const parent of result.standardContainer)
    parent.children = (children.get(parent.name) ?? []).sort(byCountThenName);
  for (const key of ['categories', 'standardContainer', 'fieldStatus', 'brand', 'advantages'] as const)
    result[key].sort(byCountThenName);
  result.sizesInches.sort((a, b) => Number(a.name) - Number(b.name));
  result.sizesFeet.sort((a, b) => Number(a.name) - Number(b.name));
  result.availability.sort((a, b) => a.name.localeCompare(b.name));
  return result;
}

/**
 * A short-lived cache of whole answers. The same searches come in bursts (the header dropdown asks
 * while a buyer types, many buyers look for the same plants) and stock changes daily, so an answer
 * may be `ttlMs` old, or less: the key holds the index's version, so once the index follows a write
 * (which, with DATABASE_URL, it does within a second of any process's write) older answers are no longer
 * reused. The key also holds everything else the answer depends on: the parameters and, for prices
 * and supplier switches, the caller's organisation, access, admin role and favourite branches.
 * Concurrent identical searches share one computation.
 */
export class SearchCache {
  private readonly answers: PromiseMemo<ProductSearchResponse>;

  constructor(
    private readonly ttlMs: number,
    maxEntries = 2_000,
  ) {
    this.answers = new PromiseMemo(ttlMs, maxEntries);
  }

  get enabled() {
    return this.ttlMs > 0;
  }

  getOrCompute(key: string, compute: () => Promise<ProductSearchResponse>): Promise<ProductSearchResponse> {
    return this.enabled ? this.answers.get(key, compute) : compute();
  }
}

function cacheKeyOf(
  caller: Caller | null,
  params: SearchParams,
  options: SearchOptions & { index: SearchIndexKeeper },
  cartBranchIds: number[],
) {
  const audience = priceAudience(caller);
  const suppliers =
    params.supplierFilter && caller
      ? {
          favorites: caller.profile.favoriteBranchIds ?? [],
          organizationId: caller.user.organizationId,
          cartBranchIds,
        }
      : null;
  // The index's version: once the index has followed a write (its own search, or the keeper's refresh
  // after another process's write), answers computed before it are no longer reused.
  return JSON.stringify([String(options.index.version), params, options.aggregations, audience, suppliers]);
}

/**
 * Product search (spec part 2 §2–§4): text relevance with typo tolerance, filters, facet counts and
 * the caller's prices. Header searches (`include=results` or pageName 'Header Search') skip facets.
 */
export async function searchProducts(
  db: Executor,
  caller: Caller | null,
  params: SearchParams,
  options: SearchOptions & { cache?: SearchCache; index: SearchIndexKeeper; terms: QueryTermsReader },
  now = new Date(),
): Promise<ProductSearchResponse> {
  // "In Active Cart": the branches of the caller's current cart.
  const cartBranchIds =
    caller && params.supplierFilter && params.activeCart
      ? await carts.currentCartBranchIds(db, caller.user.id)
      : [];
  const compute = async () => {
    const query = buildSearchQuery(params, caller, options, cartBranchIds);
    const [index, terms] = await Promise.all([
      options.index.current(),
      query.match ? options.terms.read(db, query.match) : null,
    ]);
    const buyer = query.listing.purchaseDiscountBuyerOrganizationId;
    const context = {
      purchaseDiscountSupplierIds:
        buyer === null ? new Set<number>() : index.purchaseDiscountSuppliers(buyer, now.getTime()),
    };
    const outcome = runSearch(index, query, terms, context);
    const results = loadResults(index, caller, outcome.products, query.listing, context, now);
    return {
      results,
      totalCount: outcome.total,
      currentPage: params.page,
      totalPages: Math.max(1, Math.ceil(outcome.total / params.perPage)),
      aggregations: toAggregations(outcome.facets),
    };
  };
  if (!options.cache?.enabled) return compute();
  // The key holds the index's version: first follow any write noted since the index last looked.
  await options.index.followWrites();
  return options.cache.getOrCompute(cacheKeyOf(caller, params, options, cartBranchIds), compute);
}
