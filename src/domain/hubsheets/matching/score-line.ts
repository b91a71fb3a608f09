/**
 * Scores one schedule line against the catalogue index: which products its words name, how fully,
 * and which size. The score (0–100) is calibrated to the confidence bands of match-confidence.ts:
 * a line whose words name the product completely scores 75+; genus-only or one-word overlaps stay
 * below 25 (No Match).
 */

import { splitSizeFromText } from '../line-reading';
import type { MatchCandidate, MatchLineInput } from '../matching-types';
import {
  type CatalogIndex,
  type CatalogVariantRow,
  type Expansion,
  expandToken,
  type IndexedProduct,
  stopTokens,
} from './catalog-index';
import { bestVariant, gradeWords, hardGoodVariant, type LineSize, readLineSize } from './size-match';
import { nameTokens, possessives, splitNumbers, unifyMarks } from './text';

/** Words in remarks or names that say nothing about which plant (they only weigh a little). */
const remarkWords = new Set(
  'male female seedless fruitless full matched heavy quality dense well branched straight leader single nursery grown field dug fresh uniform symmetrical sheared tree trees form standard tall shrub shrubs plant plants perennial perennials evergreen deciduous native hardy specimen spec sp min minimum ea each qty total see note notes spacing oc o c on center planted type root ball cont container grown fg b&b bb sun shade per plan spade tag tagged'.split(
    ' ',
  ),
);

type QueryToken = {
  text: string;
  importance: number;
  expansions: Map<number, number>;
  /** A one-letter genus abbreviation ('A. rubrum'). */
  initial: boolean;
  quoted: boolean;
};

export type ScoredCandidate = {
  product: IndexedProduct;
  variant: CatalogVariantRow | null;
  /** The confidence shown: at most sizeMismatchCap when the size asked differs from the variant's. */
  score: number;
  /** The score before the size cap: ranks the candidates (a right product in the wrong size stays first). */
  rank: number;
  nameScore: number;
  sizeFit: number | null;
};

export type LineReading = {
  name: string;
  size: LineSize | null;
  sizeText: string | null;
};

/** The line's name part and size: the size column, else the size written inside the text. */
export function readLine(line: MatchLineInput): LineReading {
  const split = splitSizeFromText(line.text);
  const sizeParts = [line.sizeText?.trim() || null, split.sizeText].filter(Boolean) as string[];
  const sizeText = sizeParts.length ? sizeParts.join(' ') : null;
  return { name: split.name, size: readLineSize(sizeText), sizeText };
}

function queryTokens(index: CatalogIndex, name: string): QueryToken[] {
  const text = unifyMarks(name);
  const quotedWords = new Set<string>();
  for (const match of text.matchAll(/'([^']+)'|"([^"]+)"/g)) {
    for (const word of nameTokens(match[1] ?? match[2] ?? '')) quotedWords.add(word);
  }
  // Words with their following full stop, so 'rub.' reads as an abbreviation.
  const raw = [...splitNumbers(possessives(text.toLowerCase())).matchAll(/[a-z0-9]+(\.)?/g)].map((m) => ({
    word: m[0].replace(/\.$/, ''),
    dotted: Boolean(m[1]),
  }));
  const tokens: QueryToken[] = [];
  for (let i = 0; i < raw.length; i++) {
    const { word, dotted } = raw[i];
    if (stopTokens.has(word)) continue;
    // Two words the catalogue writes as one ('box wood', 'lime light').
    const next = raw[i + 1];
    if (
      next &&
      !dotted &&
      word.length >= 3 &&
      next.word.length >= 3 &&
      !index.tokenIds.has(word) &&
      index.tokenIds.has(word + next.word)
    ) {
      tokens.push(makeToken(index, word + next.word, false, quotedWords.has(word)));
      i++;
      continue;
    }
    // One word the catalogue writes as two ('Crapemyrtle', 'Knockout').
    if (word.length >= 6 && !dotted && !index.tokenIds.has(word) && !/\d/.test(word)) {
      const at = splitPoint(index, word);
      if (at > 0) {
        const quotedWord = quotedWords.has(word);
        tokens.push(makeToken(index, word.slice(0, at), false, quotedWord));
        tokens.push(makeToken(index, word.slice(at), false, quotedWord));
        continue;
      }
    }
    if (word.length === 1 && !/\d/.test(word)) {
      if (dotted && tokens.length === 0) {
        tokens.push({ text: word, importance: 0.5, expansions: new Map(), initial: true, quoted: false });
        continue;
      }
      // 'Emperor I', "Solomon's": a one-letter word counts a little, matched only as written.
      const id = index.tokenIds.get(word);
      tokens.push({
        text: word,
        importance: 0.3,
        expansions: new Map(id === undefined ? [] : [[id, 1]]),
        initial: false,
        quoted: quotedWords.has(word),
      });
      continue;
    }
    tokens.push(makeToken(index, word, dotted, quotedWords.has(word)));
  }
  return tokens;
}

