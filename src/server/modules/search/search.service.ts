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
import type { Executor } from '../../db/client';
import type { Auth } from '../../http/auth';
import * as carts from '../carts/carts.service';
import * as catalog from '../catalog/catalog.service';
import * as usersService from '../users/users.service';
import * as repo from './search.repository';

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
 * Collects search tracking events and writes them in batches (one insert per `delayMs`, or sooner at
 * `maxBatch` events), so searching at hundreds per second costs the database a few inserts a second.
 * It also flips `searched_for_products` for a signed-in user's first search. A failed write is logged
 * at warn and dropped: tracking never slows or fails a search.
 */
export class SearchTracker {
  private pending: repo.NewSearchEvent[] = [];
  private firstSearchers = new Set<number>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Executor,
    private readonly log: FastifyBaseLogger,
    private readonly options: { delayMs: number; maxBatch: number } = { delayMs: 250, maxBatch: 500 },
    private readonly insert: (
      db: Executor,
      events: repo.NewSearchEvent[],
    ) => Promise<void> = repo.insertSearchEvents,
  ) {}

  record(caller: Auth | null, events: repo.NewSearchEvent[]) {
    this.pending.push(...events);
    if (caller && !caller.user.searchedForProducts) this.firstSearchers.add(caller.user.id);
    if (this.pending.length >= this.options.maxBatch) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.options.delayMs);
  }

  /** Writes what is pending; resolves when every write so far has finished. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const events = this.pending;
    const users = [...this.firstSearchers];
    this.pending = [];
    this.firstSearchers = new Set();
    this.flushing = this.flushing.then(() => this.write(events, users));
    return this.flushing;
  }

  private async write(events: repo.NewSearchEvent[], userIds: number[]) {
    try {
      if (events.length > 0) await this.insert(this.db, events);
    } catch (error) {
      this.log.warn({ err: error }, 'search tracking failed');
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
  caller: Auth | null,
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
function priceAudience(caller: Auth | null) {
  if (!caller || !canUseSite(caller.user.status as never)) return null;
  return { organizationId: caller.user.organizationId, admin: isAdmin(caller.user) };
}

type DiscountRow = repo.DiscountRow;

function discountsAt(
  all: readonly DiscountRow[],
  listing: { organization_id: number; sells_online: boolean },
  buyerOrganizationId: number | null,
): Discount[] {
  const result: Discount[] = [];
  for (const discount of all) {
    if (
      discount.supplierOrganizationId !== null &&
      discount.supplierOrganizationId !== listing.organization_id
    )
      continue;
    if (discount.buyerOrganizationId !== null && discount.buyerOrganizationId !== buyerOrganizationId)
      continue;
    if (
      discount.kind === 'purchase' &&
      (buyerOrganizationId === null || discount.buyerOrganizationId === null)
    )
      continue;
    if (discount.kind === 'online' && !listing.sells_online) continue;
    result.push({
      kind: discount.kind as Discount['kind'],
      operator: discount.operator as Discount['operator'],
      value: discount.value,
    });
  }
  return result;
}

async function summarize(
  db: Executor,
  ids: number[],
  listing: repo.ListingFilter,
  audience: ReturnType<typeof priceAudience>,
) {
  const [summaries, supplierPrices] = await Promise.all([
    repo.summarizeListings(db, ids, listing),
    audience ? repo.lowestPricesBySupplier(db, ids, listing) : Promise.resolve([]),
  ]);
  return { summaries, supplierPrices };
}

/** The tiles of a page: names, categories, stock over the matching listings, and the caller's prices. */
async function loadResults(
  db: Executor,
  caller: Auth | null,
  ids: number[],
  listing: repo.ListingFilter,
  now: Date,
): Promise<ProductSearchResult[]> {
  if (ids.length === 0) return [];
  const audience = priceAudience(caller);
  const [cards, sized] = await Promise.all([
    repo.findProductCards(db, ids),
    summarize(db, ids, listing, audience),
  ]);
  let { summaries, supplierPrices } = sized;
  // Size words of the query rank the products that have that size first but hide none; a product
  // without the size shows the stock and prices of the sizes it has.
  const unsized = listing.querySize
    ? ids.filter((id) => !summaries.some((row) => row.product_id === id))
    : [];
  if (unsized.length > 0) {
    const rest = await summarize(db, unsized, { ...listing, querySize: null }, audience);
    summaries = [...summaries, ...rest.summaries];
    supplierPrices = [...supplierPrices, ...rest.supplierPrices];
  }
  const discounts = audience
    ? await repo.findActiveDiscounts(db, {
        buyerOrganizationId: audience.organizationId,
        supplierOrganizationIds: [...new Set(supplierPrices.map((row) => row.organization_id))],
        now,
      })
    : [];
  const cardById = new Map(cards.map((card) => [card.id, card]));
  const summaryById = new Map(summaries.map((row) => [row.product_id, row]));
  const pricesById = new Map<number, repo.SupplierPriceRow[]>();
  for (const row of supplierPrices)
    pricesById.set(row.product_id, [...(pricesById.get(row.product_id) ?? []), row]);
  return ids.flatMap((id) => {
    const card = cardById.get(id);
    if (!card) return [];
    const summary = summaryById.get(id);
    let priceMin: number | null = null;
    let priceMax: number | null = null;
    let price: ProductSearchResult['price'] = null;
    if (audience) {
      // A restricted product shows prices only to its own supplier's users and admins.
      const rows = (pricesById.get(id) ?? []).filter(
        (row) => !card.restricted || audience.admin || audience.organizationId === row.organization_id,
      );
      for (const row of rows) {
        // Discounts never raise a price, so the supplier's lowest book price also gives its lowest own price.
        const own = priceFor({
          tiers: [{ quantityMin: 1, price: row.price }],
          quantity: 1,
          discounts: discountsAt(discounts, row, audience.organizationId),
        });
        if (!own) continue;
        priceMin = priceMin === null ? own.base : Math.min(priceMin, own.base);
        priceMax = priceMax === null ? own.base : Math.max(priceMax, own.base);
        if (!price || own.value < price.value)
          price = { base: own.base, value: own.value, category: own.category };
      }
    }
    const characteristics = [...new Set((summary?.characteristics ?? '').split(',').filter(Boolean))].sort();
    const totalSuppliers = summary?.total_suppliers ?? 0;
    return [
      {
        id: card.id,
        pathIdentifier: card.path_identifier,
        primaryName: card.primary_name,
        secondaryName: card.secondary_name,
        patentName: card.patent_name,
        categories: card.categories,
        categoryNames: card.categories.map((category) => category.name).join(', '),
        availabilityCharacteristicNames: characteristics.join(', '),
        imageUrl: card.image_url,
        brand: card.brand,
        totalSuppliers,
        totalAvailable: summary?.total_available ?? 0,
        ignoreQuantity: summary?.ignore_quantity ?? false,
        unavailable: totalSuppliers === 0,
        restricted: card.restricted,
        priceMin,
        priceMax,
        price,
      },
    ];
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
 * may be `ttlMs` old. The key holds everything the answer depends on: the parameters and, for prices
 * and supplier switches, the caller's organisation, access, admin role and favourite branches.
 * Concurrent identical searches share one computation.
 */
export class SearchCache {
  private readonly entries = new Map<string, { expires: number; value: Promise<ProductSearchResponse> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 2_000,
  ) {}

  get enabled() {
    return this.ttlMs > 0;
  }

  async getOrCompute(
    key: string,
    compute: () => Promise<ProductSearchResponse>,
  ): Promise<ProductSearchResponse> {
    if (!this.enabled) return compute();
    const now = Date.now();
    const found = this.entries.get(key);
    if (found && found.expires > now) return found.value;
    if (found) this.entries.delete(key);
    const value = compute();
    this.entries.set(key, { expires: now + this.ttlMs, value });
    // A failed search is not remembered.
    value.catch(() => this.entries.delete(key));
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return value;
  }
}

function cacheKeyOf(
  caller: Auth | null,
  params: SearchParams,
  options: SearchOptions,
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
  return JSON.stringify([params, options.aggregations, audience, suppliers]);
}

/**
 * Product search (spec part 2 §2–§4): text relevance with typo tolerance, filters, facet counts and
 * the caller's prices. Header searches (`include=results` or pageName 'Header Search') skip facets.
 */
export async function searchProducts(
  db: Executor,
  caller: Auth | null,
  params: SearchParams,
  options: SearchOptions & { cache?: SearchCache },
  now = new Date(),
): Promise<ProductSearchResponse> {
  // "In Active Cart": the branches of the caller's current cart.
  const cartBranchIds =
    caller && params.supplierFilter && params.activeCart
      ? await carts.currentCartBranchIds(db, caller.user.id)
      : [];
  const compute = async () => {
    const query = buildSearchQuery(params, caller, options, cartBranchIds);
    // With aggregations, one statement shares the candidate set between the page and the facets.
    const { facets, ...page } = options.aggregations
      ? await repo.searchPageAndFacets(db, query)
      : { ...(await repo.searchProductIds(db, query)), facets: [] };
    const results = await loadResults(db, caller, page.ids, query.listing, now);
    return {
      results,
      totalCount: page.total,
      currentPage: params.page,
      totalPages: Math.max(1, Math.ceil(page.total / params.perPage)),
      aggregations: toAggregations(facets),
    };
  };
  return options.cache
    ? options.cache.getOrCompute(cacheKeyOf(caller, params, options, cartBranchIds), compute)
    : compute();
}
