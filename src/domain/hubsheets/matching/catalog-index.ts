/**
 * An in-memory index of the catalogue for matching plant-schedule lines: every product's names as
 * tokens (botanical genus and species, cultivar, trade name, common name, synonyms), posting lists
 * from token to products, and a sorted vocabulary for abbreviations ('rub.' → rubrum) and typos
 * ('rubrun' → rubrum). Built once per catalogue version.
 */
import { nameTokens } from './text';

export type CatalogProductRow = {
  id: number;
  pathIdentifier: string;
  primaryName: string;
  secondaryName: string | null;
  patentName: string | null;
  botanicalGenus: string | null;
  botanicalSpecies: string | null;
  cultivar: string | null;
  /** Synonyms joined by ', ' (products.synonym_names). */
  synonymNames: string;
  hardGood: boolean;
  /** Trade products carry hardiness zones; PLANTS-only taxa do not (a tie goes to the trade product). */
  tradeProduct: boolean;
};

export type CatalogVariantRow = {
  id: number;
  productId: number;
  size: string;
  container: string | null;
  standardContainer: string | null;
  sizeInches: number | null;
  sizeFeet: number | null;
  characteristics: string[];
  position: number;
};

/** A product's names as token ids. */
export type IndexedProduct = {
  row: CatalogProductRow;
  genus: number[];
  species: number[];
  cultivar: number[];
  trade: number[];
  common: number[];
  synonyms: Array<{ genus: number[]; species: number[] }>;
  /** Hard goods: the whole name. */
  name: number[];
  /** Hard goods: tokens of the variant names (colours, grades), as extra evidence. */
  variantTokens: number[];
  variants: CatalogVariantRow[];
};

/** Words that say nothing about which plant: hybrid signs, ranks, joining words. */
export const stopTokens = new Set([
  'x',
  'var',
  'subsp',
  'ssp',
  'f',
  'cv',
  'cvs',
  'spp',
  'and',
  'of',
  'the',
  'syn',
  'aka',
]);

export type CatalogIndex = {
  products: IndexedProduct[];
  vocabulary: string[];
  tokenIds: Map<string, number>;
  /** Vocabulary ids sorted by their text, for prefix lookups. */
  sortedIds: Int32Array;
  /** Token id → product indexes holding it (ascending, no repeats). */
  postings: Int32Array[];
  /** log(N / df) per token id. */
  idf: Float64Array;
  /** Cache of query-token expansions. */
  expansions: Map<string, Expansion[]>;
};

export type Expansion = { tokenId: number; weight: number };

const clean = (tokens: string[]) => tokens.filter((token) => !stopTokens.has(token));

