/**
 * Comparing the size a schedule line asks for with the sizes a product is sold in. Reads the line's
 * size with parseSizeNotation (shared with search) after rewriting the schedule habits it does not
 * know: 'No. 3' (#3), '6-8 ht' (feet), '2-1/2 CAL' without an inch mark, 'SP'/'specimen', 'cont.'.
 */
import { type ParsedSize, parseSizeNotation } from '../../catalog/size-notation';
import type { CatalogVariantRow } from './catalog-index';
import { nameTokens, unifyMarks } from './text';

export type LineSize = {
  parsed: ParsedSize;
  /** The line asks for a specimen (the largest size the product comes in). */
  specimen: boolean;
  /** The notation had something parseSizeNotation could read. */
  readable: boolean;
  /** Words of the size as written, for hard goods whose 'sizes' are grades and colours. */
  tokens: string[];
};

/** Rewrites schedule habits into notation parseSizeNotation reads. */
export function normalizeSizeText(raw: string): string {
  return (
    unifyMarks(raw)
      // No. 3 / No 3 container → #3
      .replace(/\bno\.?\s*(\d+)\b/gi, '#$1')
      // '6-8 ht', '6 ht.', '6-8 hgt' → feet (a height without a unit is in feet on schedules)
      .replace(/(\d)\s*(?:ht|hgt|height)\b\.?/gi, "$1' ht")
      // '2-1/2 CAL' (no inch mark) is already read; 'CAL 2.5' → '2.5 cal'
      .replace(/\bcal(?:iper)?\.?\s*(\d+(?:\.\d+)?(?:[\s-]\d+\/\d+)?)\s*(?:"|in\b)?/gi, '$1" cal ')
      // 'cont.', 'cont', 'CG' mean container-grown
      .replace(/\bcont\b\.?|\bcg\b/gi, 'container')
      // '24-30"' (no caliper, pot or box): a shrub's height in inches, read as feet (2-2.5')
      .replace(
        /\b(\d{2})\s*-\s*(\d{2})\s*(?:"|''|in\b\.?|inch(?:es)?\b)(?!\s*(?:cal|caliper|pot|box)\b)/gi,
        (whole, a, b) =>
          Number(a) >= 12 && Number(b) > Number(a)
            ? `${Math.round((Number(a) / 12) * 100) / 100}-${Math.round((Number(b) / 12) * 100) / 100}' `
            : whole,
      )
      // '5/6 ft', "5/6'": a height range written with a slash (a fraction of a foot is no plant size)
      .replace(/\b(\d+)\s*\/\s*(\d+)\s*(?=ft\b|feet\b|'|ht\b)/gi, (whole, a, b) =>
        Number(a) >= 2 && Number(b) > Number(a) ? `${a}-${b} ` : whole,
      )
      // 'gallon' spelled with a space ('3 g.') is read already; '3-gal' too
      .replace(/\s+/g, ' ')
      .trim()
  );
}

export function readLineSize(raw: string | null): LineSize | null {
  if (!raw?.trim()) return null;
  const text = normalizeSizeText(raw);
  const parsed = parseSizeNotation(text);
  const specimen = /\bspecimen\b|\bspec\b\.?|(?:^|\s)sp(?:$|\s|\.)/i.test(unifyMarks(raw));
  const readable =
    parsed.container !== null ||
    parsed.standardContainer !== null ||
    parsed.sizeInches !== null ||
    parsed.sizeFeet !== null ||
    parsed.characteristics.length > 0;
  return { parsed, specimen, readable, tokens: nameTokens(raw) };
}

const containerNumber = (container: string | null) => {
  const match = container ? /^#(\d+)$/.exec(container) : null;
  return match ? Number(match[1]) : null;
};

const isCaliper = (size: string) => /\bcal\b/i.test(size);

/** How big a variant is, for 'specimen': the largest wins. */
function magnitude(variant: CatalogVariantRow): number {
  if (variant.sizeFeet) return variant.sizeFeet * 12 + 1000;
  if (isCaliper(variant.size) && variant.sizeInches) return variant.sizeInches * 40 + 1000;
  const number = containerNumber(variant.container);
  if (number) return number * 10;
  return variant.sizeInches ?? 0;
}

/**
 * How well a variant fits the line's size, 0–1 (1: the same size). Every dimension the line gives
 * counts: container class, caliper, height, pot, quart, plug/flat/box/bare root, B&B, multi-stem.
 */
export function variantFit(size: LineSize, variant: CatalogVariantRow): number {
  const q = size.parsed;
  if (!size.readable) {
    // Hard goods (and unreadable notations): the words in common with the variant's name.
    const words = nameTokens(variant.size);
    if (words.length === 0 || size.tokens.length === 0) return 0;
    const shared = words.filter((word) => size.tokens.includes(word)).length;
    return shared / words.length;
  }
  let total = 0;
  let got = 0;
  const dim = (weight: number, value: number) => {
    total += weight;
    got += weight * value;
  };
  const qNumber = containerNumber(q.container);
  const vNumber = containerNumber(variant.container);
  const qCaliper = q.sizeInches !== null && isCaliper(q.label);
  if (qNumber !== null) {
    dim(
      3,
      vNumber === qNumber
        ? 1
        : vNumber !== null
          ? Math.max(0, 1 - Math.abs(Math.log(vNumber / qNumber))) * 0.6
          : 0,
    );
  }
  if (qCaliper) {
    const v = isCaliper(variant.size) ? variant.sizeInches : null;
    const diff = v === null ? null : Math.abs(v - (q.sizeInches as number));
    dim(3, diff === null ? 0 : diff < 0.01 ? 1 : Math.max(0, 1 - diff) * 0.7);
  }
  if (q.sizeFeet !== null) {
    const diff = variant.sizeFeet === null ? null : Math.abs(variant.sizeFeet - q.sizeFeet);
    // Ranges keep their bounds: 6-7' is not 6-8'.
    const maxDiff = Math.abs(rangeMax(variant, 'feet') - (q.sizeFeetMax ?? q.sizeFeet));
    const value = diff === null ? 0 : diff < 0.01 ? 1 : Math.max(0, 1 - diff / 3) * 0.7;
    dim(3, maxDiff < 0.01 ? value : Math.min(value, 0.7) * Math.max(0.5, 1 - maxDiff / 3));
  }
  const qPot = q.standardContainer === 'Pot' || q.standardContainer === 'Box';
  if (qPot && q.container) {
    // '1 Quart' is a Quart.
    const same = (container: string | null) => container?.toLowerCase().replace(/^1 (?=quart|pint)/, '');
    dim(
      3,
      same(variant.container) === same(q.container)
        ? 1
        : variant.standardContainer === q.standardContainer
          ? 0.5
          : 0,
    );
  }
  if (
    q.standardContainer === 'Plug' ||
    q.standardContainer === 'Flat' ||
    q.standardContainer === 'Bare Root'
  ) {
    dim(
      qNumber === null && !qCaliper && q.sizeFeet === null ? 3 : 1,
      variant.standardContainer === q.standardContainer
        ? variant.size.toLowerCase() === q.label.toLowerCase() || !/\d/.test(q.label)
          ? 1
          : 0.85
        : 0,
    );
  }
  if (q.standardContainer === 'B&B')
    dim(qCaliper || q.sizeFeet !== null ? 0.5 : 2, variant.standardContainer === 'B&B' ? 1 : 0.3);
  if (q.standardContainer === 'Container' && qNumber === null)
    dim(1, variant.standardContainer === 'Container' ? 1 : 0.2);
  else if (
    q.standardContainer === null &&
    qNumber === null &&
    size.tokens.some((token) => token === 'container' || token === 'cont' || token === 'cg')
  ) {
    // "6-8' cont.": a container-grown height is not a B&B one (the root form differs).
    dim(1, variant.standardContainer === 'B&B' ? 0.2 : 1);
  }
  if (q.characteristics.includes('Multi-Stem'))
    dim(1, variant.characteristics.includes('Multi-Stem') ? 1 : 0.4);
  else if (variant.characteristics.includes('Multi-Stem')) dim(0.3, 0.5);
  return total === 0 ? 0 : got / total;
}

const variantMaxCache = new Map<string, ParsedSize>();

/** The upper bound of a variant's height (feet) or caliper (inches) range; its size when not a range. */
function rangeMax(variant: CatalogVariantRow, unit: 'feet' | 'inches'): number {
  let parsed = variantMaxCache.get(variant.size);
  if (!parsed) {
    parsed = parseSizeNotation(variant.size);
    variantMaxCache.set(variant.size, parsed);
  }
  return unit === 'feet'
    ? (parsed.sizeFeetMax ?? parsed.sizeFeet ?? variant.sizeFeet ?? 0)
    : (parsed.sizeInchesMax ?? parsed.sizeInches ?? variant.sizeInches ?? 0);
}

/** What a line asked that a variant is not: its size, its root form (B&B vs container). */
export function sizeDifference(size: LineSize | null, variant: CatalogVariantRow | null): boolean {
  if (!size?.readable || !variant) return false;
  return variantFit(size, variant) < 0.999;
}

/**
 * The note a line shows when the size it asked is not the matched variant's:
 * 'You asked 24-30" B&B; closest is #3'. null when they agree or either is unknown.
 */
export function sizeDifferenceNote(sizeAsked: string | null, variantSize: string | null): string | null {
  if (!sizeAsked?.trim() || !variantSize) return null;
  const size = readLineSize(sizeAsked);
  const parsed = parseSizeNotation(variantSize);
  const variant: CatalogVariantRow = {
    id: 0,
    productId: 0,
    size: variantSize,
    container: parsed.container,
    standardContainer: parsed.standardContainer,
    sizeInches: parsed.sizeInches,
    sizeFeet: parsed.sizeFeet,
    characteristics: parsed.characteristics,
    position: 0,
  };
  return sizeDifference(size, variant) ? `You asked ${sizeAsked.trim()}; closest is ${variantSize}` : null;
}

/** The variant that fits the line's size best (the first listed when the line gives none). */
export function bestVariant(
  variants: CatalogVariantRow[],
  size: LineSize | null,
): { variant: CatalogVariantRow | null; fit: number | null } {
  if (variants.length === 0) return { variant: null, fit: null };
  if (!size) return { variant: variants[0], fit: null };
  if (size.specimen && !size.readable) {
    let largest = variants[0];
    for (const variant of variants) if (magnitude(variant) > magnitude(largest)) largest = variant;
    return { variant: largest, fit: 1 };
  }
  let best = variants[0];
  let bestFit = -1;
  for (const variant of variants) {
    const fit = variantFit(size, variant);
    if (fit > bestFit + 1e-9) {
      best = variant;
      bestFit = fit;
    }
  }
  if (!size.readable && bestFit <= 0) return { variant: variants[0], fit: null };
  return { variant: best, fit: bestFit };
}

/** Words for comparing hard-good variants: numbers split from units ('3ft' → 3, ft; '1/8in' → 1, 8, in). */
export function gradeWords(text: string): string[] {
  return nameTokens(text.replace(/(\d)([a-z])/gi, '$1 $2').replace(/([a-z])(\d)/gi, '$1 $2'));
}

/**
 * A hard good's variants are grades, colours and dimensions ('Black', 'Granite', '3/4in', '2-3ft'):
 * the one sharing most words with the whole line (text, size and other columns) wins; with none in
 * common, the first listed.
 */
export function hardGoodVariant(
  variants: CatalogVariantRow[],
  lineWords: ReadonlySet<string>,
): { variant: CatalogVariantRow | null; fit: number | null } {
  if (variants.length === 0) return { variant: null, fit: null };
  let best: CatalogVariantRow | null = null;
  let bestValue = 0;
  let bestFit = 0;
  for (const variant of variants) {
    const words = gradeWords(variant.size);
    if (words.length === 0) continue;
    const shared = words.filter((word) => lineWords.has(word)).length;
    if (shared === 0) continue;
    const fit = shared / words.length;
    const value = fit + 0.01 * shared;
    if (value > bestValue + 1e-9) {
      best = variant;
      bestValue = value;
      bestFit = fit;
    }
  }
  return best ? { variant: best, fit: bestFit } : { variant: variants[0], fit: null };
}
