/**
 * Answers a product search from the in-memory index (search-index.ts) with the rules the SQL search had
 * (decisions: 'Product search relevance', 'Search facets', 'Size words in a search query'): text
 * candidates from full-text, prefix and trigram matches, the 500 best by a first rank, product and
 * listing filters, the relevance score and the sorts; facet counts are in search-facets.ts, each tile's
 * stock and prices in tile-summaries.ts.
 */
import type { SearchSort } from '../../../domain/search/search-params';
import {
  matches,
  type ParsedTsquery,
  type TsQueryNode,
  type TsQueryOperand,
  tsRank,
} from '../../../domain/search/text-search';
import {
  prepareQuery,
  similarityOfSets,
  wordSimilarityOfFound,
  wordSimilarityPrepared,
} from '../../../domain/search/trigram';
import { CompiledListingFilter, type ListingContext } from './listing-filter';
import type { FacetRow, ProductFilter, SearchQuery } from './search.repository';
import { facetsOf } from './search-facets';
import type { IndexedProduct, SearchIndex } from './search-index';
import type { Matched, TextCandidate } from './search-matches';

/** The query's text as PostgreSQL folds and parses it (search_fold, websearch and prefix tsqueries). */
export type QueryTerms = { folded: string; websearch: ParsedTsquery | null; prefix: ParsedTsquery | null };

/** A text query keeps at most this many products (the best by a cheap first rank) before filters. */
export const maxTextCandidates = 500;

/** `pg_trgm.word_similarity_threshold`: the `%>` operator's bar for a typo-tolerant match. */
const wordSimilarityThreshold = 0.6;

/** ts_rank's weights {D, C, B, A}: botanical and trade names count most. */
const rankWeights = [0.1, 0.2, 0.4, 1.0] as const;

/** Product conditions apart from categories and brand (whose facets leave their own filter out). */
function passesRest(product: IndexedProduct, filter: ProductFilter) {
  if (filter.advantages && !product.advantageNames.some((name) => filter.advantages?.includes(name)))
    return false;
  if (filter.brandId !== null && product.brand?.id !== filter.brandId) return false;
  if (filter.productGroupSlug !== null && product.groupSlug !== filter.productGroupSlug) return false;
  if (filter.productFamilySlug !== null && product.familySlug !== filter.productFamilySlug) return false;
  return true;
}

const passesCategories = (product: IndexedProduct, filter: ProductFilter) =>
  !filter.categories || filter.categories.some((name) => product.categoryNames.has(name));

const passesBrand = (product: IndexedProduct, filter: ProductFilter) =>
  !filter.brand || (product.brand !== null && filter.brand.includes(product.brand.name));

/**
 * Per-slot scratch of the text phase, reused by every search (searches run one at a time on the event
 * loop): an entry counts only when its stamp is the current search's, so nothing is cleared between
 * searches and nothing is allocated per product.
 */
const scratch = {
  /**
   * Per slot, this search's tag (its number in the high 24 bits) with the count of the query's
   * trigrams the text holds in the low 8 bits: one array read per posting in the hottest loop.
   */
  shared: new Uint32Array(0),
  /** Bit 1: matches the websearch query; bit 2: the prefix query (valid where `markStamp` matches). */
  markStamp: new Uint32Array(0),
  marks: new Uint8Array(0),
  /** Word similarity once measured (valid where `similarityStamp` matches). */
  similarityStamp: new Uint32Array(0),
  similarity: new Float64Array(0),
  search: 0,
};
const fullTextMark = 1;
const prefixMark = 2;
const searchesPerTag = 0xffffff;

function scratchFor(slots: number) {
  if (scratch.shared.length < slots) {
    scratch.shared = new Uint32Array(slots);
    scratch.markStamp = new Uint32Array(slots);
    scratch.marks = new Uint8Array(slots);
    scratch.similarityStamp = new Uint32Array(slots);
    scratch.similarity = new Float64Array(slots);
  }
  scratch.search += 1;
  // Tags repeat after 16 million searches: start the counts over then.
  if ((scratch.search & searchesPerTag) === 0) {
    scratch.shared.fill(0);
    scratch.search += 1;
  }
  return scratch;
}

