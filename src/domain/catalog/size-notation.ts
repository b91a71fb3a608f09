/**
 * Reads a plant size as nurseries and plant schedules write it ('#3', '3 gal', '2.5" cal',
 * '2 1/2"–3" CAL., B&B', "6-8'", 'B & B', 'flat of 18', 'LP50' …) into the facets search filters on.
 * Ranges keep their minimum as the size (trade sizes are minimums: "min. 2.5" cal."); the maximum
 * stays in sizeInchesMax / sizeFeetMax. Gallon containers are written as trade classes ('3 gal' → '#3').
 */

/** Parent groups of the Container Type filter. Hard goods use their own (Bulk, Bag, Pallet). */
export type StandardContainer = 'Container' | 'Pot' | 'Box' | 'B&B' | 'Bare Root' | 'Flat' | 'Plug';

export type ParsedSize = {
  /** The size as Hedgerow writes it: '#3', '2.5" cal B&B', "6-8' B&B", 'Quart', '4" pot', 'Flat of 18', 'Plug 50'. */
  label: string;
  /** The container the plant grows in ('#3', 'Quart', '4" pot', '36" box'), else null. */
  container: string | null;
  standardContainer: StandardContainer | null;
  /** Caliper, pot or box size in inches. */
  sizeInches: number | null;
  sizeInchesMax: number | null;
  /** Height in feet. */
  sizeFeet: number | null;
  sizeFeetMax: number | null;
  /** Root type, form and packaging: 'Container', 'B&B', 'Multi-Stem', 'Plug', … */
  characteristics: string[];
};

const NUMBER = String.raw`(\d+(?:\.\d+)?(?:[\s-]\d+\/\d+)?|\d+\/\d+|\.\d+)`;
const INCH = String.raw`(?:"|''|\s*-?\s*in(?:ch(?:es)?)?\.?(?![a-z]))`;
const FOOT = String.raw`(?:'(?!')|\s*-?\s*(?:ft|feet|foot)\.?(?![a-z]))`;
const RANGE = String.raw`\s*(?:-|to)\s*`;

const caliperPattern = new RegExp(
  `${NUMBER}(?:${INCH})?(?:${RANGE}${NUMBER}(?:${INCH})?)?\\s*,?\\s*cal(?:iper)?\\b`,
);
const heightPattern = new RegExp(`${NUMBER}(?:${FOOT})?(?:${RANGE}${NUMBER})?${FOOT}`);
const inchesPattern = new RegExp(`${NUMBER}${INCH}`);
const boxPattern = new RegExp(`${NUMBER}${INCH}\\s*box\\b`);
const inchesOnlyPattern = new RegExp(`^${NUMBER}${INCH}$`);

/** '2 1/2' → 2.5, '2-1/4' → 2.25, '3/4' → 0.75, '2.5' → 2.5. */
function readNumber(text: string): number {
  const mixed = /^(\d+)[\s-](\d+)\/(\d+)$/.exec(text);
  if (mixed) return Number(mixed[1]) + Number(mixed[2]) / Number(mixed[3]);
  const fraction = /^(\d+)\/(\d+)$/.exec(text);
  if (fraction) return Number(fraction[1]) / Number(fraction[2]);
  return Number(text);
}

const formatNumber = (n: number) => String(Math.round(n * 100) / 100);

