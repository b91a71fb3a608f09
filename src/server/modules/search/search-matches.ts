import type { PreparedTrigramQuery } from '../../../domain/search/trigram';
import type { IndexedProduct } from './search-index';

// The shapes a search passes between ranking (search-engine.ts) and counting facets (search-facets.ts).

/** A product the text query matched, with what ranking needs to know about the match. */
export type TextCandidate = {
  product: IndexedProduct;
  /** How many of the query's trigrams the text holds: word similarity is at most shared / their number. */
  shared: number;
  /** The exact word similarity, once measured (null until then). */
  wordSimilarity: number | null;
  /** Matches the websearch tsquery, and the prefix tsquery. */
  fullText: boolean;
  prefix: boolean;
  query: PreparedTrigramQuery;
};

/** A product that passed the query, with its score and which filters it passes. */
export type Matched = {
  product: IndexedProduct;
  /** The text match (null without a text query). */
  candidate: TextCandidate | null;
  /** The relevance score without its word-similarity term, then (rankTop) the whole score. */
  partialScore: number;
  score: number;
  okRest: boolean;
  okCategories: boolean;
  okBrand: boolean;
  okListing: boolean;
};
