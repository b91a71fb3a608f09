/**
 * A pure-TypeScript port of the parts of PostgreSQL 15's pg_trgm
 * (contrib/pg_trgm/trgm_op.c) that product search ranks by: `similarity()` and
 * the non-strict `word_similarity()`.
 *
 * Inputs are expected to be lower-cased and accent-folded already (the callers
 * fold text the same way `search_fold()` does in SQL). pg_trgm works on
 * characters, not bytes, so a trigram here is three code points.
 *
 * Not ported: pg_trgm compacts trigrams longer than three bytes (multibyte
 * characters) into a 3-byte CRC (`compact_trigram`), which in theory lets two
 * different trigrams collide; this port compares trigrams exactly.
 */

/** A word character for pg_trgm's `find_word` (`ISWORDCHR` = `t_isalnum` under KEEPONLYALNUM). */
const WORD_PATTERN = /[\p{L}\p{N}]+/gu;

/** pg_trgm pads each word with LPADDING = 2 blanks in front and RPADDING = 1 behind. */
const LEFT_PADDING = '  ';
const RIGHT_PADDING = ' ';

/**
 * The positional trigrams of a string, in the order pg_trgm generates them and
 * with duplicates kept (`generate_trgm_only`): for every word, the 3-character
 * windows over "  word ".
 */
export function trigramsOf(text: string): string[] {
  const trigrams: string[] = [];
  for (const match of text.matchAll(WORD_PATTERN)) {
    appendWordTrigrams(match[0], trigrams);
  }
  return trigrams;
}

/** `make_trigrams` for one padded word, character (code point) aware. */
function appendWordTrigrams(word: string, out: string[]): void {
  const chars = Array.from(LEFT_PADDING + word + RIGHT_PADDING);
  for (let i = 0; i + 3 <= chars.length; i++) {
    out.push(chars[i] + chars[i + 1] + chars[i + 2]);
  }
}

/** pg_trgm's `CALCSML(count, len1, len2)`, computed in float4 as in C. */
function calcSml(count: number, len1: number, len2: number): number {
  return Math.fround(count / (len1 + len2 - count));
}

/**
 * `similarity(a, b)`: shared unique trigrams over the size of the union
 * (`generate_trgm` + `cnt_sml` with inexact = false).
 */
export function similarity(a: string, b: string): number {
  return similarityOfSets(new Set(trigramsOf(a)), new Set(trigramsOf(b)));
}

/** `similarity()` of two strings' unique trigram sets, for texts whose sets are computed once. */
export function similarityOfSets(setA: ReadonlySet<string>, setB: ReadonlySet<string>): number {
  // cnt_sml: "explicit test is needed to avoid 0/0 division when both lengths are 0"
  if (setA.size === 0 || setB.size === 0) return 0;
  let shared = 0;
  for (const trigram of setA) {
    if (setB.has(trigram)) shared++;
  }
  return calcSml(shared, setA.size, setB.size);
}

/** The query side of `word_similarity`, prepared once and scored against many texts. */
export interface PreparedTrigramQuery {
  /** The unique trigrams of the query (the `found` trigrams of calc_word_similarity). */
  readonly trigrams: ReadonlySet<string>;
  /** `ulen1`: how many unique trigrams the query has. */
  readonly uniqueCount: number;
}

/**
 * The text side of `word_similarity`, precomputed at index build time.
 * `positions[i]` is a text-local id of the i-th positional trigram; ids index
 * `unique`. This plays the role of calc_word_similarity's `trg2indexes`.
 */
export interface TextTrigrams {
  readonly positions: Int32Array;
  readonly unique: readonly string[];
}

export function prepareQuery(query: string): PreparedTrigramQuery {
  const trigrams = new Set(trigramsOf(query));
  return { trigrams, uniqueCount: trigrams.size };
}

export function textTrigrams(text: string): TextTrigrams {
  const ids = new Map<string, number>();
  const unique: string[] = [];
  const all = trigramsOf(text);
  const positions = new Int32Array(all.length);
  for (let i = 0; i < all.length; i++) {
    const trigram = all[i] as string;
    let id = ids.get(trigram);
    if (id === undefined) {
      id = unique.length;
      ids.set(trigram, id);
      unique.push(trigram);
    }
    positions[i] = id;
  }
  return { positions, unique };
}

/** `word_similarity(query, text)`, the non-strict variant (`calc_word_similarity` with flags = 0). */
export function wordSimilarity(query: string, text: string): number {
  return wordSimilarityPrepared(prepareQuery(query), textTrigrams(text));
}

// Scratch buffers reused across calls so scoring thousands of texts allocates nothing.
let foundScratch = new Uint8Array(64);
let lastPosScratch = new Int32Array(64);

function scratchFor(size: number): { found: Uint8Array; lastPos: Int32Array } {
  if (foundScratch.length < size) {
    const capacity = Math.max(size, foundScratch.length * 2);
    foundScratch = new Uint8Array(capacity);
    lastPosScratch = new Int32Array(capacity);
  }
  return { found: foundScratch, lastPos: lastPosScratch };
}