/** Per-trigram-id flags of the query's trigrams, cleared after each search. */
let queryTrigramMask = new Uint8Array(0);
function queryMask(trigrams: number) {
  if (queryTrigramMask.length < trigrams) queryTrigramMask = new Uint8Array(trigrams);
  return queryTrigramMask;
}

/** Which of a text's unique trigrams the query holds (scratch for wordSimilarityOfFound). */
let foundScratch = new Uint8Array(256);
function foundFlags(size: number) {
  if (foundScratch.length < size) foundScratch = new Uint8Array(size);
  return foundScratch;
}

/** `word_similarity(q, search_text)` of a candidate, measured once. */
function exactWordSimilarity(candidate: TextCandidate) {
  candidate.wordSimilarity ??= wordSimilarityPrepared(candidate.query, candidate.product.trigrams);
  return candidate.wordSimilarity;
}

/** At least the exact word similarity (float4 rounding can only add less than this margin). */
const upperWordSimilarity = (candidate: TextCandidate) =>
  candidate.query.uniqueCount === 0 ? 0 : Math.min(1, candidate.shared / candidate.query.uniqueCount + 1e-6);

/**
 * The text candidates (in no order; the best by the first rank when there are too many) (word similarity + 1 for a full-text match), at
 * most maxTextCandidates: products matching the websearch query, every word as a prefix, or the whole
 * query with word similarity of at least the threshold.
 */
function textCandidates(index: SearchIndex, terms: QueryTerms): TextCandidate[] {
  const { shared, markStamp, marks, similarityStamp, similarity, search } = scratchFor(index.slotCount);
  const tag = (search & searchesPerTag) << 8;
  const marksOf = (slot: number) => (markStamp[slot] === search ? marks[slot] : 0);
  const sharedOf = (slot: number) => ((shared[slot] & ~0xff) === tag ? shared[slot] & 0xff : 0);
  const textMatches: number[] = [];
  // Which products match each tsquery.
  for (const [query, bit] of [
    [terms.websearch, fullTextMark],
    [terms.prefix, prefixMark],
  ] as const) {
    if (!query) continue;
    for (const slot of matchingSlots(index, query)) {
      if (markStamp[slot] !== search) {
        markStamp[slot] = search;
        marks[slot] = 0;
        textMatches.push(slot);
      }
      marks[slot] |= bit;
    }
  }
  const prepared = prepareQuery(terms.folded);
  // (At most 255, what the counts hold; measuring decides in the end anyway.)
  const needed = Math.min(255, Math.ceil(prepared.uniqueCount * wordSimilarityThreshold - 1e-9));
  // The query's trigrams that some text holds, by id, flagged in the query mask.
  const mask = queryMask(index.trigramCount);
  const ids: number[] = [];
  for (const trigram of prepared.trigrams) {
    const id = index.trigramId(trigram);
    if (id >= 0) {
      ids.push(id);
      mask[id] = 1;
    }
  }
  // Count, per product, the query's trigrams its text holds; only products holding enough of them
  // can reach the `%>` threshold (word similarity is at most shared / query trigrams), and only
  // those are measured exactly. The hottest loop of a search: kept to two arrays.
  const enough: number[] = [];
  for (const id of ids) {
    const postings = index.postingsOfTrigram(id);
    for (let i = 0; i < postings.length; i++) {
      const slot = postings[i];
      const value = shared[slot];
      // Saturates at 255 (a query of 200 characters could in theory hold more distinct trigrams).
      const count = (value & ~0xff) === tag ? Math.min(255, (value & 0xff) + 1) : 1;
      shared[slot] = tag | count;
      if (count === needed) enough.push(slot);
    }
  }
  const measure = (slot: number, product: IndexedProduct) => {
    if (similarityStamp[slot] !== search) {
      const own = product.trigramIds;
      const inQuery = foundFlags(own.length);
      for (let i = 0; i < own.length; i++) inQuery[i] = mask[own[i]];
      similarity[slot] = wordSimilarityOfFound(product.trigrams, inQuery, prepared.uniqueCount);
      similarityStamp[slot] = search;
    }
    return similarity[slot];
  };
  const found: number[] = [];
  for (const slot of textMatches) if (index.bySlot(slot)) found.push(slot);
  for (const slot of enough) {
    if (marksOf(slot) !== 0) continue;
    const product = index.bySlot(slot);
    if (product && measure(slot, product) >= wordSimilarityThreshold) found.push(slot);
  }
  let kept = found;
  if (found.length > maxTextCandidates) {
    // A broad word: keep the best by the first rank (word similarity + 1 for a full-text match),
    // ties by id, measuring word similarity only where it can decide.
    const fullText = (slot: number) => ((marksOf(slot) & fullTextMark) !== 0 ? 1 : 0);
    const firstRank = (slot: number) => measure(slot, index.bySlot(slot) as IndexedProduct) + fullText(slot);
    const bound = (slot: number) =>
      prepared.uniqueCount === 0
        ? fullText(slot)
        : Math.min(1, sharedOf(slot) / prepared.uniqueCount + 1e-6) + fullText(slot);
    kept = bestByBound(found, maxTextCandidates, bound, firstRank);
    // Slots follow product ids, so ties go to the lower id as in SQL.
    kept.sort((a, b) => a - b);
    const ranks = Float64Array.from(kept, firstRank);
    kept = Array.from(
      positionsByDescendingValue(ranks).subarray(0, maxTextCandidates),
      (position) => kept[position],
    );
  }
  const candidates = kept.map(
    (slot): TextCandidate => ({
      product: index.bySlot(slot) as IndexedProduct,
      shared: sharedOf(slot),
      wordSimilarity: similarityStamp[slot] === search ? similarity[slot] : null,
      fullText: (marksOf(slot) & fullTextMark) !== 0,
      prefix: (marksOf(slot) & prefixMark) !== 0,
      query: prepared,
    }),
  );
  for (const id of ids) mask[id] = 0;
  return candidates;
}

