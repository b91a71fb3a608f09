import { formatNumber } from '../text/number-format';

/** The stock states a product shows (spec part 2 §4). */
export const stockStates = ['Limited Supply', 'In Stock', 'Currently Out of Stock'] as const;
export type StockState = (typeof stockStates)[number];

/**
 * A product's stock across the listings that offer it: how many suppliers (branches) have it, how
 * many units they list in total, and whether any of them does not count its stock (ignoreQuantity).
 */
export type StockSummary = { supplierCount: number; totalAvailable: number; ignoreQuantity: boolean };

/** One supplier listing as stock sees it. */
export type StockListing = { branchId: number; quantity: number; ignoreQuantity: boolean };

export const outOfStockText = 'Out of Stock';
export const outOfStockDetail = 'Check back soon as our suppliers update availability daily';
export const productAvailableText = 'Product Available';
export const inStockText = 'In Stock';

/** Sums the listings that offer something (a quantity above zero, or a quantity that is not counted). */
export function summarizeStock(listings: readonly StockListing[]): StockSummary {
  const suppliers = new Set<number>();
  let totalAvailable = 0;
  let ignoreQuantity = false;
  for (const listing of listings) {
    if (!listing.ignoreQuantity && listing.quantity <= 0) continue;
    suppliers.add(listing.branchId);
    totalAvailable += Math.max(0, listing.quantity);
    if (listing.ignoreQuantity) ignoreQuantity = true;
  }
  return { supplierCount: suppliers.size, totalAvailable, ignoreQuantity };
}

function isOutOfStock(stock: StockSummary): boolean {
  return stock.supplierCount <= 0 || (!stock.ignoreQuantity && stock.totalAvailable <= 0);
}

/**
 * The Limited Supply rule of spec part 2 §4. With ignoreQuantity: exactly one supplier. Without:
 * 1 to 3 suppliers with under 50 available, or one supplier with under 100, or 1 to 29 available.
 * Something out of stock is never "limited".
 */
export function isLimitedSupply(stock: StockSummary): boolean {
  if (isOutOfStock(stock)) return false;
  const { supplierCount: suppliers, totalAvailable: total } = stock;
  if (stock.ignoreQuantity) return suppliers === 1;
  return (
    (suppliers >= 1 && suppliers <= 3 && total < 50) ||
    (suppliers === 1 && total < 100) ||
    (total >= 1 && total <= 29)
  );
}

/** Out of stock first, then Limited Supply, else In Stock. */
export function stockState(stock: StockSummary): StockState {
  if (isOutOfStock(stock)) return 'Currently Out of Stock';
  return isLimitedSupply(stock) ? 'Limited Supply' : 'In Stock';
}

/**
 * The stock line of a product tile: "N+ available" (N is the listed total; with ignoreQuantity and
 * nothing counted, "Product Available"); out of stock, "Out of Stock" and the check-back line.
 */
export function tileStockText(stock: StockSummary): { text: string; detail: string | null } {
  if (isOutOfStock(stock)) return { text: outOfStockText, detail: outOfStockDetail };
  if (stock.ignoreQuantity && stock.totalAvailable <= 0) return { text: productAvailableText, detail: null };
  return { text: `${formatNumber(stock.totalAvailable)}+ available`, detail: null };
}

/** The quantity of one listing on the availability list: "In Stock" when its quantity is not counted. */
export function availabilityQuantityText(listing: { quantity: number; ignoreQuantity: boolean }): string {
  if (listing.ignoreQuantity) return inStockText;
  if (listing.quantity <= 0) return outOfStockText;
  return `${formatNumber(listing.quantity)} available`;
}
