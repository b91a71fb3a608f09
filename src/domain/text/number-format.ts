/*
 * Numbers and names as an en-US reader expects them, written without Intl. A page's first Intl call
 * (a NumberFormat, a DateTimeFormat, localeCompare) loads the browser's locale data: about 20 ms of main
 * thread, on a slow phone 80, before the page can draw a count, a price or a sorted menu. These few
 * formats need none of it.
 */

/** The digits of a whole number in groups of three: 1234567 → '1,234,567'. */
function groupDigits(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, ',');
}

/**
 * A decimal string rounded to `places` decimals, half away from zero, as Intl rounds: '2.0005', 3 →
 * '2.001'. Rounds the written decimal, not the binary double (toFixed would give '2.000').
 */
function roundDecimal(written: string, places: number): { whole: string; fraction: string } {
  const [whole, fraction = ''] = written.split('.');
  if (fraction.length <= places) return { whole, fraction };
  const kept = `${whole}${fraction.slice(0, places)}`;
  const roundedUp = Number(fraction[places]) >= 5;
  const digits = roundedUp ? (BigInt(kept) + 1n).toString().padStart(kept.length, '0') : kept;
  return places === 0
    ? { whole: digits, fraction: '' }
    : { whole: digits.slice(0, -places) || '0', fraction: digits.slice(-places) };
}

/**
 * A number as `value.toLocaleString('en-US')` writes it: grouped thousands and at most three decimals,
 * trailing zeros dropped (1234.5 → '1,234.5', 0.12345 → '0.123', -2500 → '-2,500'; like Intl, -0.0001
 * → '-0').
 */
export function formatNumber(value: number): string {
  const written = Math.abs(value).toString();
  // Infinity, NaN and numbers past 1e21 (written with an exponent) are left to Intl: no count is that big.
  if (!Number.isFinite(value) || written.includes('e')) return value.toLocaleString('en-US');
  const { whole, fraction } = roundDecimal(written, 3);
  const trimmed = fraction.replace(/0+$/, '');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${groupDigits(whole)}${trimmed ? `.${trimmed}` : ''}`;
}

/** Whole cents as dollars with grouped thousands: 123450 → '$1,234.50', -599 → '-$5.99'. */
export function formatDollars(cents: number): string {
  const rounded = Math.round(Math.abs(cents));
  const sign = cents < 0 || Object.is(cents, -0) ? '-' : '';
  const dollars = Math.floor(rounded / 100).toString();
  const rest = (rounded % 100).toString().padStart(2, '0');
  return `${sign}$${groupDigits(dollars)}.${rest}`;
}

/**
 * Orders names alphabetically, ignoring case, lower case first on a tie ('apple' < 'Apple' < 'Banana'),
 * as localeCompare does for plain English names. Accented letters sort after z (the menus sorted with it
 * hold plant group and family names, which have none).
 */
export function compareNames(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x !== y) return x < y ? -1 : 1;
  if (a === b) return 0;
  return a > b ? -1 : 1;
}