/** Where a word the catalogue does not have splits into two words it has (0: nowhere). */
function splitPoint(index: CatalogIndex, word: string): number {
  for (let at = 3; at <= word.length - 3; at++) {
    if (index.tokenIds.has(word.slice(0, at)) && index.tokenIds.has(word.slice(at))) return at;
  }
  return 0;
}

function makeToken(index: CatalogIndex, word: string, dotted: boolean, quoted: boolean): QueryToken {
  const expansions = new Map<number, number>();
  for (const { tokenId, weight } of expandToken(index, word, dotted) as Expansion[])
    expansions.set(tokenId, weight);
  let importance = 1;
  if (remarkWords.has(word)) importance = expansions.has(index.tokenIds.get(word) ?? -1) ? 0.4 : 0.1;
  else if (/^\d+$/.test(word)) importance = 0.3;
  return { text: word, importance, expansions, initial: false, quoted };
}

/** Products sharing the most (rarest) words with the line: the ones worth scoring in full. */
function candidates(index: CatalogIndex, tokens: QueryToken[], limit: number): number[] {
  const n = index.products.length;
  if (!scratch || scratch.total.length !== n) {
    scratch = { total: new Float64Array(n), best: new Float64Array(n), stamp: new Int32Array(n), round: 0 };
  }
  const { total, best, stamp } = scratch;
  const touched: number[] = [];
  for (const token of tokens) {
    const round = ++scratch.round;
    const seen: number[] = [];
    for (const [tokenId, weight] of token.expansions) {
      const value = weight * index.idf[tokenId] * token.importance;
      const posting = index.postings[tokenId];
      for (let k = 0; k < posting.length; k++) {
        const product = posting[k];
        if (stamp[product] !== round) {
          stamp[product] = round;
          best[product] = value;
          seen.push(product);
        } else if (best[product] < value) best[product] = value;
      }
    }
    for (const product of seen) {
      if (total[product] === 0) touched.push(product);
      total[product] += best[product];
    }
  }
  touched.sort((a, b) => total[b] - total[a]);
  const result = touched.slice(0, limit);
  for (const product of touched) total[product] = 0;
  return result;
}

let scratch: { total: Float64Array; best: Float64Array; stamp: Int32Array; round: number } | null = null;

/** Per product token: the best weight any query word matches it with. */
function tokenMatch(tokens: QueryToken[], tokenId: number, used: Float64Array): number {
  let best = 0;
  for (let i = 0; i < tokens.length; i++) {
    const weight = tokens[i].expansions.get(tokenId) ?? 0;
    if (weight > best) best = weight;
    if (weight > used[i]) used[i] = weight;
  }
  return best;
}

const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);

/** Weighted coverage of a species epithet list: the first epithet counts most. */
function speciesCoverage(values: number[]): number {
  if (values.length === 0) return 1;
  let total = 0;
  let got = 0;
  values.forEach((value, i) => {
    const weight = i === 0 ? 1 : 0.3;
    total += weight;
    got += weight * value;
  });
  return got / total;
}