/** Builds the index from the catalogue's products and variants. */
export function buildCatalogIndex(rows: CatalogProductRow[], variantRows: CatalogVariantRow[]): CatalogIndex {
  const vocabulary: string[] = [];
  const tokenIds = new Map<string, number>();
  const postingSets: number[][] = [];
  const idOf = (token: string) => {
    let id = tokenIds.get(token);
    if (id === undefined) {
      id = vocabulary.length;
      vocabulary.push(token);
      tokenIds.set(token, id);
      postingSets.push([]);
    }
    return id;
  };
  const variantsByProduct = new Map<number, CatalogVariantRow[]>();
  for (const variant of variantRows) {
    const list = variantsByProduct.get(variant.productId);
    if (list) list.push(variant);
    else variantsByProduct.set(variant.productId, [variant]);
  }

  const products: IndexedProduct[] = [];
  for (const row of rows) {
    const ids = (text: string | null) => clean(nameTokens(text ?? '')).map(idOf);
    const variants = (variantsByProduct.get(row.id) ?? []).sort((a, b) => a.position - b.position);
    let genus: number[] = [];
    let species: number[] = [];
    if (!row.hardGood) {
      if (row.botanicalGenus) {
        genus = ids(row.botanicalGenus);
        species = ids(row.botanicalSpecies);
      } else {
        const botanical = row.primaryName.replace(/'[^']*'/g, ' ');
        const tokens = clean(nameTokens(botanical));
        genus = tokens.slice(0, 1).map(idOf);
        species = tokens.slice(1).map(idOf);
      }
    }
    const synonyms = row.synonymNames
      ? row.synonymNames
          .split(', ')
          .map((name) => clean(nameTokens(name)))
          .filter((tokens) => tokens.length > 0)
          .map((tokens) => ({ genus: tokens.slice(0, 1).map(idOf), species: tokens.slice(1).map(idOf) }))
      : [];
    const product: IndexedProduct = {
      row,
      genus,
      species,
      cultivar: ids(row.cultivar),
      trade: ids(row.patentName),
      common: ids(row.secondaryName),
      synonyms,
      // Hard goods' names carry sizes ('River Rock 1-3in'): numbers split from their units.
      name: row.hardGood ? ids(row.primaryName.replace(/(\d)([a-z])/gi, '$1 $2')) : [],
      variantTokens: row.hardGood ? [...new Set(variants.flatMap((variant) => ids(variant.size)))] : [],
      variants,
    };
    const index = products.length;
    products.push(product);
    const all = new Set([
      ...product.genus,
      ...product.species,
      ...product.cultivar,
      ...product.trade,
      ...product.common,
      ...product.name,
      ...synonyms.flatMap((synonym) => [...synonym.genus, ...synonym.species]),
    ]);
    for (const id of all) postingSets[id].push(index);
  }

  const n = products.length || 1;
  const postings = postingSets.map((list) => Int32Array.from(list));
  const idf = Float64Array.from(postings, (list) => Math.log(1 + n / Math.max(1, list.length)));
  const sortedIds = Int32Array.from(vocabulary.keys()).sort((a, b) =>
    vocabulary[a] < vocabulary[b] ? -1 : vocabulary[a] > vocabulary[b] ? 1 : 0,
  );
  return { products, vocabulary, tokenIds, sortedIds, postings, idf, expansions: new Map() };
}

/** Damerau–Levenshtein distance (optimal string alignment), stopping early above `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const cols = b.length + 1;
  if (distanceRows[0].length < cols) for (let r = 0; r < 3; r++) distanceRows[r] = new Int32Array(cols * 2);
  let before = distanceRows[0];
  let previous = distanceRows[1];
  let current = distanceRows[2];
  for (let j = 0; j < cols; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j < cols; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, before[j - 2] + 1);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    const spare = before;
    before = previous;
    previous = current;
    current = spare;
  }
  return previous[cols - 1];
}

const distanceRows: Int32Array[] = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

// Abbreviations schedules use that are not the start of the word they stand for.
const abbreviations: Record<string, string[]> = {
  mt: ['mountain', 'mount'],
  st: ['saint', 'st'],
  grn: ['green'],
  wht: ['white'],
  blk: ['black'],
  dbl: ['double'],
  dwf: ['dwarf'],
  dw: ['dwarf'],
  jap: ['japanese'],
  japn: ['japanese'],
  amer: ['american'],
  occ: ['occidentalis'],
  var: [],
  yel: ['yellow'],
  ylw: ['yellow'],
  purp: ['purple'],
  pnk: ['pink'],
  hyd: ['hydrangea'],
  hydr: ['hydrangea'],
  arb: ['arborescens', 'arborvitae'],
  lg: ['large'],
  sm: ['small'],
  med: ['medium'],
  pa: ['pennsylvania'],
};

// Words the catalogue writes joined to a common ending: 'Zoysia' sod is Zoysiagrass Sod.
const compoundEndings = [
  'grass',
  'wood',
  'berry',
  'leaf',
  'tree',
  'flower',
  'weed',
  'root',
  'bush',
  'wort',
  'seed',
];

function prefixRange(index: CatalogIndex, prefix: string, limit = 400): number[] {
  const { sortedIds, vocabulary } = index;
  let lo = 0;
  let hi = sortedIds.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (vocabulary[sortedIds[mid]] < prefix) lo = mid + 1;
    else hi = mid;
  }
  const result: number[] = [];
  for (let i = lo; i < sortedIds.length && vocabulary[sortedIds[i]].startsWith(prefix); i++) {
    result.push(sortedIds[i]);
    if (result.length > limit) break;
  }
  return result;
}

/**
 * The catalogue words a query word may stand for, with how sure that is: the word itself 1; an
 * abbreviation ('rub.', 'oct') 0.9 when written with a full stop, else 0.75; a one-letter typo
 * 0.8; two typos in a long word 0.65.
 */
