import { formatDollars } from './text/number-format';

/** Integer cents as dollars: 123450 → '$1,234.50'. Screens, e-mails and documents all use this. */
export function formatMoney(cents: number): string {
  return formatDollars(cents);
}

/**
 * The largest amount in cents the API accepts ($10,000,000.00): money columns in cents are PostgreSQL
 * integers (at most 2,147,483,647), and totals of several lines must still fit.
 */
export const maxCents = 1_000_000_000;
export const amountTooLargeMessage = 'Enter an amount of $10,000,000.00 or less';

/** The largest decimal amount of the numeric(12,2) money columns (budget prices, logistics rates). */
export const maxDecimalAmount = 9_999_999_999.99;

/**
 * Money as people type it (spec part 3 §5): every character but digits and the dot is stripped ('$1,200.5'
 * → 1200.5; a minus sign goes too, so the value is absolute), rounded to two decimals, as integer cents.
 * Null when nothing numeric is left.
 */
export function parseMoney(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? Math.round(Math.abs(value) * 100) : null;
  const stripped = value.replace(/[^\d.]/g, '');
  if (stripped === '' || stripped === '.') return null;
  const number = Number(stripped);
  if (!Number.isFinite(number)) {
    // More than one dot ('1.2.3'): keep the first.
    const [whole, ...rest] = stripped.split('.');
    const fallback = Number(`${whole}.${rest.join('')}`);
    return Number.isFinite(fallback) ? Math.round(fallback * 100) : null;
  }
  return Math.round(Math.round(number * 100 * 1000) / 1000);
}

/** Dollars → cents and back (the cents factor of spec part 3 §9 is 100). */
export const centsFactor = 100;
export const dollarsToCentsValue = (dollars: number) => Math.round(dollars * centsFactor);
export const centsToDollars = (cents: number) => cents / centsFactor;

/**
 * An amount for an amount block (spec part 3 §5): two decimals, negatives in parentheses
 * (−5600 → '($56.00)'), positives as formatMoney.
 */
export function formatAmount(cents: number): string {
  return cents < 0 ? `(${formatDollars(-cents)})` : formatDollars(cents);
}
