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
 * Lower case, marks unified, punctuation to spaces, except a decimal point between digits and
 * the inch and foot marks after a digit: 'ACER RUB. "Oct. Glory"' → 'acer rub oct glory';
 * '2.5" Cal.' → '2.5" cal'.
 */
export function foldText(raw: string): string {
  return unifyMarks(raw)
    .toLowerCase()
    .replace(/(\d)\s*''/g, '$1"')
    .replace(/(\d)\.(?=\d)/g, '$1\u0000')
    .replace(/(\d)\/(?=\d)/g, '$1\u0001')
    .replace(/(\d)(["'])/g, '$1\u0002$2')
    .replace(/#(?=\s*\d)/g, '\u0003')
    .replace(/[^a-z0-9\u0000-\u0003&]+/g, ' ')
    .replace(/\u0000/g, '.')
    .replace(/\u0001/g, '/')
    .replace(/\u0002(["'])/g, '$1')
    .replace(/\u0003\s*/g, '#')
    .replace(/\s+/g, ' ')
    .trim();
}

/** "Walker's Low" and "Walkers Low" are one name: the possessive s joins its word. */
export function possessives(text: string): string {
  return text.replace(/([a-z])'s\b/gi, '$1s');
}

/** Numbers apart from the letters they touch: '1-3in' → '1-3 in', 'lp50' → 'lp 50'. */
export function splitNumbers(text: string): string {
  return text.replace(/(\d)([a-z])/g, '$1 $2').replace(/([a-z])(\d)/g, '$1 $2');
}

/** Words of a name for matching: letters and digits only ('Acer x freemanii' → acer, x, freemanii). */
export function nameTokens(raw: string): string[] {
  return splitNumbers(possessives(unifyMarks(raw)).toLowerCase())
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
}
