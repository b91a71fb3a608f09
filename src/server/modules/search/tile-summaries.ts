/**
 * A search tile's stock and prices: over the product's listings that pass the search's listing
 * conditions, the distinct in-stock branches, the quantity, whether quantities are ignored, the sizes'
 * 'Available in' characteristics, and each supplier's lowest quantity-1 price.
 */
import type { CompiledListingFilter } from './listing-filter';
import { type IndexedProduct, ignoresQuantityFlag, inStockFlag, type SearchIndex } from './search-index';

/** A tile's stock over the listings that pass the filter (all listings when none is asked for). */
export type ListingSummary = {
  totalSuppliers: number;
  totalAvailable: number;
  ignoreQuantity: boolean;
  characteristics: string[];
  /** The lowest quantity-1 price at each supplier organisation (discounts are per supplier). */
  supplierPrices: {
    organizationId: number;
    sellsOnline: boolean;
    honorsPurchaseDiscount: boolean;
    price: number;
  }[];
  /** Whether any listing passed (a product without the query's size falls back to all its sizes). */
  any: boolean;
};

// A product's summary over all its listings, kept while the product object lives (a reload replaces it).
const unfilteredSummaries = new WeakMap<IndexedProduct, ListingSummary>();

/** The tile's stock and prices of a product over the listings that pass the filter. */
export function summarize(
  index: SearchIndex,
  product: IndexedProduct,
  filter: CompiledListingFilter,
): ListingSummary {
  if (filter.any) return summarizeListings(index, product, filter);
  let summary = unfilteredSummaries.get(product);
  if (!summary) {
    summary = summarizeListings(index, product, filter);
    unfilteredSummaries.set(product, summary);
  }
  return summary;
}

function summarizeListings(
  index: SearchIndex,
  product: IndexedProduct,
  filter: CompiledListingFilter,
): ListingSummary {
  const { listings, variants } = product;
  const branches = new Set<number>();
  let totalAvailable = 0;
  let ignoreQuantity = false;
  let any = false;
  const sizesSeen = new Uint8Array(variants.length);
  // Lowest price by supplier organisation, whether the branch sells online (+1) and whether it honours
  // the buyer's purchase discount (+2): organisation × 4 + flags.
  const lowest = new Map<number, number>();
  const sizes = filter.sizesOf(product);
  const filtered = filter.any;
  for (let i = 0; i < listings.count; i++) {
    if (filtered && !filter.passesAt(listings, i, sizes)) continue;
    any = true;
    sizesSeen[listings.variant[i]] = 1;
    const branch = index.branchList[listings.branch[i]];
    const flags = listings.flags[i];
    if ((flags & inStockFlag) !== 0) {
      branches.add(branch.id);
      totalAvailable += listings.quantity[i];
      if ((flags & ignoresQuantityFlag) !== 0) ignoreQuantity = true;
    }
    const price = listings.price[i];
    if (price >= 0) {
      const key =
        branch.organizationId * 4 + (branch.sellsOnline ? 1 : 0) + (branch.honorsPurchaseDiscount ? 2 : 0);
      const known = lowest.get(key);
      if (known === undefined || price < known) lowest.set(key, price);
    }
  }
  const characteristics = new Set<string>();
  for (let position = 0; position < variants.length; position++)
    if (sizesSeen[position] === 1)
      for (const key of variants[position].characteristicsKey.split(',')) if (key) characteristics.add(key);
  return {
    totalSuppliers: branches.size,
    totalAvailable,
    ignoreQuantity,
    characteristics: [...characteristics],
    supplierPrices: [...lowest].map(([key, price]) => ({
      organizationId: Math.floor(key / 4),
      sellsOnline: (key & 1) === 1,
      honorsPurchaseDiscount: (key & 2) === 2,
      price,
    })),
    any,
  };
}
