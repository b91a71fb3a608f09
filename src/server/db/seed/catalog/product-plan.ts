import { characteristicsKey, parseSizeNotation } from '../../../../domain/catalog/size-notation';
import { slugify } from '../../../../domain/text/slug';
import { Random } from './random';
import {
  advantagesFor,
  brandSeeds,
  categorySeeds,
  curatedGenusCategories,
  familyCategories,
  featuredSpecies,
  isRestricted,
  type PlantCategory,
  weedyGenera,
} from './taxonomy';

/** The CSV files the catalogue is built from, as parsed records (see data/SOURCES.md). */
export type CatalogSource = {
  tradePlants: Record<string, string>[];
  hardGoods: Record<string, string>[];
  usdaPlants: Record<string, string>[];
  usdaSynonyms: Record<string, string>[];
};

export type VariantSeed = {
  size: string;
  container: string | null;
  standardContainer: string | null;
  sizeInches: number | null;
  sizeFeet: number | null;
  characteristics: string[];
  characteristicsKey: string;
  unit: string;
  position: number;
};

export type SynonymSeed = { name: string; kind: 'synonym' | 'accepted'; usdaSymbol: string | null };

export type ProductSeed = {
  source: 'trade' | 'hard_good' | 'usda';
  pathIdentifier: string;
  primaryName: string;
  secondaryName: string | null;
  patentName: string | null;
  botanicalGenus: string | null;
  botanicalSpecies: string | null;
  cultivar: string | null;
  category: string;
  groupSlug: string;
  familySlug: string;
  familyName: string;
  brandSlug: string | null;
  hardinessZones: string | null;
  hardinessZoneMin: number | null;
  hardinessZoneMax: number | null;
  restricted: boolean;
  description: string;
  usdaSymbol: string | null;
  advantageSlugs: string[];
  synonyms: SynonymSeed[];
  variants: VariantSeed[];
  /** US states where PLANTS records the taxon; branches in those states may list it. Null: any state. */
  states: string[] | null;
  /** How often suppliers carry it, relative to other products. */
  weight: number;
};

export type ProductPlanOptions = {
  /** Fill with USDA species up to this many products in all; 'all' takes every USDA taxon. */
  targetProducts: number | 'all';
};

const categoryGroup = new Map(categorySeeds.map((category) => [category.name, category.group]));

/** 'Quercus ×bebbiana' and 'Quercus x bebbiana' → 'quercus x bebbiana'; ssp. and subsp. agree. */
export function botanicalKey(name: string): string {
  return tradeStyleName(name).toLowerCase();
}

/** How the trade writes a PLANTS name: ASCII x for hybrids, subsp. for subspecies. */
export function tradeStyleName(name: string): string {
  return name
    .replace(/×\s*/g, 'x ')
    .replace(/\bssp\./g, 'subsp.')
    .replace(/\s+/g, ' ')
    .trim();
}

const smallWords = new Set(['of', 'the', 'and', 'in', 'on', 'or', 'de', 'la']);