function normalize(raw: string): string {
  return raw
    .normalize('NFKC')
    .replace(/[″“”]/g, '"')
    .replace(/[′‘’`´]/g, "'")
    .replace(/[‐‑‒–—]/g, '-')
    .replace(/⁄/g, '/')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

function countOf(text: string, patterns: RegExp[]): number | null {
  for (const pattern of patterns) {
    const match = pattern.exec(text);
    if (match) return Number(match[1]);
  }
  return null;
}

/** Parses a size notation; anything it cannot read keeps its text as the label with no facets. */
export function parseSizeNotation(raw: string): ParsedSize {
  const text = normalize(raw);
  const result: ParsedSize = {
    label: raw.trim(),
    container: null,
    standardContainer: null,
    sizeInches: null,
    sizeInchesMax: null,
    sizeFeet: null,
    sizeFeetMax: null,
    characteristics: [],
  };

  const ballAndBurlap = /\bb\s*&\s*b\b|\bb\s*and\s*b\b|balled/.test(text);
  const bareRoot = /bare[\s-]?root|\bb\.?r\.?$/.test(text);
  const multiStem = /multi[\s-]?(?:stem|trunk)/.test(text);
  const plug = /plug|\bcells?\b|\blp\s*\d+|\bcount\b|\d\s*ct\b|\btray\b/.test(text);
  const flat = !plug && /\bflats?\b/.test(text);
  const box = boxPattern.exec(text);
  const gallons = /#\s*(\d+)/.exec(text) ?? /(\d+)\s*-?\s*(?:g|gal|gallons?)\b\.?/.exec(text);
  const quart = /(?:(\d+)\s*-?\s*)?(?:quarts?|qt)\b/.exec(text);
  const pint = /\bpints?\b/.test(text);
  const pot = /\bpot\b/.test(text) || inchesOnlyPattern.test(text);

  const caliper = caliperPattern.exec(text);
  if (caliper) {
    result.sizeInches = readNumber(caliper[1]);
    result.sizeInchesMax = caliper[2] ? readNumber(caliper[2]) : null;
  }
  // A schedule may give both ("2.5" cal, 12-14' ht"): read the height from what the caliper left.
  const height = box ? null : heightPattern.exec(caliper ? text.replace(caliper[0], ' ') : text);
  if (height) {
    result.sizeFeet = readNumber(height[1]);
    result.sizeFeetMax = height[2] ? readNumber(height[2]) : null;
  }

  const parts: string[] = [];
  const measure = () => {
    if (result.sizeInches !== null && caliper) {
      const max = result.sizeInchesMax !== null ? `-${formatNumber(result.sizeInchesMax)}` : '';
      parts.push(`${formatNumber(result.sizeInches)}${max}" cal`);
    }
    if (result.sizeFeet !== null) {
      const max = result.sizeFeetMax !== null ? `-${formatNumber(result.sizeFeetMax)}` : '';
      parts.push(`${formatNumber(result.sizeFeet)}${max}'`);
    }
    if (multiStem) parts.push('multi-stem');
  };

  if (plug) {
    result.standardContainer = 'Plug';
    const count = countOf(text, [
      /tray of (\d+)/,
      /\blp\s*(\d+)/,
      /(\d+)\s*-?\s*(?:count|ct|cells?)\b/,
      /plugs?\s*(\d+)/,
      /(\d+)\s*plugs?/,
    ]);
    parts.push(count ? `Plug ${count}` : 'Plug');
  } else if (flat) {
    result.standardContainer = 'Flat';
    const count = countOf(text, [
      /flats? of (\d+)/,
      /(\d+)\s*(?:per|\/)\s*flat/,
      /(\d+)\s*-?\s*(?:count|ct|cells?)\b/,
    ]);
    parts.push(count ? `Flat of ${count}` : 'Flat');
  } else if (ballAndBurlap) {
    result.standardContainer = 'B&B';
    measure();
    parts.push('B&B');
  } else if (bareRoot) {
    result.standardContainer = 'Bare Root';
    measure();
    parts.push(parts.length ? 'bare root' : 'Bare Root');
  } else if (box) {
    result.standardContainer = 'Box';
    result.sizeInches = readNumber(box[1]);
    result.container = `${formatNumber(result.sizeInches)}" box`;
    parts.push(result.container);
  } else if (gallons) {
    result.standardContainer = 'Container';
    result.container = `#${Number(gallons[1])}`;
    parts.push(result.container);
    measure();
  } else if (quart || pint) {
    result.standardContainer = 'Pot';
    result.container = pint ? 'Pint' : quart?.[1] ? `${Number(quart[1])} Quart` : 'Quart';
    parts.push(result.container);
  } else if (pot) {
    const inches = inchesPattern.exec(text);
    result.standardContainer = 'Pot';
    if (inches) result.sizeInches = readNumber(inches[1]);
    const band = /\bband\b/.test(text) ? ' band' : '';
    result.container = inches ? `${formatNumber(readNumber(inches[1]))}"${band} pot` : 'Pot';
    parts.push(result.container);
  } else {
    measure();
  }

  const characteristics: string[] = [];
  if (result.standardContainer) characteristics.push(result.standardContainer);
  if (multiStem) characteristics.push('Multi-Stem');
  if (/\bbundles?\b/.test(text)) characteristics.push('Bundle');
  result.characteristics = characteristics;
  if (parts.length === 1 && parts[0] === 'multi-stem') result.label = 'Multi-Stem';
  else if (parts.length > 0) result.label = parts.join(' ');
  else if (characteristics.length > 0) result.label = characteristics.join(' ');
  return result;
}

/** The key that groups listings by characteristics: sorted and joined, '' for none. */
export function characteristicsKey(characteristics: readonly string[]): string {
  return [...new Set(characteristics)].sort().join(',');
}
