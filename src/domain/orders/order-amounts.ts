import { z } from 'zod';
import { productName } from '../brand';
import { discountLabels } from '../catalog/pricing';

/**
 * The amount block of an order (spec part 3 §3, the order event payload's amount keys), derived in ONE
 * place from the lines of the order's current version (or of any stored version), so that the parts
 * always add up:
 *
 *   originalSubtotal + supplierDiscount + evdAmount + lhDiscountAmount = subtotal   (discounts ≤ 0)
 *   subtotal + taxes = subtotalWithTaxApplied                                        (buyer only)
 *   subtotalWithTaxApplied (buyer) or subtotal (supplier) + shipping = total
 *
 * The two audiences differ only where the spec says: the buyer's lines are at the buyer's price, the
 * supplier's at the supplier's price (the platform's discount is funded by the platform, so the
 * supplier never sees it), and only the buyer pays the estimated tax. Every key is `{ label, data }`
 * with data in integer cents; a key is present only when it applies (a discount that is not zero,
 * shipping the supplier charges). The order page, the purchase order PDF, e-mails, event payloads
 * and (later) invoices all render this block as it is.
 */

export const amountAudiences = ['buyer', 'supplier'] as const;
export type AmountAudience = (typeof amountAudiences)[number];

/** One line as the amounts need it; prices are unit prices in cents, null when not priced yet. */
export type AmountLine = {
  quantity: number;
  bookPrice: number | null;
  buyerPrice: number | null;
  supplierPrice: number | null;
  /** The price's category label ('Purchase Discount', 'Supplier Discount', ...). */
  priceCategory: string | null;
};

export type AmountInput = {
  audience: AmountAudience;
  lines: readonly AmountLine[];
  /** The buyer's estimated tax in cents (ignored for the supplier). */
  taxes: number;
  /** What the supplier charges for shipping; null when it charges none (pickup, platform freight). */
  shipping: number | null;
};

export const amountEntrySchema = z
  .object({ label: z.string(), data: z.number() })
  .meta({ id: 'OrderAmount' });
export type AmountEntry = z.infer<typeof amountEntrySchema>;

/** The keys in the order they are shown, top to bottom. */
export const amountKeys = [
  'originalSubtotal',
  'supplierDiscount',
  'evdAmount',
  'lhDiscountAmount',
  'subtotal',
  'taxes',
  'subtotalWithTaxApplied',
  'shipping',
  'total',
] as const;
export type AmountKey = (typeof amountKeys)[number];

export const orderAmountsSchema = z
  .object({
    originalSubtotal: amountEntrySchema.optional(),
    supplierDiscount: amountEntrySchema.optional(),
    evdAmount: amountEntrySchema.optional(),
    lhDiscountAmount: amountEntrySchema.optional(),
    subtotal: amountEntrySchema,
    taxes: amountEntrySchema.optional(),
    subtotalWithTaxApplied: amountEntrySchema.optional(),
    shipping: amountEntrySchema.optional(),
    total: amountEntrySchema,
  })
  .meta({ id: 'OrderAmounts' });
export type OrderAmounts = z.infer<typeof orderAmountsSchema>;

export const amountLabels: Record<AmountKey, string> = {
  originalSubtotal: 'Original subtotal',
  supplierDiscount: discountLabels.supplier,
  evdAmount: discountLabels.purchase,
  lhDiscountAmount: `${productName} Discount`,
  subtotal: 'Subtotal',
  taxes: 'Estimated tax',
  subtotalWithTaxApplied: 'Subtotal with tax',
  shipping: 'Shipping',
  total: 'Total',
};

/** The label that says whose prices a block is in ('Your price' vs 'Supplier price'). */
export const priceBasisLabels: Record<AmountAudience, string> = {
  buyer: 'Your price',
  supplier: 'Supplier price',
};

/** Cents for `quantity` units at `unit` cents, rounded to the cent (quantities may be fractional). */
export const lineAmount = (unit: number | null, quantity: number) =>
  unit === null ? 0 : Math.round(unit * quantity);