/**
 * How well the line's words name the product: 0–1, and whether every word matched exactly.
 * Query coverage (how much of the line the product explains) times product coverage (how much of
 * the product's name the line gives, over its botanical, synonym and common names).
 */
function nameScore(
  index: CatalogIndex,
  product: IndexedProduct,
  tokens: QueryToken[],
  extraTokens: QueryToken[],
): { score: number; exact: boolean } {
  const used = new Float64Array(tokens.length);
  const m = (ids: number[]) => ids.map((id) => tokenMatch(tokens, id, used));

  const genus = m(product.genus);
  // 'A. rubrum': a one-letter abbreviation of the genus.
  const initialIndex = tokens.findIndex((token) => token.initial);
  if (initialIndex >= 0 && product.genus.length > 0) {
    const first = index.vocabulary[product.genus[0]];
    if (first.startsWith(tokens[initialIndex].text)) {
      genus[0] = Math.max(genus[0], 0.85);
      used[initialIndex] = 0.85;
    }
  }
  const species = m(product.species);
  const cultivar = m(product.cultivar);
  const trade = m(product.trade);
  const common = m(product.common);
  const name = m(product.name);
  if (product.row.hardGood && extraTokens.length) {
    // A hard good's size may sit in the size column ('River Rock' + '1-3"'): it completes the name.
    const spare = new Float64Array(extraTokens.length);
    product.name.forEach((id, i) => {
      name[i] = Math.max(name[i], tokenMatch(extraTokens, id, spare));
    });
  }
  m(product.variantTokens);
  // Synonyms explain words on their own account: a line naming an old name is matched through it.
  const usedOwn = Float64Array.from(used);
  const synonyms = product.synonyms.map((synonym) => ({
    genus: m(synonym.genus),
    species: m(synonym.species),
  }));

  const hasCultivar = product.cultivar.length > 0 || product.trade.length > 0;
  const cultivarCoverage = Math.max(
    product.cultivar.length ? mean(cultivar) : 0,
    product.trade.length ? mean(trade) : 0,
  );

  // Coverage of the product's own names, and of its synonyms (a shade less: the current name wins a tie).
  const views: number[] = [];
  const synonymViews: number[] = [];
  if (product.row.hardGood) {
    views.push(mean(name));
  } else {
    const botanical = (g: number[], s: number[]) => {
      const speciesWeight = hasCultivar ? 0.5 : 1;
      const parts = [
        [1, g.length ? mean(g) : 0],
        [s.length ? speciesWeight : 0, speciesCoverage(s)],
        [hasCultivar ? 2 : 0, cultivarCoverage],
      ];
      const total = parts.reduce((sum, [w]) => sum + w, 0);
      return parts.reduce((sum, [w, v]) => sum + w * v, 0) / total;
    };
    views.push(botanical(genus, species));
    for (const synonym of synonyms) synonymViews.push(0.97 * botanical(synonym.genus, synonym.species));
    // The common name names the plant on its own ('Dwarf Mondo Grass' is Ophiopogon japonicus 'Nana').
    if (product.common.length) views.push(mean(common));
  }
  const ownCoverage = Math.max(...views);

  // 'Sedum spectabile Autumn Joy' for Sedum 'Autumn Joy': a product named by genus and cultivar only
  // does not contradict a species epithet written after the genus; it weighs little.
  let looseEpithet = -1;
  if (product.species.length === 0 && hasCultivar && product.genus.length > 0) {
    const genusAt = tokens.findIndex((token) => (token.expansions.get(product.genus[0]) ?? 0) >= 0.75);
    if (genusAt >= 0 && genusAt + 1 < tokens.length && !tokens[genusAt + 1].quoted)
      looseEpithet = genusAt + 1;
  }
  // The line's side: the share of its words the product explains at all (unexplained words weigh
  // most: 'Peace Lily' is not 'Lily'), times how surely the explained ones match (abbreviations and
  // typos a little less than exact words).
  // 'THUJA OCCIDENTALIS RHEINGOLD' for Thuja occidentalis: a word right after the genus and species
  // that the product does not explain names a cultivar it is not, like a quoted one.
  let strayCultivar = -1;
  if (!hasCultivar && product.genus.length > 0 && product.species.length > 0) {
    const genusAt = tokens.findIndex((token) => (token.expansions.get(product.genus[0]) ?? 0) >= 0.75);
    const speciesAt = genusAt + 1;
    if (
      genusAt >= 0 &&
      speciesAt + 1 < tokens.length &&
      (tokens[speciesAt].expansions.get(product.species[0]) ?? 0) >= 0.75
    )
      strayCultivar = speciesAt + 1;
  }
  const lineFit = (explainedBy: Float64Array) => {
    let importance = 0;
    let explained = 0;
    let sureness = 0;
    tokens.forEach((token, i) => {
      const weight = i === looseEpithet && explainedBy[i] < 0.5 ? 0.2 : token.importance;
      importance += weight;
      if (explainedBy[i] >= 0.6) {
        explained += weight;
        sureness += weight * explainedBy[i];
      }
      // A quoted cultivar the product does not explain weighs double: it names another plant.
      if ((token.quoted || i === strayCultivar) && explainedBy[i] < 0.5) importance += token.importance;
    });
    if (importance === 0 || explained === 0) return 0;
    return (explained / importance) ** 2.5 * (sureness / explained) ** 1.5;
  };
  const beta = product.row.hardGood ? 1 : 1.5;
  const ownScore = lineFit(usedOwn) * ownCoverage ** beta;
  const synonymCoverage = synonymViews.length ? Math.max(...synonymViews) : 0;
  const synonymScore = synonymCoverage > 0 ? lineFit(used) * synonymCoverage ** beta : 0;
  const score = Math.max(ownScore, synonymScore);
  const exact = ownScore >= synonymScore && ownCoverage >= 0.999 && [...usedOwn].every((value) => value >= 1);

  return { score, exact };
}