/**
 * The items that can be among the `needed` best by `exact`, measuring as few as possible: items are
 * taken by `upper` (never below `exact`), and once `needed` measured values beat the bound of every
 * item left, none of those can enter. Returns the measured items (a superset of the best `needed`).
 */
function bestByBound<T>(
  items: T[],
  needed: number,
  upper: (item: T) => number,
  exact: (item: T) => number,
): T[] {
  const bounds = Float64Array.from(items, upper);
  const order = positionsByDescendingValue(bounds);
  const measured: T[] = [];
  // The best `needed` measured values as a min-heap: heap[0] is the lowest of them.
  const heap: number[] = [];
  for (const position of order) {
    // (With a margin over the packing's resolution, so a bound it rounded never stops the search early.)
    if (heap.length === needed && heap[0] > bounds[position] + 1e-6) break;
    const item = items[position];
    const value = exact(item);
    measured.push(item);
    if (heap.length < needed) heapPush(heap, value);
    else if (value > heap[0]) heapReplaceTop(heap, value);
  }
  return measured;
}

const positionBits = 2 ** 21;

/**
 * Positions 0…n−1 (n below 2 million) ordered by descending value, ties by ascending position. Each
 * position is packed with its value (scaled to 32 bits of resolution over the values' range, finer
 * than the float4 similarities scores are built from) into one number, so the typed array's own
 * numeric sort does the work: a comparator called a million times was most of a broad word's search.
 */
function positionsByDescendingValue(values: Float64Array): Int32Array {
  let highest = Number.NEGATIVE_INFINITY;
  let lowest = Number.POSITIVE_INFINITY;
  for (const value of values) {
    highest = Math.max(highest, value);
    lowest = Math.min(lowest, value);
  }
  const scale = Math.min(1e9, 2 ** 31 / Math.max(highest - lowest, 1e-9));
  const keys = new Float64Array(values.length);
  for (let position = 0; position < values.length; position++)
    keys[position] = Math.round((highest - values[position]) * scale) * positionBits + position;
  keys.sort();
  return Int32Array.from(keys, (key) => key % positionBits);
}

