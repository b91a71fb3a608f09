const usZipPattern = /^\d{5}(-?\d{4})?$/;

// Canada Post never uses D, F, I, O, Q or U, and never W or Z as the first letter.
const canadianPostalCodePattern = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i;

/** Tells whether a value is a 5-digit or 9-digit US zip code, with or without the hyphen. */
export function isUsZip(value: string): boolean {
  return usZipPattern.test(value.trim());
}

/** Tells whether a value is a Canadian postal code such as 'K1A 0B1', in any case and with or without the space. */
export function isCanadianPostalCode(value: string): boolean {
  return canadianPostalCodePattern.test(value.trim());
}

/** Tells whether a value is a US zip code or a Canadian postal code. */
export function isValidPostalCode(value: string): boolean {
  return isUsZip(value) || isCanadianPostalCode(value);
}

/** Rewrites a postal code to its canonical form ('12345', '12345-6789' or 'A1A 1A1'); anything else is only trimmed. */
export function normalizePostalCode(value: string): string {
  const trimmed = value.trim();
  if (isUsZip(trimmed)) {
    const digits = trimmed.replace('-', '');
    return digits.length === 9 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits;
  }
  if (isCanadianPostalCode(trimmed)) {
    const compact = trimmed.replace(' ', '').toUpperCase();
    return `${compact.slice(0, 3)} ${compact.slice(3)}`;
  }
  return trimmed;
}
