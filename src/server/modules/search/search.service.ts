import type { FastifyBaseLogger } from 'fastify';
import { canUseSite, isAdmin } from '../../../domain/access';
import { defaultSupplierRadius } from '../../../domain/catalog/catalog-queries';
import { type Discount, type PriceTier, priceFor } from '../../../domain/catalog/pricing';
import { parseSizeNotation } from '../../../domain/catalog/size-notation';
import { summarizeStock } from '../../../domain/catalog/stock';
import type { SearchParams, SearchSort } from '../../../domain/search/search-params';
import type {
  ProductSearchResponse,
  ProductSearchResult,
  SearchAggregation,
  SearchAggregations,
} from '../../../domain/search/search-results';
import type { Executor } from '../../db/client';
import type { Auth } from '../../http/auth';
import * as catalog from '../catalog/catalog.service';
import * as users from '../users/users.service';
import * as repo from './search.repository';

/** The page name the header dropdown sends; its searches skip the aggregations it never shows. */
export const headerSearchPageName = 'Header Search';

// Size words a buyer types after a name ('boxwood green velvet #3', 'red maple 2.5" cal B&B').
const sizeWordPatterns = [
  /#\s*\d+/g,
  /\b\d+(?:\.\d+)?\s*-?\s*(?:gal|gallons?|g)\b\.?/g,
  /\b\d+(?:\.\d+)?(?:[\s-]\d+\/\d+)?\s*(?:"|''|\s?in\b|\s?inch(?:es)?\b)\s*(?:cal(?:iper)?\b)?/g,
  /\b\d+(?:\.\d+)?\s*,?\s*cal(?:iper)?\b/g,
  /\b\d+(?:\s*-\s*\d+)?\s*(?:'|\s?ft\b|\s?feet\b)/g,
  /\bb\s*&\s*b\b/g,
  /\b(?:\d+\s*)?(?:quarts?|qt)\b/g,
];

/**
 * Splits a query into the name words and the size words, read with the size notation parser. The size
 * words narrow the variants (and their listings) a result counts; the name words go to the text match.
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
  return (text.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 12);
}

export type SearchOptions = { aggregations: boolean };

/** The search tracking recorder; tests and the route pass the real one, which never throws. */
export type SearchTracker = (events: repo.NewSearchEvent[]) => Promise<void>;

/**
 * Records tracking events and, for a signed-in user's first search, flips searched_for_products. A
 * tracking failure is logged at warn and never fails the search (the results are already computed).
 */
export async function trackSearch(
  db: Executor,
  log: FastifyBaseLogger,
  caller: Auth | null,
  events: repo.NewSearchEvent[],
  insert: (db: Executor, events: repo.NewSearchEvent[]) => Promise<void> = repo.insertSearchEvents,
) {
  try {
    await insert(db, events);
    if (caller && !caller.user.searchedForProducts) {
      await users.updateUser(db, caller.user.id, { searchedForProducts: true });
    }
  } catch (error) {
    log.warn({ err: error }, 'search tracking failed');
  }
}

function resolveSort(params: SearchParams, hasText: boolean): SearchSort {
  const sort = params.sort ?? (hasText ? 'relevance' : 'primary_name|asc');
  return sort === 'relevance' && !hasText ? 'primary_name|asc' : sort;
}

const nonEmpty = <T>(values: T[] | undefined): T[] | null => (values && values.length > 0 ? values : null);

/** Turns the validated parameters and the caller into the repository's query. */
export function buildSearchQuery(params: SearchParams, caller: Auth | null, options: SearchOptions): repo.SearchQuery {
  const { text, size } = splitQuery(params.query ?? '');
  const words = prefixWords(text);
  const match = text.length > 0 ? { text, words } : null;
  const suppliers = params.supplierFilter === true && caller !== null;
  const near =
    params.postalCode !== undefined
      ? (() => {
          const radius = params.radius === undefined ? defaultSupplierRadius : params.radius;
          return radius === null ? null : { ...catalog.locatePostalCode(params.postalCode), radiusMiles: radius };
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
      // TODO(carts issue, "Carts and the header cart button"): use the branches of the caller's
      // current cart once carts exist; until then the switch matches no branches.
      cartBranchIds: suppliers && params.activeCart ? [] : null,
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

type DiscountRow = Awaited<ReturnType<typeof catalog.findActiveDiscounts>>[number];

function discountsAt(
  all: readonly DiscountRow[],
  listing: { organization_id: number; sells_online: boolean },
  buyerOrganizationId: number | null,
): Discount[] {
  const result: Discount[] = [];
  for (const discount of all) {
    if (discount.supplierOrganizationId !== null && discount.supplierOrganizationId !== listing.organization_id)
      continue;
    if (discount.buyerOrganizationId !== null && discount.buyerOrganizationId !== buyerOrganizationId) continue;
    if (discount.kind === 'purchase' && (buyerOrganizationId === null || discount.buyerOrganizationId === null))
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

/** The tiles of a page: names, categories, stock over the matching listings, and the caller's prices. */
async function loadResults(
  db: Executor,
  caller: Auth | null,
  ids: number[],
  listing: repo.ListingFilter,
  now: Date,
): Promise<ProductSearchResult[]> {
  if (ids.length === 0) return [];
  const [cards, listings] = await Promise.all([
    repo.findProductCards(db, ids),
    repo.findMatchingListings(db, ids, listing),
  ]);
  const audience = priceAudience(caller);
  const discounts = audience
    ? await catalog.findActiveDiscounts(db, {
        buyerOrganizationId: audience.organizationId,
        supplierOrganizationIds: [...new Set(listings.map((row) => row.organization_id))],
        now,
      })
    : [];
  const listingsByProduct = new Map<number, repo.ListingRow[]>();
  for (const row of listings) {
    const list = listingsByProduct.get(row.product_id) ?? [];
    list.push(row);
    listingsByProduct.set(row.product_id, list);
  }
  const cardById = new Map(cards.map((card) => [card.id, card]));
  return ids.flatMap((id) => {
    const card = cardById.get(id);
    if (!card) return [];
    const rows = listingsByProduct.get(id) ?? [];
    const stock = summarizeStock(
      rows.map((row) => ({ branchId: row.branch_id, quantity: row.quantity, ignoreQuantity: row.ignore_quantity })),
    );
    let priceMin: number | null = null;
    let priceMax: number | null = null;
    let price: ProductSearchResult['price'] = null;
    for (const row of rows) {
      const visible =
        audience !== null && (!card.restricted || audience.admin || audience.organizationId === row.organization_id);
      if (!visible) continue;
      const own = priceFor({
        tiers: row.price_tiers as PriceTier[],
        quantity: 1,
        discounts: discountsAt(discounts, row, audience.organizationId),
      });
      if (!own) continue;
      priceMin = priceMin === null ? own.base : Math.min(priceMin, own.base);
      priceMax = priceMax === null ? own.base : Math.max(priceMax, own.base);
      if (!price || own.value < price.value) price = { base: own.base, value: own.value, category: own.category };
    }
    const characteristics = [...new Set(rows.flatMap((row) => row.characteristics))].sort();
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
        totalSuppliers: stock.supplierCount,
        totalAvailable: stock.totalAvailable,
        ignoreQuantity: stock.ignoreQuantity,
        unavailable: stock.supplierCount === 0,
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
  for (const parent of result.standardContainer) parent.children = (children.get(parent.name) ?? []).sort(byCountThenName);
  for (const key of ['categories', 'standardContainer', 'fieldStatus', 'brand', 'advantages'] as const)
    result[key].sort(byCountThenName);
  result.sizesInches.sort((a, b) => Number(a.name) - Number(b.name));
  result.sizesFeet.sort((a, b) => Number(a.name) - Number(b.name));
  result.availability.sort((a, b) => a.name.localeCompare(b.name));
  return result;
}

/**
 * Product search (spec part 2 §2–§4): text relevance with typo tolerance, filters, facet counts and
 * the caller's prices. Header searches (`include=results` or pageName 'Header Search') skip facets.
 */
export async function searchProducts(
  db: Executor,
  caller: Auth | null,
  params: SearchParams,
  options: SearchOptions,
  now = new Date(),
): Promise<ProductSearchResponse> {
  const query = buildSearchQuery(params, caller, options);
  const [page, facets] = await Promise.all([
    repo.searchProductIds(db, query),
    options.aggregations ? repo.searchFacets(db, query) : Promise.resolve([]),
  ]);
  const results = await loadResults(db, caller, page.ids, query.listing, now);
  return {
    results,
    totalCount: page.total,
    currentPage: params.page,
    totalPages: Math.max(1, Math.ceil(page.total / params.perPage)),
    aggregations: toAggregations(facets),
  };
}