/**
 * `word_similarity` of a prepared query against a precomputed text, in
 * O(number of text trigrams) plus the lower-bound adjustment of
 * `iterate_word_similarity`.
 */
export function wordSimilarityPrepared(query: PreparedTrigramQuery, text: TextTrigrams): number {
  const { unique } = text;
  const { found } = scratchFor(unique.length);
  // calc_word_similarity's merge step: mark each text trigram that also occurs in the query.
  for (let id = 0; id < unique.length; id++) found[id] = query.trigrams.has(unique[id] as string) ? 1 : 0;
  return wordSimilarityOfFound(text, found, query.uniqueCount);
}

/**
 * `word_similarity` when the caller already knows which of the text's unique trigrams the query holds
 * (`found[i]` for `text.unique[i]`, e.g. from interned trigram ids): the same as
 * wordSimilarityPrepared without a string lookup per trigram.
 */
export function wordSimilarityOfFound(
  text: TextTrigrams,
  found: Uint8Array,
  queryUniqueCount: number,
): number {
  const { positions, unique } = text;
  if (queryUniqueCount === 0 || positions.length === 0) return 0;
  const run = singleRunSimilarity(positions, found, queryUniqueCount);
  if (run !== null) return run;
  const { lastPos } = scratchFor(unique.length);
  lastPos.fill(-1, 0, unique.length);
  return iterateWordSimilarity(positions, found, lastPos, queryUniqueCount);
}

/**
 * The common case answered without the iteration: when every position of the text holding a query
 * trigram lies in one unbroken run, with each of those trigrams once in it, the run is the best extent
 * (it holds all c shared trigrams and nothing else, so c / query trigrams, which no extent can
 * exceed), and iterate_word_similarity reaches it (moving its lower bound into the run would lose a
 * shared trigram). Null when the text is not like that. Agrees with the full iteration on every
 * catalogue text for the benchmark queries (trigram.test.ts checks crafted cases).
 */
function singleRunSimilarity(
  positions: Int32Array,
  found: Uint8Array,
  queryUniqueCount: number,
): number | null {
  let start = -1;
  let end = -1;
  for (let i = 0; i < positions.length; i++) {
    if (found[positions[i] as number] === 0) continue;
    if (start === -1) start = i;
    else if (end !== i - 1) return null;
    end = i;
  }
  if (start === -1) return 0;
  // Each trigram once in the run: its positions hold distinct text-local ids.
  for (let i = start; i <= end; i++)
    for (let j = start; j < i; j++) if (positions[i] === positions[j]) return null;
  return calcSml(end - start + 1, queryUniqueCount, end - start + 1);
}

/**
 * A port of `iterate_word_similarity` without the strict and check-only
 * flags: slide an upper bound over the text's trigrams, stopping at every
 * trigram present in the query; for each such upper bound greedily move the
 * lower bound forward while that raises the similarity, and keep the maximum.
 * The lower bound never moves back, so (as in PostgreSQL) the result is a
 * greedy approximation of the best substring, not an exhaustive search.
 */
function iterateWordSimilarity(
  trg2indexes: Int32Array,
  found: Uint8Array,
  lastpos: Int32Array,
  ulen1: number,
): number {
  const len2 = trg2indexes.length;
  let ulen2 = 0;
  let count = 0;
  let upper = -1;
  // Non-strict: the lower bound is initialised at the first trigram present in the query.
  let lower = -1;
  let smlrMax = 0;

  for (let i = 0; i < len2; i++) {
    const trgindex = trg2indexes[i] as number;

    // Update last position of this trigram.
    if (lower >= 0 || found[trgindex]) {
      if ((lastpos[trgindex] as number) < 0) {
        ulen2++;
        if (found[trgindex]) count++;
      }
      lastpos[trgindex] = i;
    }

    // Non-strict: adjust the upper bound whenever the trigram is present in the query.
    if (!found[trgindex]) continue;

    upper = i;
    if (lower === -1) {
      lower = i;
      ulen2 = 1;
    }

    let smlrCur = calcSml(count, ulen1, ulen2);

    // Also try to adjust the lower bound for greater similarity.
    let tmpCount = count;
    let tmpUlen2 = ulen2;
    const prevLower = lower;
    for (let tmpLower = lower; tmpLower <= upper; tmpLower++) {
      const smlrTmp = calcSml(tmpCount, ulen1, tmpUlen2);
      if (smlrTmp > smlrCur) {
        smlrCur = smlrTmp;
        ulen2 = tmpUlen2;
        lower = tmpLower;
        count = tmpCount;
      }
      const tmpTrgindex = trg2indexes[tmpLower] as number;
      if (lastpos[tmpTrgindex] === tmpLower) {
        tmpUlen2--;
        if (found[tmpTrgindex]) tmpCount--;
      }
    }

    smlrMax = Math.max(smlrMax, smlrCur);

    // Forget trigrams that fell out of the window when the lower bound moved.
    for (let tmpLower = prevLower; tmpLower < lower; tmpLower++) {
      const tmpTrgindex = trg2indexes[tmpLower] as number;
      if (lastpos[tmpTrgindex] === tmpLower) lastpos[tmpTrgindex] = -1;
    }
  }
  return smlrMax;
}
