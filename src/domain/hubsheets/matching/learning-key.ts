import { foldText } from './text';

/**
 * The key a user's choice is remembered under: the line's product text and size, folded so the same
 * line written in other case, spacing or punctuation ('Acer rub. Oct. Glory' / 'ACER RUB OCT GLORY')
 * gives the same key. Decimal points and inch/foot marks after a digit are kept ('2.5"' ≠ '25').
 */
export function learningKey(line: { text: string; sizeText: string | null }): string {
  return `${foldText(line.text)}|${foldText(line.sizeText ?? '')}`;
}
