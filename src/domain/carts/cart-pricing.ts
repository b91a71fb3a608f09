import { type Discount, type PriceTier, priceFor } from '../catalog/pricing';
import type { CartItemPrice } from './cart-view';

/** Cents for `quantity` units at `unitCents` each, rounded to the cent (quantities may be fractional). */
export const lineTotal = (unitCents: number, quantity: number) => Math.round(unitCents * quantity);

export type PricedCartItem = {
  price: CartItemPrice | null;
  bookPrice: number | null;
  buyerTotal: number;
  supplierPrice: number | null;
  supplierTotal: number;
  priceCategory: string | null;
};

/**
 * Prices one cart line. A catalogue item takes the tier for its quantity and the buyer's best
 * discount (see priceFor); the supplier receives the discounted price, except for the Hedgerow
 * Discount, which the platform funds, so the supplier still receives the book price. A non-catalogue
 * item carries the unit price the buyer typed, or none (the supplier prices it on the order).
 */
export function priceCartItem(input: {
  tiers: readonly PriceTier[] | null;
  quantity: number;
  discounts: readonly Discount[];
  unitPriceOverride: number | null;
}): PricedCartItem {
  if (input.unitPriceOverride !== null) {
    const value = input.unitPriceOverride;
    return {
      price: {
        base: value,
        value,
        category: 'Price Entered',
        pricingType: 'STANDARD_PRICING',
        quantityMin: 1,
      },
      bookPrice: value,
      buyerTotal: lineTotal(value, input.quantity),
      supplierPrice: value,
      supplierTotal: lineTotal(value, input.quantity),
      priceCategory: 'Price Entered',
    };
  }
  const price = input.tiers
    ? priceFor({ tiers: input.tiers, quantity: input.quantity, discounts: input.discounts })
    : null;
  if (!price) {
    return {
      price: null,
      bookPrice: null,
      buyerTotal: 0,
      supplierPrice: null,
      supplierTotal: 0,
      priceCategory: null,
    };
  }
  const supplierPrice = price.discount?.kind === 'platform' ? price.base : price.value;
  return {
    price: {
      base: price.base,
      value: price.value,
      category: price.category,
      pricingType: price.pricingType,
      quantityMin: price.quantityMin,
    },
    bookPrice: price.base,
    buyerTotal: lineTotal(price.value, input.quantity),
    supplierPrice,
    supplierTotal: lineTotal(supplierPrice, input.quantity),
    priceCategory: price.category,
  };
}

/** Prices Beehive staff set on a cart line (cents per unit); null keeps the listing's price. */
export type StaffPrices = {
  bookPrice: number | null;
  buyerPrice: number | null;
  supplierPrice: number | null;
};

export const staffPriceCategory = 'Price set by our team';

/**
 * A line priced with the staff's overrides on top of the listing's prices: the book price, the
 * price the buyer pays and the price the supplier receives each replace the computed one when set.
 */
export function applyStaffPrices(
  priced: PricedCartItem,
  staff: StaffPrices,
  quantity: number,
): PricedCartItem {
  if (staff.bookPrice === null && staff.buyerPrice === null && staff.supplierPrice === null) return priced;
  const bookPrice = staff.bookPrice ?? priced.bookPrice;
  const buyerPrice = staff.buyerPrice ?? priced.price?.value ?? null;
  const supplierPrice = staff.supplierPrice ?? priced.supplierPrice;
  const category = staff.buyerPrice !== null ? staffPriceCategory : priced.priceCategory;
  return {
    price:
      buyerPrice === null
        ? null
        : {
            base: bookPrice ?? buyerPrice,
            value: buyerPrice,
            category: category ?? staffPriceCategory,
            pricingType: priced.price?.pricingType ?? 'STANDARD_PRICING',
            quantityMin: priced.price?.quantityMin ?? 1,
          },
    bookPrice,
    buyerTotal: buyerPrice === null ? 0 : lineTotal(buyerPrice, quantity),
    supplierPrice,
    supplierTotal: supplierPrice === null ? 0 : lineTotal(supplierPrice, quantity),
    priceCategory: buyerPrice === null ? priced.priceCategory : (category ?? staffPriceCategory),
  };
}
