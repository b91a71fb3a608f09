import { productName } from '../brand';

/** One step of a listing's price ladder: from `quantityMin` units on, each costs `price` cents. */
export type PriceTier = { quantityMin: number; price: number };

export type DiscountOperator = 'PERCENTAGE' | 'FLAT_RATE';
export const discountOperators = ['PERCENTAGE', 'FLAT_RATE'] as const satisfies readonly DiscountOperator[];

/**
 * Who grants a discount: `purchase` an agreed purchase discount (EVD) of one buyer organisation at one
 * supplier organisation; `supplier` a supplier on its own items; `platform` the marketplace itself;
 * `online` the supplier's Online Savings at branches that sell online.
 */
export type DiscountKind = 'purchase' | 'platform' | 'supplier' | 'online';
export const discountKinds = [
  'purchase',
  'platform',
  'supplier',
  'online',
] as const satisfies readonly DiscountKind[];

/** A discount as pricing sees it: percentages in basis points (1250 = 12.5 %), flat rates in cents. */
export type Discount = { kind: DiscountKind; operator: DiscountOperator; value: number };

/** The pricing types of spec part 2 §3 (`{product}_DISCOUNT` is PLATFORM_DISCOUNT). */
export const pricingTypeNames = [
  'EVD',
  'PLATFORM_DISCOUNT',
  'SUPPLIER_DISCOUNT',
  'STANDARD_PRICING',
] as const;
export type PricingType = (typeof pricingTypeNames)[number];

export const standardPricingLabel = 'Standard Pricing';

/** The label shown beside a discounted price (spec part 2 §4; "LH Discount" is the platform's name). */
export const discountLabels: Record<DiscountKind, string> = {
  purchase: 'Purchase Discount',
  platform: `${productName} Discount`,
  supplier: 'Supplier Discount',
  online: 'Online Savings',
};

// Online Savings is funded by the supplier, so it reports as a supplier discount.
export const pricingTypes: Record<DiscountKind, PricingType> = {
  purchase: 'EVD',
  platform: 'PLATFORM_DISCOUNT',
  supplier: 'SUPPLIER_DISCOUNT',
  online: 'SUPPLIER_DISCOUNT',
};

/** Tie-break order when two discounts give the same price: the negotiated one names the price. */
const kindPriority: readonly DiscountKind[] = ['purchase', 'platform', 'supplier', 'online'];

/** A buyer's price for one unit: the book price of the tier, what they pay, and why. */
export type Price = {
  base: number;
  value: number;
  category: string;
  pricingType: PricingType;
  quantityMin: number;
  discount: Discount | null;
};

/** Tiers sorted by quantityMin, one per quantityMin (the later entry wins), negative prices dropped. */
export function normalizePriceTiers(tiers: readonly PriceTier[]): PriceTier[] {
  const byMin = new Map<number, PriceTier>();
  for (const tier of tiers) {
    if (!Number.isFinite(tier.price) || tier.price < 0) continue;
    const quantityMin = Math.max(1, Math.floor(tier.quantityMin));
    byMin.set(quantityMin, { quantityMin, price: Math.round(tier.price) });
  }
  return [...byMin.values()].sort((a, b) => a.quantityMin - b.quantityMin);
}

/**
 * The tier that prices `quantity`: the one with the highest quantityMin not above it. Below every
 * tier (e.g. 1 unit when the ladder starts at 5) the lowest tier applies; no tiers, no price.
 */
export function applicableTier(tiers: readonly PriceTier[], quantity: number): PriceTier | null {
  let best: PriceTier | null = null;
  let lowest: PriceTier | null = null;
  for (const tier of tiers) {
    if (!lowest || tier.quantityMin < lowest.quantityMin) lowest = tier;
    if (tier.quantityMin <= quantity && (!best || tier.quantityMin > best.quantityMin)) best = tier;
  }
  return best ?? lowest;
}

/**
 * A price in cents after one discount, rounded to the cent (half up) and never below zero. A
 * percentage is in basis points and capped at 100 %; a negative value never raises the price.
 */
export function applyDiscount(cents: number, discount: Pick<Discount, 'operator' | 'value'>): number {
  const value = Math.max(0, discount.value);
  if (discount.operator === 'PERCENTAGE') {
    const basisPoints = Math.min(10_000, value);
    return Math.max(0, Math.round((cents * (10_000 - basisPoints)) / 10_000));
  }
  return Math.max(0, Math.round(cents - value));
}

/**
 * What a buyer pays per unit for `quantity` units of a listing.
 *
 * Discounts do not stack: the buyer gets the single discount that gives the lowest price, and the
 * price carries that discount's label. A B2B marketplace prices like this because every price must
 * explain itself with one label (spec: Price has one category), a negotiated purchase discount is
 * already the supplier's net price for that buyer, and stacking a promotion on top of it would cut
 * the supplier's margin in ways neither side agreed to. On equal prices the order purchase, platform,
 * supplier, online decides the label. With no discount that lowers the price: Standard Pricing.
 */
export function priceFor(input: {
  tiers: readonly PriceTier[];
  quantity: number;
  discounts?: readonly Discount[];
}): Price | null {
  const tier = applicableTier(input.tiers, input.quantity);
  if (!tier) return null;
  let best: { value: number; discount: Discount } | null = null;
  const ordered = [...(input.discounts ?? [])].sort(
    (a, b) => kindPriority.indexOf(a.kind) - kindPriority.indexOf(b.kind),
  );
  for (const discount of ordered) {
    const value = applyDiscount(tier.price, discount);
    if (value < tier.price && (!best || value < best.value)) best = { value, discount };
  }
  if (!best) {
    return {
      base: tier.price,
      value: tier.price,
      category: standardPricingLabel,
      pricingType: 'STANDARD_PRICING',
      quantityMin: tier.quantityMin,
      discount: null,
    };
  }
  return {
    base: tier.price,
    value: best.value,
    category: discountLabels[best.discount.kind],
    pricingType: pricingTypes[best.discount.kind],
    quantityMin: tier.quantityMin,
    discount: best.discount,
  };
}