/** How much of the 'Other' columns and the size text the product explains (0–1): it confirms, never counts against. */
function evidenceScore(product: IndexedProduct, extraTokens: QueryToken[]): number {
  if (extraTokens.length === 0) return 0;
  const extraUsed = new Float64Array(extraTokens.length);
  for (const ids of [
    product.genus,
    product.species,
    product.cultivar,
    product.trade,
    product.common,
    product.name,
    product.variantTokens,
  ]) {
    for (const id of ids) tokenMatch(extraTokens, id, extraUsed);
  }
  let total = 0;
  let got = 0;
  extraTokens.forEach((token, i) => {
    total += token.importance;
    got += token.importance * extraUsed[i];
  });
  return total > 0 ? got / total : 0;
}

/** The highest score of a line whose size differs from its variant's: the top of Needs Review. */
export const sizeMismatchCap = 74;

/** Products scored by name for each line, and of those, the ones scored in full (size, evidence). */
const candidateLimit = 40;
const finalistLimit = 12;

/**
 * The other ways to read a line naming a plant twice: 'Épinette bleue (Picea pungens)' is read as
 * 'Picea pungens' and as 'Épinette bleue' too; the best reading of each product wins.
 */
function bracketReadings(text: string): string[] {
  const match = /^(.*?)\(([^()]*[a-z]{3,}[^()]*)\)(.*)$/i.exec(text);
  if (!match) return [];
  const inside = match[2].trim();
  const outside = `${match[1]} ${match[3]}`.replace(/\s+/g, ' ').trim();
  return [inside, outside].filter((reading) => /[a-z]{3,}/i.test(reading));
}

/** Scores a line against the catalogue: candidates best first (at most `limit`). */
export function scoreLine(index: CatalogIndex, line: MatchLineInput, limit = 6): ScoredCandidate[] {
  const readings = bracketReadings(line.text ?? '');
  if (readings.length === 0) return scoreReading(index, line, limit);
  const best = new Map<number, ScoredCandidate>();
  for (const text of [line.text, ...readings]) {
    for (const candidate of scoreReading(index, { ...line, text }, limit)) {
      const seen = best.get(candidate.product.row.id);
      if (!seen || seen.rank < candidate.rank) best.set(candidate.product.row.id, candidate);
    }
  }
  return [...best.values()]
    .sort((a, b) => b.rank - a.rank || a.product.row.primaryName.length - b.product.row.primaryName.length)
    .slice(0, limit);
}