function heapPush(heap: number[], value: number) {
  heap.push(value);
  let i = heap.length - 1;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (heap[parent] <= heap[i]) break;
    [heap[parent], heap[i]] = [heap[i], heap[parent]];
    i = parent;
  }
}

function heapReplaceTop(heap: number[], value: number) {
  heap[0] = value;
  let i = 0;
  for (;;) {
    const left = 2 * i + 1;
    const right = left + 1;
    let smallest = i;
    if (left < heap.length && heap[left] < heap[smallest]) smallest = left;
    if (right < heap.length && heap[right] < heap[smallest]) smallest = right;
    if (smallest === i) return;
    [heap[smallest], heap[i]] = [heap[i], heap[smallest]];
    i = smallest;
  }
}

/** The operands of a tsquery that a match must or may contain (not those under a NOT). */
function positiveOperands(node: TsQueryNode | null, into: TsQueryOperand[] = []): TsQueryOperand[] {
  if (!node || node.kind === 'not') return into;
  if (node.kind === 'operand') into.push(node);
  else {
    positiveOperands(node.left, into);
    positiveOperands(node.right, into);
  }
  return into;
}

/** Slots that may match a tsquery: the postings of its positive operands (verified by `matches` after). */
function candidatesOf(index: SearchIndex, query: ParsedTsquery): Iterable<number> {
  const slots = new Set<number>();
  for (const operand of positiveOperands(query.root))
    for (const slot of index.postingsOfLexeme(operand.lexeme, operand.prefix)) slots.add(slot);
  return slots;
}

/** The operands of a query that is only operands joined by AND, without weights; else null. */
function plainConjunction(node: TsQueryNode | null): TsQueryOperand[] | null {
  if (!node) return null;
  if (node.kind === 'operand') return node.weightMask === 0 ? [node] : null;
  if (node.kind !== 'and') return null;
  const left = plainConjunction(node.left);
  const right = plainConjunction(node.right);
  return left && right ? [...left, ...right] : null;
}

/**
 * The slots of the products matching a tsquery (`@@`), possibly with repeats. The usual queries ('grass', 'red & oak',
 * 'red:* & oak:*') are conjunctions of plain operands: their matches are the intersection of the
 * postings, with no vector to read; other queries (OR, NOT, phrases, weights) are verified product by
 * product.
 */
function matchingSlots(index: SearchIndex, query: ParsedTsquery): Iterable<number> {
  const operands = plainConjunction(query.root);
  if (!operands) {
    const verified: number[] = [];
    for (const slot of candidatesOf(index, query)) {
      const product = index.bySlot(slot);
      if (product && matches(product.vector, query)) verified.push(slot);
    }
    return verified;
  }
  // One operand: its postings (a prefix's may repeat a product; callers count each product once).
  if (operands.length === 1) return index.postingsOfLexeme(operands[0].lexeme, operands[0].prefix);
  let result: Set<number> | null = null;
  for (const operand of operands) {
    const next = new Set<number>();
    for (const slot of index.postingsOfLexeme(operand.lexeme, operand.prefix))
      if (result === null || result.has(slot)) next.add(slot);
    result = next;
    if (result.size === 0) break;
  }
  return result ?? [];
}

const byName = (key: 'primaryOrder' | 'secondaryOrder', direction: 1 | -1) => (a: Matched, b: Matched) =>
  direction * (a.product[key] - b.product[key]) || a.product.id - b.product.id;

const sorts: Record<SearchSort, (a: Matched, b: Matched) => number> = {
  relevance: (a, b) =>
    b.score - a.score ||
    Number(b.product.hasStock) - Number(a.product.hasStock) ||
    a.product.primaryOrder - b.product.primaryOrder ||
    a.product.id - b.product.id,
  'primary_name|asc': byName('primaryOrder', 1),
  'primary_name|desc': byName('primaryOrder', -1),
  // Products without a common name come last either way (nulls last).
  'secondary_name|asc': (a, b) => nullsLast(a, b) || byName('secondaryOrder', 1)(a, b),
  'secondary_name|desc': (a, b) => nullsLast(a, b) || byName('secondaryOrder', -1)(a, b),
};