type DiscountKey = 'supplierDiscount' | 'evdAmount' | 'lhDiscountAmount';

/** Which discount line a price category belongs to (spec part 2 pricing types). */
export function discountKeyOf(priceCategory: string | null): DiscountKey {
  if (priceCategory === discountLabels.purchase) return 'evdAmount';
  if (priceCategory === discountLabels.platform) return 'lhDiscountAmount';
  return 'supplierDiscount';
}

/** The price of a line for an audience: what the buyer pays, or what the supplier receives. */
export const linePrice = (line: AmountLine, audience: AmountAudience) =>
  audience === 'buyer' ? line.buyerPrice : line.supplierPrice;

/**
 * The amount block of one audience. Each line counts at its book price in the original subtotal
 * (or at its price when it has no book price or is above it, e.g. a corrected price), and the
 * difference goes to the discount line of its price category.
 */
export function orderAmounts(input: AmountInput): OrderAmounts {
  const { audience } = input;
  let originalSubtotal = 0;
  let subtotal = 0;
  const discounts: Record<DiscountKey, number> = { supplierDiscount: 0, evdAmount: 0, lhDiscountAmount: 0 };
  for (const line of input.lines) {
    const paid = lineAmount(linePrice(line, audience), line.quantity);
    const book = line.bookPrice === null ? paid : Math.max(lineAmount(line.bookPrice, line.quantity), paid);
    originalSubtotal += book;
    subtotal += paid;
    if (book !== paid) discounts[discountKeyOf(line.priceCategory)] -= book - paid;
  }
  const entry = (key: AmountKey, data: number): AmountEntry => ({ label: amountLabels[key], data });
  const amounts: OrderAmounts = { subtotal: entry('subtotal', subtotal), total: entry('total', 0) };
  const anyDiscount = Object.values(discounts).some((value) => value !== 0);
  if (anyDiscount) {
    amounts.originalSubtotal = entry('originalSubtotal', originalSubtotal);
    for (const key of Object.keys(discounts) as DiscountKey[]) {
      if (discounts[key] !== 0) amounts[key] = entry(key, discounts[key]);
    }
  }
  let total = subtotal;
  if (audience === 'buyer') {
    amounts.taxes = entry('taxes', input.taxes);
    total += input.taxes;
    if (input.shipping !== null) amounts.subtotalWithTaxApplied = entry('subtotalWithTaxApplied', total);
  }
  if (input.shipping !== null) {
    amounts.shipping = entry('shipping', input.shipping);
    total += input.shipping;
  }
  amounts.total = entry('total', total);
  // Keys in display order, so every renderer can list Object.entries as they come.
  const ordered: Partial<OrderAmounts> = {};
  for (const key of amountKeys) if (amounts[key]) ordered[key] = amounts[key];
  return ordered as OrderAmounts;
}

/** The amount lines in display order, for renderers (page, PDF, e-mail). */
export function amountEntries(amounts: OrderAmounts): [AmountKey, AmountEntry][] {
  return amountKeys.flatMap((key) => {
    const value = amounts[key];
    return value ? [[key, value] as [AmountKey, AmountEntry]] : [];
  });
}

/** The order row's stored amounts (lists and reports read them) from the same derivation. */
export function storedOrderAmounts(input: Omit<AmountInput, 'audience'>) {
  const buyer = orderAmounts({ ...input, audience: 'buyer' });
  const supplier = orderAmounts({ ...input, audience: 'supplier' });
  return {
    originalSubtotal: buyer.originalSubtotal?.data ?? buyer.subtotal.data,
    discountAmount: (buyer.originalSubtotal?.data ?? buyer.subtotal.data) - buyer.subtotal.data,
    subtotal: buyer.subtotal.data,
    supplierSubtotal: supplier.subtotal.data,
    taxAmount: input.taxes,
    total: buyer.total.data,
  };
}
