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