/** Short names estimators write for a genus or its common name. */
const shortNames: Record<string, string[]> = {
  box: ['buxus', 'boxwood'],
  arb: ['arborvitae'],
  arbs: ['arborvitae'],
  hydr: ['hydrangea'],
  rhodo: ['rhododendron'],
  mag: ['magnolia'],
};

export function expandToken(index: CatalogIndex, token: string, dotted: boolean): Expansion[] {
  const cacheKey = dotted ? `${token}.` : token;
  const cached = index.expansions.get(cacheKey);
  if (cached) return cached;
  const best = new Map<number, number>();
  const add = (id: number | undefined, weight: number) => {
    if (id === undefined) return;
    if ((best.get(id) ?? 0) < weight) best.set(id, weight);
  };
  const exact = index.tokenIds.get(token);
  add(exact, 1);
  for (const full of abbreviations[token] ?? []) add(index.tokenIds.get(full), 0.9);
  if (token.length >= 4) for (const ending of compoundEndings) add(index.tokenIds.get(token + ending), 0.9);
  // Spelled as said: 'Limelite' is 'Limelight', 'Brite' 'Bright', 'Nite' 'Night'.
  if (exact === undefined && /ite$/.test(token)) add(index.tokenIds.get(token.replace(/ite$/, 'ight')), 0.9);
  if (exact === undefined && token.endsWith('s') && token.length >= 5)
    add(index.tokenIds.get(token.slice(0, -1)), 0.9);
  // 'Box' for 'Boxwood' (Buxus), the trade's short name.
  for (const full of shortNames[token] ?? []) add(index.tokenIds.get(full), 0.9);
  const isNumber = /\d/.test(token);
  if (!isNumber && token.length >= 2 && (dotted || exact === undefined) && (token.length >= 3 || dotted)) {
    for (const id of prefixRange(index, token)) if (id !== exact) add(id, dotted ? 0.95 : 0.85);
  }
  if (!isNumber && token.length >= 4 && exact === undefined) {
    // Typos (of words the catalogue does not have as written): words of about the same length with
    // the same first letter (a misspelt first letter is rare in plant names), one edit away; two in
    // a long word when nothing is one edit away.
    const near = prefixRange(index, token[0], Number.POSITIVE_INFINITY).filter((id) => {
      const word = index.vocabulary[id];
      return Math.abs(word.length - token.length) <= 2 && !/\d/.test(word);
    });
    let found = false;
    for (const id of near) {
      if (editDistance(token, index.vocabulary[id], 1) === 1) {
        // Short words are more often other words than typos: 'peace' is not 'perce'.
        add(id, token.length >= 7 ? 0.85 : token.length === 6 ? 0.8 : 0.7);
        found = true;
      }
    }
    if (!found && token.length >= 7 && best.size === 0) {
      for (const id of near) if (editDistance(token, index.vocabulary[id], 2) === 2) add(id, 0.65);
    }
  }
  const result = [...best].map(([tokenId, weight]) => ({ tokenId, weight }));
  // Bounded: a process reading many lists would otherwise keep every word it ever saw.
  if (index.expansions.size >= 50_000) index.expansions.clear();
  index.expansions.set(cacheKey, result);
  return result;
}
