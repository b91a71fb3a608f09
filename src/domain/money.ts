const moneyFormat = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Integer cents as dollars: 123450 → '$1,234.50'. Screens, e-mails and documents all use this. */
export function formatMoney(cents: number): string {
  return moneyFormat.format(cents / 100);
}

/**
 * The largest amount in cents the API accepts ($10,000,000.00): money columns in cents are PostgreSQL
 * integers (at most 2,147,483,647), and totals of several lines must still fit.
 */
export const maxCents = 1_000_000_000;
export const amountTooLargeMessage = 'Enter an amount of $10,000,000.00 or less';

/** The largest decimal amount of the numeric(12,2) money columns (budget prices, logistics rates). */
export const maxDecimalAmount = 9_999_999_999.99;