function nullsLast(a: Matched, b: Matched) {
  return Number(a.product.secondaryName === null) - Number(b.product.secondaryName === null);
}

/**
 * The relevance score of 'Product search relevance' in docs/decisions.md without its word-similarity
 * term (3 × word similarity), which is the costly one and is added only where it can change the page.
 */
function scoreWithoutWordSimilarity(candidate: TextCandidate, terms: QueryTerms): number {
  const { product } = candidate;
  const q = terms.folded;
  let score =
    similarityOfSets(candidate.query.trigrams, product.primaryTrigrams) +
    0.5 * similarityOfSets(candidate.query.trigrams, product.secondaryTrigrams);
  if (candidate.fullText && terms.websearch)
    score += 1 + 2 * tsRank(rankWeights, product.vector, terms.websearch);
  if (candidate.prefix) score += 0.5;
  if (product.cultivarLower.length > 2 && q.includes(product.cultivarLower)) score += 1.5;
  if (product.patentLower.length > 2 && q.includes(product.patentLower)) score += 1.5;
  if (product.primaryLower === q || product.secondaryLower === q) score += 2;
  return score;
}

/**
 * Puts the first `needed` of the matches in relevance order, measuring word similarity only until the
 * page is settled: candidates are taken by their highest possible score, and once `needed` measured
 * scores beat the highest possible score of every candidate left, the rest cannot reach the page.
 */
function rankTop(matched: Matched[], needed: number): Matched[] {
  const exact = (row: Matched) => {
    row.score = row.partialScore + 3 * exactWordSimilarity(row.candidate as TextCandidate);
    return row.score;
  };
  const upper = (row: Matched) => row.partialScore + 3 * upperWordSimilarity(row.candidate as TextCandidate);
  return bestByBound(matched, needed, upper, exact).sort(sorts.relevance);
}

export type SearchOutcome = { products: IndexedProduct[]; total: number; facets: FacetRow[] };

/** One page of products in order, the number of matches and (when asked) the facet counts. */
export function runSearch(
  index: SearchIndex,
  query: SearchQuery,
  terms: QueryTerms | null,
  context: ListingContext,
): SearchOutcome {
  const { listing, product: productFilter } = query;
  // Size words of the query rank (a product with that size scores higher) rather than filter.
  const withQuerySize = new CompiledListingFilter(index, listing, context);
  const productListing = new CompiledListingFilter(index, { ...listing, querySize: null }, context);
  const candidates: readonly (TextCandidate | IndexedProduct)[] = terms
    ? textCandidates(index, terms)
    : index.all();
  const base: Matched[] = [];
  const relevance = query.sort === 'relevance' && terms !== null;
  for (const candidate of candidates) {
    const text = 'product' in candidate ? candidate : null;
    const product = text ? text.product : (candidate as IndexedProduct);
    let score = 0;
    if (text && terms && relevance) {
      score = scoreWithoutWordSimilarity(text, terms);
      if (listing.querySize && withQuerySize.anyPasses(product)) score += 1.5;
    }
    base.push({
      product,
      candidate: text,
      partialScore: score,
      score,
      okRest: passesRest(product, productFilter),
      okCategories: passesCategories(product, productFilter),
      okBrand: passesBrand(product, productFilter),
      okListing: !productListing.any || productListing.anyPasses(product),
    });
  }
  const matched = base.filter((row) => row.okRest && row.okCategories && row.okBrand && row.okListing);
  const start = (query.page - 1) * query.perPage;
  let ordered: Matched[];
  if (relevance) ordered = rankTop(matched, Math.min(matched.length, start + query.perPage));
  else {
    ordered = matched;
    ordered.sort(sorts[query.sort === 'relevance' ? 'primary_name|asc' : query.sort]);
  }
  return {
    products: ordered.slice(start, start + query.perPage).map((row) => row.product),
    total: matched.length,
    facets: query.withAggregations ? facetsOf(index, base, matched, productListing) : [],
  };
}
