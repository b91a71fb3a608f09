/**
 * The listing conditions of a search (availability, quantity, dig status, sizes, branches, supplier
 * switches, radius) turned into lookups once per search: a mask of allowed dig-status codes, a mask of
 * allowed branch slots, and per product a mask of allowed sizes, so checking a listing reads a few
 * numbers from the product's listing columns (search-index.ts).
 */
import type { ListingFilter } from './search.repository';
import {
  type IndexedBranch,
  type IndexedProduct,
  type IndexedVariant,
  ignoresQuantityFlag,
  inStockFlag,
  type ListingColumns,
  type SearchIndex,
} from './search-index';

/** A facet that leaves its own conditions out: the dig status, or the container sizes. */
export type ListingPart = 'fieldStatus' | 'variant';

/** What a listing filter needs beyond the query: the suppliers giving the buyer a purchase discount. */
export type ListingContext = { purchaseDiscountSupplierIds: ReadonlySet<number> };

const earthRadiusMiles = 3958.7613;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The bounding box, then the haversine distance, as the branch directory measures it. */
function withinRadius(branch: IndexedBranch, near: NonNullable<ListingFilter['near']>) {
  const { latitude, longitude } = branch;
  if (latitude === null || longitude === null) return false;
  const latitudeDelta = near.radiusMiles / 69.0;
  const longitudeDelta = near.radiusMiles / Math.max(1, 69.172 * Math.cos(radians(near.latitude)));
  if (
    Math.abs(latitude - near.latitude) > latitudeDelta ||
    Math.abs(longitude - near.longitude) > longitudeDelta
  )
    return false;
  const distance =
    2 *
    earthRadiusMiles *
    Math.asin(
      Math.sqrt(
        Math.sin(radians(latitude - near.latitude) / 2) ** 2 +
          Math.cos(radians(near.latitude)) *
            Math.cos(radians(latitude)) *
            Math.sin(radians(longitude - near.longitude) / 2) ** 2,
      ),
    );
  return distance <= near.radiusMiles;
}

/** Whether any listing condition is asked for (leaving one part out). */
function hasListingFilter(filter: ListingFilter, without?: ListingPart) {
  return (
    filter.available ||
    filter.quantity !== null ||
    (filter.fieldStatus !== null && without !== 'fieldStatus') ||
    hasSizeCondition(filter, without) ||
    filter.branchIds !== null ||
    filter.favoriteBranchIds !== null ||
    filter.cartBranchIds !== null ||
    filter.sellingOnline ||
    filter.purchaseDiscountBuyerOrganizationId !== null ||
    filter.near !== null
  );
}

const hasSizeCondition = (filter: ListingFilter, without?: ListingPart) =>
  (without !== 'variant' &&
    (filter.container !== null || filter.standardContainer !== null || filter.size !== null)) ||
  filter.querySize !== null;

/** Whether a size passes the size conditions (the container ones left out for their facet). */
function variantPasses(variant: IndexedVariant, filter: ListingFilter, without?: ListingPart) {
  if (without !== 'variant') {
    if (filter.container && !filter.container.includes(variant.container ?? '')) return false;
    if (filter.standardContainer && !filter.standardContainer.includes(variant.standardContainer ?? ''))
      return false;
    // A Container Type child is named by its container ('#3') or, without one, its size label.
    if (filter.size && !filter.size.includes(variant.size) && !filter.size.includes(variant.container ?? ''))
      return false;
  }
  const size = filter.querySize;
  if (size) {
    if (size.container !== null) {
      if (variant.container !== size.container) return false;
    } else if (size.standardContainer !== null && variant.standardContainer !== size.standardContainer)
      return false;
    if (size.sizeInches !== null && variant.sizeInches !== size.sizeInches) return false;
    if (size.sizeFeet !== null && variant.sizeFeet !== size.sizeFeet) return false;
  }
  return true;
}

