/**
 * Reading the cells of one plant-schedule line: the quantity, the budget price, and the size when it
 * is written inside the product text.
 */
import { unifyMarks } from './matching/text';

/**
 * The quantity a cell means, or null when it gives none. Readings:
 * - '10', ' 10 ', '10.0' → 10; '12.5' → 12.5 (hard goods by the yard or ton);
 * - '1,200' → 1200 (thousands separators); '10 ea', '10 EA.', '25 plants', '3 cu yd', 'qty 10' → the number;
 * - '(10)' → 10;
 * - '' / null, 'TBD', 'N/A', '-', 'as needed', '0', negative numbers, ranges ('10-12') and anything
 *   else without one clear positive number → null (the line keeps its text; the user fills it in).
 */
export function readQuantity(text: string | null): number | null {
  if (text === null) return null;
  let value = unifyMarks(text).toLowerCase().trim();
  if (!value) return null;
  value = value.replace(/^\((.*)\)$/, '$1').replace(/^(?:qty|quantity)\.?\s*:?\s*/, '');
  // Thousands separators: only between a digit and exactly three digits.
  value = value.replace(/(\d),(?=\d{3}(?!\d))/g, '$1');
  const match = /^(\d+(?:\.\d+)?|\.\d+)(?:\s*([a-z][a-z .]*))?$/.exec(value);
  if (!match) return null;
  const number = Number(match[1]);
  if (!Number.isFinite(number) || number <= 0) return null;
  return number;
}

/** The message on a line whose quantity is missing or not a whole number of plants. */
export const enterQuantityMessage = 'Enter a quantity for this line';

/**
 * The quantity of plants a cell means: a positive whole number ('10', '1,200', '10 ea'); null for
 * anything else ('ten', '-4', '3.5', blank), which flags the line (enterQuantityMessage).
 */
export function readWholeQuantity(text: string | null): number | null {
  const value = readQuantity(text);
  return value !== null && Number.isInteger(value) ? value : null;
}

/** Whether a line's quantity needs the buyer's attention before sourcing. */
export const quantityNeedsEntry = (quantity: number | null) =>
  quantity === null || !Number.isInteger(quantity) || quantity <= 0;

/**
 * The budget price a cell means as a decimal string with two places, or null: '$1,250.00' →
 * '1250.00', '12.5' → '12.50', '$45 ea' → '45.00', 'USD 12' → '12.00'. Empty, 'TBD', negative or
 * unreadable → null.
 */
export function readBudgetPrice(text: string | null): string | null {
  if (text === null) return null;
  let value = unifyMarks(text).toLowerCase().trim();
  if (!value) return null;
  value = value
    .replace(/^(?:usd|us\$|\$)\s*/, '')
    .replace(/\s*(?:usd|\$)$/, '')
    .replace(/^\$\s*/, '');
  value = value.replace(/(\d),(?=\d{3}(?!\d))/g, '$1');
  const match = /^(\d+(?:\.\d+)?|\.\d+)(?:\s*(?:\/\s*)?(?:ea|each|unit|per [a-z ]+|[a-z.]+)?)?$/.exec(value);
  if (!match) return null;
  const number = Number(match[1]);
  if (!Number.isFinite(number) || number < 0) return null;
  return (Math.round(number * 100) / 100).toFixed(2);
}

// Where a size starts inside product text: a container number, a measure with its unit, or a word of
// the size vocabulary (root type, pot, flat, plug, form). Tested on the text with marks unified.
const NUM = String.raw`(?:\d+(?:\.\d+)?(?:[\s-]\d+\/\d+)?|\d+\/\d+|\.\d+)`;
const sizeStarts: RegExp[] = [
  // '#3', '# 3', but not '#57 stone' (a hard good's name)
  /#\s*\d+\b(?!\s*(?:stone|gravel|rock|aggregate|crushed|washed))/i,
  /\bno\.?\s*\d+\b(?!\s*(?:stone|gravel|rock))/i,
  new RegExp(
    String.raw`(?<![a-z0-9])(?:min\.?\s*)?${NUM}(?:\s*(?:-|to)\s*${NUM})?\s*(?:"|''|'|-?\s*(?:in\b|in\.|inch(?:es)?\b|ft\b|ft\.|feet\b|foot\b|gal\b|gal\.|gals\b|gallons?\b|g\b|qt\b|qts\b|quarts?\b|cal\b|cal\.|caliper\b|ht\b|hgt\b|pot\b|cells?\b|ct\b|count\b|box\b))`,
    'i',
  ),
  /(?<![a-z0-9])(?:\d+\s*-?\s*)?(?:qt|quarts?|pints?)\b/i,
  /\bb\s*&\s*b\b|\bb\s*and\s*b\b|\bballed\b|\bbare[\s-]?root\b/i,
  /\bflats?\b|\bplugs?\b|\blp\s*\d+\b|\bliners?\b/i,
  /\bspecimen\b|\bspec\.?(?![a-z])|\bSP\b/,
  /\bmulti[\s-]?(?:stem|trunk)\b|\bclump(?:\s+form)?\b/i,
  /\bcont(?:ainer|\.)?(?![a-z])|\bcontainer[\s-]grown\b|\bcg\b/i,
  /\bcal(?:iper)?\.?\s*\d/i,
  /\bmin\.?\s*\d/i,
];