/** 'lily of the valley' → 'Lily of the Valley'; PLANTS writes common names in lower case. */
export function titleCase(text: string): string {
  return text
    .split(' ')
    .map((word, i) => (i > 0 && smallWords.has(word) ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(' ');
}

function splitBotanical(name: string): { genus: string; species: string | null } {
  const tokens = name.split(' ');
  const genusTokens = tokens[0] === 'x' ? 2 : 1;
  return {
    genus: tokens.slice(0, genusTokens).join(' '),
    species: tokens.slice(genusTokens).join(' ') || null,
  };
}

function parseZones(zones: string): { min: number | null; max: number | null } {
  const match = /^(\d+)\s*-\s*(\d+)$/.exec(zones.trim());
  return match ? { min: Number(match[1]), max: Number(match[2]) } : { min: null, max: null };
}

function plantUnit(standardContainer: string | null): string {
  if (standardContainer === 'Flat') return 'flat';
  if (standardContainer === 'Plug') return 'tray';
  return 'each';
}

function plantVariants(sizes: readonly string[]): VariantSeed[] {
  const seen = new Set<string>();
  const variants: VariantSeed[] = [];
  for (const raw of sizes) {
    const parsed = parseSizeNotation(raw);
    if (seen.has(parsed.label)) continue;
    seen.add(parsed.label);
    variants.push({
      size: parsed.label,
      container: parsed.container,
      standardContainer: parsed.standardContainer,
      sizeInches: parsed.sizeInches,
      sizeFeet: parsed.sizeFeet,
      characteristics: parsed.characteristics,
      characteristicsKey: characteristicsKey(parsed.characteristics),
      unit: plantUnit(parsed.standardContainer),
      position: variants.length,
    });
  }
  return variants;
}

function hardGoodStandardContainer(unit: string): string | null {
  if (unit === 'cu yd' || unit === 'ton') return 'Bulk';
  if (unit.startsWith('bag')) return 'Bag';
  if (unit === 'pallet') return 'Pallet';
  return null;
}

// Sizes a wholesale grower typically lists by habit, in the CSV's notation.
const sizeTemplates: Record<PlantCategory, string[]> = {
  'Shade Tree': [
    '2-3ft bare root',
    '#7',
    '#15',
    '#25',
    '1.5in cal B&B',
    '2in cal B&B',
    '2.5in cal B&B',
    '3in cal B&B',
  ],
  'Evergreen Tree': ['#3', '#7', '#15', '4-5ft B&B', '5-6ft B&B', '6-8ft B&B'],
  'Ornamental Tree': ['#5', '#7', '#15', '1.5in cal B&B', '2in cal B&B', '6-8ft multi-stem B&B'],
  Palm: ['#7', '#15', '#25', '#45', '8-10ft B&B'],
  'Deciduous Shrub': ['2-3ft bare root', '#1', '#2', '#3', '#5', '#7'],
  'Evergreen Shrub': ['#1', '#3', '#5', '#7', '3-4ft B&B'],
  Perennial: ['plug 50ct', '4in pot', 'quart', '#1', '#2', '#3'],
  'Ornamental Grass': ['plug 50ct', 'quart', '#1', '#2', '#3'],
  Fern: ['4in pot', 'quart', '#1', '#3'],
  Succulent: ['4in pot', '#1', '#3', '#5', '#7'],
  Groundcover: ['plug 50ct', 'flat of 18', '4in pot', 'quart', '#1'],
  Vine: ['quart', '#1', '#3', '#5'],
};

/** 2 to 4 neighbouring sizes of the habit's template, chosen by the taxon's own generator. */
function templateSizes(category: PlantCategory, random: Random): string[] {
  const template = sizeTemplates[category];
  const count = random.int(2, Math.min(4, template.length));
  const start = random.int(0, template.length - count);
  return template.slice(start, start + count);
}

type SynonymIndex = {
  synonymsOfAccepted: Map<string, { name: string; symbol: string }[]>;
  acceptedOfSynonym: Map<string, { name: string; symbol: string }[]>;
};

function indexSynonyms(rows: CatalogSource['usdaSynonyms']): SynonymIndex {
  const synonymsOfAccepted = new Map<string, { name: string; symbol: string }[]>();
  const acceptedOfSynonym = new Map<string, { name: string; symbol: string }[]>();
  for (const row of rows) {
    const acceptedKey = botanicalKey(row.accepted_name);
    const synonymKey = botanicalKey(row.synonym_name);
    if (acceptedKey === synonymKey) continue;
    const synonyms = synonymsOfAccepted.get(acceptedKey) ?? [];
    synonyms.push({ name: tradeStyleName(row.synonym_name), symbol: row.synonym_symbol });
    synonymsOfAccepted.set(acceptedKey, synonyms);
    const accepted = acceptedOfSynonym.get(synonymKey) ?? [];
    accepted.push({ name: tradeStyleName(row.accepted_name), symbol: row.accepted_symbol });
    acceptedOfSynonym.set(synonymKey, accepted);
  }
  return { synonymsOfAccepted, acceptedOfSynonym };
}

const maxSynonyms = 25;

/**
 * Other names of a taxon: its PLANTS synonyms; and when the trade sells it under an old name, the
 * accepted name and that name's other synonyms.
 */
function synonymsFor(botanicalName: string, index: SynonymIndex): SynonymSeed[] {
  const key = botanicalKey(botanicalName);
  const found = new Map<string, SynonymSeed>();
  for (const accepted of index.acceptedOfSynonym.get(key) ?? []) {
    found.set(accepted.name.toLowerCase(), {
      name: accepted.name,
      kind: 'accepted',
      usdaSymbol: accepted.symbol,
    });
    for (const other of index.synonymsOfAccepted.get(accepted.name.toLowerCase()) ?? []) {
      found.set(other.name.toLowerCase(), { name: other.name, kind: 'synonym', usdaSymbol: other.symbol });
    }
  }
  for (const synonym of index.synonymsOfAccepted.get(key) ?? []) {
    found.set(synonym.name.toLowerCase(), {
      name: synonym.name,
      kind: 'synonym',
      usdaSymbol: synonym.symbol,
    });
  }
  found.delete(key);
  return [...found.values()].slice(0, maxSynonyms);
}

/** The habit most trade-plants.csv rows of each genus have (first seen wins a tie). */
function tradeGenusCategories(rows: CatalogSource['tradePlants']): Map<string, PlantCategory> {
  const counts = new Map<string, Map<PlantCategory, number>>();
  for (const row of rows) {
    const { genus } = splitBotanical(row.botanical_name);
    const byCategory = counts.get(genus) ?? new Map<PlantCategory, number>();
    byCategory.set(row.category as PlantCategory, (byCategory.get(row.category as PlantCategory) ?? 0) + 1);
    counts.set(genus, byCategory);
  }
  const result = new Map<string, PlantCategory>();
  for (const [genus, byCategory] of counts) {
    let best: [PlantCategory, number] | null = null;
    for (const entry of byCategory) if (!best || entry[1] > best[1]) best = entry;
    if (best) result.set(genus, best[0]);
  }
  return result;
}

/**
 * Every product of the demo catalogue, in a stable order: trade-plants.csv (each size a variant),
 * hard-goods.csv (each variant a variant), then USDA PLANTS species, the genera the trade grows first
 * and the most widespread first, until `targetProducts`.
 */
export function buildProductPlan(source: CatalogSource, options: ProductPlanOptions): ProductSeed[] {
  const synonymIndex = indexSynonyms(source.usdaSynonyms);
  const usdaByKey = new Map(source.usdaPlants.map((row) => [botanicalKey(row.scientific_name), row]));
  const tradeCategories = tradeGenusCategories(source.tradePlants);
  const brandOf = new Map(brandSeeds.flatMap((brand) => brand.products.map((name) => [name, brand.slug])));
  const paths = new Set<string>();
  const uniquePath = (base: string) => {
    let candidate = base;
    for (let n = 2; paths.has(candidate); n++) candidate = `${base}-${n}`;
    paths.add(candidate);
    return candidate;
  };
  const products: ProductSeed[] = [];
  const tradeSpeciesKeys = new Set<string>();

  for (const row of source.tradePlants) {
    const botanical = row.botanical_name.trim();
    const cultivar = row.cultivar.trim() || null;
    const patentName = row.trade_name.trim() || null;
    const category = row.category as PlantCategory;
    const primaryName = cultivar ? `${botanical} '${cultivar}'` : botanical;
    const { genus, species } = splitBotanical(botanical);
    const zones = parseZones(row.hardiness_zones);
    const usda = usdaByKey.get(botanicalKey(botanical));
    const sizes = row.sizes
      .split('|')
      .map((size) => size.trim())
      .filter(Boolean);
    const variants = plantVariants(sizes);
    if (!cultivar) {
      // The straight species is this product, under either name.
      tradeSpeciesKeys.add(botanicalKey(botanical));
      for (const accepted of synonymIndex.acceptedOfSynonym.get(botanicalKey(botanical)) ?? []) {
        tradeSpeciesKeys.add(botanicalKey(accepted.name));
      }
    }
    products.push({
      source: 'trade',
      pathIdentifier: uniquePath(slugify([primaryName, patentName].filter(Boolean).join(' '))),
      primaryName,
      secondaryName: row.common_name.trim() || null,
      patentName,
      botanicalGenus: genus,
      botanicalSpecies: species,
      cultivar,
      category,
      groupSlug: categoryGroup.get(category) ?? 'perennials-grasses',
      familySlug: slugify(genus),
      familyName: genus,
      brandSlug: null,
      hardinessZones: row.hardiness_zones.trim() || null,
      hardinessZoneMin: zones.min,
      hardinessZoneMax: zones.max,
      restricted: isRestricted(botanical),
      description: [
        `${row.common_name} (${primaryName}) is ${/^[aeiou]/i.test(category) ? 'an' : 'a'} ${category.toLowerCase()}`,
        zones.min !== null ? ` hardy in USDA zones ${zones.min} to ${zones.max}.` : '.',
        patentName ? ` Sold under the ${patentName} trade name.` : '',
        ` Grown as ${variants.map((variant) => variant.size).join(', ')}.`,
      ].join(''),
      usdaSymbol: usda?.symbol ?? null,
      advantageSlugs: advantagesFor(botanical, category),
      synonyms: synonymsFor(botanical, synonymIndex),
      variants,
      states: null,
      weight: 10,
    });
  }

  for (const row of source.hardGoods) {
    const name = row.name.trim();
    const unit = row.unit.trim();
    const standardContainer = hardGoodStandardContainer(unit);
    const seen = new Set<string>();
    const variants: VariantSeed[] = [];
    for (const size of row.sizes_or_variants.split('|').map((value) => value.trim())) {
      if (!size || seen.has(size)) continue;
      seen.add(size);
      const characteristics = standardContainer ? [standardContainer] : [];
      variants.push({
        size,
        container: null,
        standardContainer,
        sizeInches: null,
        sizeFeet: null,
        characteristics,
        characteristicsKey: characteristicsKey(characteristics),
        unit,
        position: variants.length,
      });
    }
    products.push({
      source: 'hard_good',
      pathIdentifier: uniquePath(slugify(name)),
      primaryName: name,
      secondaryName: null,
      patentName: null,
      botanicalGenus: null,
      botanicalSpecies: null,
      cultivar: null,
      category: row.category,
      groupSlug: categoryGroup.get(row.category) ?? 'landscape-supplies',
      familySlug: slugify(row.category),
      familyName: row.category,
      brandSlug: brandOf.get(name) ?? null,
      hardinessZones: null,
      hardinessZoneMin: null,
      hardinessZoneMax: null,
      restricted: false,
      description: row.notes.trim() ? `${row.notes.trim()}. Sold by the ${unit}.` : `Sold by the ${unit}.`,
      usdaSymbol: null,
      advantageSlugs: [],
      synonyms: [],
      variants,
      states: null,
      weight: 10,
    });
  }

  const target = options.targetProducts;
  const candidates = source.usdaPlants
    .map((row) => {
      const name = tradeStyleName(row.scientific_name);
      const { genus } = splitBotanical(name);
      const bareGenus = genus.replace(/^x /, '');
      const tradeCategory = tradeCategories.get(genus) ?? tradeCategories.get(bareGenus);
      const curatedCategory = curatedGenusCategories[bareGenus];
      const category = tradeCategory ?? curatedCategory ?? familyCategories[row.family] ?? null;
      const priority = featuredSpecies.has(botanicalKey(name))
        ? 3
        : tradeCategory
          ? 2
          : curatedCategory
            ? 1
            : 0;
      return { row, name, genus, category, priority, stateCount: Number(row.state_count) || 0 };
    })
    .filter((candidate) => !tradeSpeciesKeys.has(botanicalKey(candidate.name)))
    .filter((candidate) =>
      target === 'all'
        ? true
        : candidate.priority > 0 &&
          candidate.category &&
          candidate.row.rank === 'species' &&
          !weedyGenera.has(candidate.genus.replace(/^x /, '')),
    )
    .sort((a, b) => b.priority - a.priority || b.stateCount - a.stateCount || a.name.localeCompare(b.name));

  for (const { row, name, genus, category: known, stateCount } of candidates) {
    if (target !== 'all' && products.length >= target) break;
    const category: PlantCategory = known ?? 'Perennial';
    const random = new Random(`usda:${row.symbol}`);
    const variants = plantVariants(templateSizes(category, random));
    const { species } = splitBotanical(name);
    const commonName = row.common_name.trim() ? titleCase(row.common_name.trim()) : null;
    const states = row.states ? row.states.split(';').filter(Boolean) : [];
    products.push({
      source: 'usda',
      pathIdentifier: uniquePath(slugify(name)),
      primaryName: name,
      secondaryName: commonName,
      patentName: null,
      botanicalGenus: genus,
      botanicalSpecies: species,
      cultivar: null,
      category,
      groupSlug: categoryGroup.get(category) ?? 'perennials-grasses',
      familySlug: slugify(genus),
      familyName: genus,
      brandSlug: null,
      hardinessZones: null,
      hardinessZoneMin: null,
      hardinessZoneMax: null,
      restricted: isRestricted(name),
      description: [
        commonName ? `${commonName} (${name})` : name,
        `, ${row.family} family.`,
        ` Recorded in ${stateCount} US ${stateCount === 1 ? 'state' : 'states'} by the USDA PLANTS database.`,
      ].join(''),
      usdaSymbol: row.symbol,
      advantageSlugs: advantagesFor(name, category),
      synonyms: synonymsFor(name, synonymIndex),
      variants,
      states,
      weight: 0.4 + stateCount / 10,
    });
  }
  return products;
}