function scoreReading(index: CatalogIndex, line: MatchLineInput, limit: number): ScoredCandidate[] {
  const reading = readLine(line);
  const tokens = queryTokens(index, reading.name);
  if (tokens.length === 0) return [];
  const evidence = (line.evidence ?? []).filter((text): text is string => typeof text === 'string');
  const extraTokens = [...evidence, reading.sizeText ?? '']
    .flatMap((text) => queryTokens(index, text))
    .filter((token) => token.importance >= 0.3 || token.expansions.size > 0);

  // Names first (cheap), then size and evidence for the best of them only: neither moves a product
  // by more than a few points.
  const named: Array<{ product: IndexedProduct; score: number; exact: boolean }> = [];
  for (const productIndex of candidates(index, tokens, candidateLimit)) {
    const product = index.products[productIndex];
    const result = nameScore(index, product, tokens, extraTokens);
    if (result.score > 0) named.push({ product, ...result });
  }
  named.sort((a, b) => b.score - a.score);
  // A clear winner is surer than its words alone say: an abbreviated or misspelt name that nothing
  // else in the catalogue comes near gains up to a third of what it lacks.
  if (named.length > 0 && named[0].score >= 0.5) {
    const lead = 1 - (named[1]?.score ?? 0) / named[0].score;
    named[0] = { ...named[0], score: named[0].score + (1 - named[0].score) * 0.35 * lead };
  }
  let lineWords: Set<string> | null = null;
  const scored: ScoredCandidate[] = [];
  for (const { product, score: nameValue, exact } of named.slice(0, finalistLimit)) {
    let choice: { variant: CatalogVariantRow | null; fit: number | null };
    if (product.row.hardGood) {
      lineWords ??= new Set([line.text, reading.sizeText ?? '', ...evidence].flatMap(gradeWords));
      choice = hardGoodVariant(product.variants, lineWords);
    } else {
      choice = bestVariant(product.variants, reading.size);
    }
    const { variant, fit } = choice;
    let score = nameValue * 100;
    if (fit !== null && reading.size?.readable && !product.row.hardGood) score *= 0.88 + 0.12 * fit;
    // Evidence from the other columns and the size: up to 6 points, never past 99.
    score += 6 * evidenceScore(product, extraTokens) * Math.min(1, nameValue * 2);
    // A tie goes to the product the trade grows (over a PLANTS-only variety of the same name).
    if (product.row.tradeProduct) score += 0.4;
    const sizeExact = product.row.hardGood
      ? fit !== null && fit >= 0.999
      : reading.size?.readable === true && fit !== null && fit >= 0.999;
    score = exact && sizeExact ? 100 : Math.min(99, score);
    // Size agreement is part of the confidence: a line whose size or root form differs from the
    // variant's ('24-30" B&B' for a #3 container, '#2' for '#3', 6-7' for 6-8') is never a Match.
    const shown =
      !product.row.hardGood && fit !== null && reading.size?.readable && fit < 0.999
        ? Math.min(score, sizeMismatchCap)
        : score;
    scored.push({ product, variant, score: shown, rank: score, nameScore: nameValue, sizeFit: fit });
  }
  scored.sort(
    (a, b) => b.rank - a.rank || a.product.row.primaryName.length - b.product.row.primaryName.length,
  );
  return scored.slice(0, limit);
}

export function toCandidate(scored: ScoredCandidate): MatchCandidate {
  const { row } = scored.product;
  return {
    productId: row.id,
    primaryName: row.primaryName,
    secondaryName: row.secondaryName,
    pathIdentifier: row.pathIdentifier,
    productVariantId: scored.variant?.id ?? null,
    size: scored.variant?.size ?? null,
    score: Math.max(0, Math.min(100, Math.round(scored.score))),
  };
}