// Words that belong to a size written before the name ('#3 cont. Buxus', '2.5" cal B&B Acer').
const sizeWords = new Set(
  'cal caliper ht hgt height ft feet foot in inch inches gal gallon gallons qt quart quarts pint pot pots container cont cg b&b bb balled burlapped bare root br flat flats plug plugs liner liners spec specimen sp multi-stem multistem multi stem trunk clump min minimum tall spread sprd wide box ea each'.split(
    ' ',
  ),
);

const quoted = /'[^']{2,}'|"[^"]{2,}"/g;

/**
 * Splits product text whose size is written inside it into the name and the size:
 * `ACER RUB 'OCT GLORY' 2-1/2" CAL B&B` → name `ACER RUB 'OCT GLORY'`, size `2-1/2" CAL B&B`;
 * `Hydrangea paniculata 'Limelight' #5` → name `Hydrangea paniculata 'Limelight'`, size `#5`;
 * `#3 Buxus Green Velvet` → name `Buxus Green Velvet`, size `#3`. Text without a size is returned
 * whole with sizeText null. A quoted cultivar written after the size stays with the name.
 */
export function splitSizeFromText(text: string): { name: string; sizeText: string | null } {
  const source = unifyMarks(text);
  // Quoted cultivars: their quote marks must not be read as inch or foot marks.
  const masked = source.replace(quoted, (segment) =>
    // 'Cloud 9', "Limelight": a quoted name starts with a letter; 6-8' or 2" marks follow a digit.
    /^['"][a-z]/i.test(segment) ? ' '.repeat(segment.length) : segment,
  );
  let start = -1;
  for (const pattern of sizeStarts) {
    const match = pattern.exec(masked);
    if (match && (start === -1 || match.index < start)) start = match.index;
  }
  if (start === -1) return { name: source, sizeText: null };

  if (start === 0 || /^[\s(,-]*$/.test(source.slice(0, start))) {
    // The size comes first: it runs to the first word that is not part of a size.
    const tokens = source.split(' ');
    let cut = 0;
    for (; cut < tokens.length; cut++) {
      const rest = tokens.slice(cut).join(' ');
      const word = tokens[cut].toLowerCase().replace(/[^a-z&-]/g, '');
      if (/^[a-z]{3,}/i.test(tokens[cut]) && !sizeWords.has(word) && !startsWithSize(rest)) break;
    }
    const sizeText = tokens.slice(0, cut).join(' ').trim();
    const name = tokens.slice(cut).join(' ').trim();
    if (!name) return { name: source, sizeText: null };
    return { name, sizeText: sizeText || null };
  }

  let name = source.slice(0, start).trim();
  let sizeText = source.slice(start).trim();
  // A cultivar quoted after the size belongs to the name.
  const lateCultivars = [...sizeText.matchAll(/'([^'\d]{2,})'/g)];
  for (const late of lateCultivars) {
    name = `${name} ${late[0]}`;
    sizeText = sizeText.replace(late[0], ' ');
  }
  name = name.replace(/[\s,;:(\-–]+$/, '').trim();
  sizeText = sizeText
    .replace(/\s+/g, ' ')
    .replace(/^[\s,;:)-]+/, '')
    .trim();
  return { name: name || source, sizeText: sizeText || null };
}

function startsWithSize(text: string): boolean {
  return sizeStarts.some((pattern) => {
    const match = pattern.exec(text);
    return match !== null && match.index === 0;
  });
}