export class CompiledListingFilter {
  /** Whether the filter asks for anything at all. */
  readonly any: boolean;
  private readonly statusOk: Uint8Array | null;
  private readonly branchOk: Uint8Array | null;
  // Two reused buffers (with and without the container conditions): a mask per product per search
  // was a thousand small arrays for the collector.
  private readonly sizeMasks = { all: new Uint8Array(64), variant: new Uint8Array(64) };

  constructor(
    readonly index: SearchIndex,
    readonly filter: ListingFilter,
    context: ListingContext,
  ) {
    this.any = hasListingFilter(filter);
    this.statusOk = filter.fieldStatus
      ? Uint8Array.from(index.fieldStatusNames, (name) =>
          name !== null && filter.fieldStatus?.includes(name) ? 1 : 0,
        )
      : null;
    const branchConditions =
      filter.branchIds !== null ||
      filter.favoriteBranchIds !== null ||
      filter.cartBranchIds !== null ||
      filter.sellingOnline ||
      filter.purchaseDiscountBuyerOrganizationId !== null ||
      filter.near !== null;
    this.branchOk = branchConditions
      ? Uint8Array.from(index.branchList, (branch) => (this.branchPasses(branch, context) ? 1 : 0))
      : null;
  }

  private branchPasses(branch: IndexedBranch, context: ListingContext) {
    const { filter } = this;
    if (filter.branchIds && !filter.branchIds.includes(branch.id)) return false;
    if (filter.favoriteBranchIds && !filter.favoriteBranchIds.includes(branch.id)) return false;
    if (filter.cartBranchIds && !filter.cartBranchIds.includes(branch.id)) return false;
    if (filter.sellingOnline && !branch.sellsOnline) return false;
    if (
      filter.purchaseDiscountBuyerOrganizationId !== null &&
      (!branch.honorsPurchaseDiscount || !context.purchaseDiscountSupplierIds.has(branch.organizationId))
    )
      return false;
    if (filter.near && !withinRadius(branch, filter.near)) return false;
    return true;
  }

  /** Whether a condition is asked for when one part is left out. */
  asks(without?: ListingPart) {
    return hasListingFilter(this.filter, without);
  }

  /**
   * Per size of the product, whether it passes the size conditions; null when there are none. The
   * mask is a buffer reused by the next call of the same kind: use it before asking for another.
   */
  sizesOf(product: IndexedProduct, without?: ListingPart): Uint8Array | null {
    if (!hasSizeCondition(this.filter, without)) return null;
    const kind = without === 'variant' ? 'variant' : 'all';
    const { variants } = product;
    if (this.sizeMasks[kind].length < variants.length)
      this.sizeMasks[kind] = new Uint8Array(variants.length * 2);
    const mask = this.sizeMasks[kind];
    for (let i = 0; i < variants.length; i++)
      mask[i] = variantPasses(variants[i], this.filter, without) ? 1 : 0;
    return mask;
  }

  /**
   * Whether listing `i` of the columns passes (leaving one part out), given the product's size mask
   * from sizesOf. Callers loop over a product's listings themselves: a search visits tens of thousands
   * of listings, and per-product callbacks or generators kept the collector busy.
   */
  passesAt(listings: ListingColumns, i: number, sizes: Uint8Array | null, without?: ListingPart): boolean {
    const { filter } = this;
    const flags = listings.flags[i];
    if (filter.available && (flags & inStockFlag) === 0) return false;
    if (
      filter.quantity !== null &&
      (flags & ignoresQuantityFlag) === 0 &&
      listings.quantity[i] < filter.quantity
    )
      return false;
    if (without !== 'fieldStatus' && this.statusOk && this.statusOk[listings.fieldStatus[i]] === 0)
      return false;
    if (sizes && sizes[listings.variant[i]] === 0) return false;
    if (this.branchOk && this.branchOk[listings.branch[i]] === 0) return false;
    return true;
  }

  /** Whether some listing of the product passes (leaving one part out). */
  anyPasses(product: IndexedProduct, without?: ListingPart) {
    const { listings } = product;
    const sizes = this.sizesOf(product, without);
    for (let i = 0; i < listings.count; i++) if (this.passesAt(listings, i, sizes, without)) return true;
    return false;
  }
}
