/**
 * The NUL character (U+0000): invisible, never typed on purpose (it arrives with pasted binary or a
 * hostile request) and refused by PostgreSQL in any text, so text carrying it is refused up front.
 */
export const nulCharacter = '\u0000';

/** The field message for text that carries a NUL character. */
export const controlCharacterMessage = 'Remove the invisible control character from this text';

export const hasNulCharacter = (text: string) => text.includes(nulCharacter);
