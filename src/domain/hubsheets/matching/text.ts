/**
 * Text folding shared by the matcher and the learning key: plant schedules write the same name in
 * capitals, with curly or straight quotes, accents, the hybrid sign × or x, and any punctuation.
 */

/** Unifies quote, dash and inch/foot marks and folds accents; keeps case. */
export function unifyMarks(raw: string): string {
  // Plain ASCII (most catalogue names) needs no folding.
  if (/^[\x20-\x5f\x61-\x7e]*$/.test(raw) && !/\s{2}/.test(raw)) return raw.trim();
  return raw
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[″“”]/g, '"')
    .replace(/[′‘’`´]/g, "'")
    .replace(/[‐‑‒–—]/g, '-')
    .replace(/⁄/g, '/')
    .replace(/×/g, ' x ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Lower case, marks unified, words separated by single spaces and punctuation dropped, except a
 * decimal point or fraction bar between digits, the inch or foot mark after a number and '#' and '&':
 * 'ACER RUB. "Oct. Glory"' → 'acer rub oct glory'; '2.5" Cal. B&B' → '2.5" cal b & b'.
 */
export function foldText(raw: string): string {
  const text = unifyMarks(raw)
    .toLowerCase()
    .replace(/(\d)\s*''/g, '$1"');
  return (text.match(/\d+(?:[./]\d+)*["']?|[a-z]+|[#&]/g) ?? []).join(' ');
}

/** Numbers apart from the letters they touch: '1-3in' → '1-3 in', 'lp50' → 'lp 50'. */
export function splitNumbers(text: string): string {
  if (!/\d/.test(text)) return text;
  return text.replace(/(\d)([a-z])/g, '$1 $2').replace(/([a-z])(\d)/g, '$1 $2');
}

/** "Walker's Low" and "Walkers Low" are one name: the possessive s joins its word. */
export function possessives(text: string): string {
  if (!text.includes("'")) return text;
  return text.replace(/([a-z])'s\b/gi, '$1s');
}

/** Words of a name for matching: letters and digits only ('Acer x freemanii' → acer, x, freemanii). */
export function nameTokens(raw: string): string[] {
  const text = splitNumbers(possessives(unifyMarks(raw)).toLowerCase());
  return text.split(/[^a-z0-9]+/).filter(Boolean);
}
