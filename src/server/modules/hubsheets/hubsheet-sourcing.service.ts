import { type CartMetricsSource, createCartSchema } from '../../../domain/carts/cart-schemas';
import { type Discount, type PriceTier, priceFor } from '../../../domain/catalog/pricing';
import {
  chooseLandedBranches,
  estimatedUnitPrice,
  type FreightTruck,
  type LandedOffer,
  landedCostTexts,
  linePallets,
  oneFewerStop,
  splitFreight,
} from '../../../domain/hubsheets/landed-cost';
import { quantityNeedsEntry } from '../../../domain/hubsheets/line-reading';
import { noMatchBelow } from '../../../domain/hubsheets/match-confidence';
import { centsToDecimal, decimalToCents, pricingQuantity } from '../../../domain/hubsheets/sourcing';
import type {
  AddToCartResult,
  BranchOption,
  SuggestedBranch,
  SuggestedLine,
  SupplierMatch,
  SupplyCheckLine,
} from '../../../domain/hubsheets/sourcing-views';
import { actorOf, type Caller } from '../../core/caller';
import type { Db, Executor } from '../../core/database';
import { AppError } from '../../core/errors';
import { recordEvent } from '../audit/audit.service';
import { addListingToCart } from '../carts/cart-items.service';
import * as carts from '../carts/carts.service';
import * as catalog from '../catalog/catalog.service';
import * as logistics from '../logistics/logistics.service';
import * as repo from './hubsheet-sourcing.repository';
import { offerLines, sourcingArea } from './hubsheet-supply';
import { hubsheetOrThrow, listItemNotFoundMessage } from './hubsheets.service';

export const supplierBranchNotFoundMessage = 'Supplier branch not found';
export const nothingAddedMessage = 'None of the chosen lines could be added to a cart.';

export const skipReasons = {
  notFound: 'This line is not part of this hubsheet.',
  duplicate: 'This line was chosen twice; it was added once.',
  notMatched: 'This line is not matched to a product yet.',
  noQuantity: 'Enter a quantity for this line first.',
  notListed: 'This supplier does not list the matched product and size.',
  alreadyInCart: 'This line is already in this cart from this supplier.',
} as const;

export const supplyReasons = {
  notMatched: 'Not matched to a product yet',
  notListed: 'This supplier does not carry this product',
  otherSizes: (sizes: string[]) => `This supplier does not list this size; it has ${sizes.join(', ')}`,
  outOfStock: 'Currently out of stock at this supplier',
  short: (available: number, needed: number) =>
    `Only ${available.toLocaleString('en-US')} available; the line needs ${needed.toLocaleString('en-US')}`,
  restricted: 'This product is only sold to approved accounts of its supplier.',
  noPrice: 'Call for price',
} as const;

const audit = (hubsheetId: number) => ({ type: 'hubsheet', id: hubsheetId });

/**
 * A line can be sourced once it is matched to a product with a score above No Match: a No Match
 * line's product is the matcher's weak guess, not something to buy.
 */
export const isSourceable = (item: { productId: number | null; matchScore: number | null }) =>
  item.productId !== null && (item.matchScore === null || item.matchScore >= noMatchBelow);

/**
 * The hubsheet for a member of its organisation (or its own user), else 404 'Hubsheet not found' so
 * another organisation's list does not leak: the hubsheets service's rule. Callers have passed
 * requireSiteUser.
 */
export const sourcingHubsheetOrThrow = hubsheetOrThrow;

type BranchPricing = { organizationId: number; sellsOnline: boolean; honorsPurchaseDiscount: boolean };
type DiscountsOf = (listing: BranchPricing) => Discount[];

/** The caller's unit price in cents for a listing at a quantity (tier and best discount), or null. */
function unitPriceFor(
  tiers: readonly PriceTier[],
  quantity: number,
  branch: BranchPricing,
  discountsOf: DiscountsOf,
) {
  return priceFor({ tiers, quantity, discounts: discountsOf(branch) });
}

/**
 * The caller's price for a book unit price already taken from the tier for the quantity: the tier is
 * chosen, so only the best discount remains to apply (priceFor on a one-tier ladder does exactly that).
 */
function discountedOffer(offer: repo.OfferRow, quantity: number, discountsOf: DiscountsOf) {
  if (offer.unit_price === null) return null;
  return unitPriceFor(
    [{ quantityMin: 1, price: offer.unit_price }],
    quantity,
    {
      organizationId: offer.branch_organization_id,
      sellsOnline: offer.branch_sells_online,
      honorsPurchaseDiscount: offer.branch_honors_purchase_discount,
    },
    discountsOf,
  );
}

const roundMiles = (miles: number | null) => (miles === null ? null : Math.round(miles * 10) / 10);

/**
 * How freight is estimated for a hubsheet: the active trucks and the hubsheet's logisticsRate (a rate
 * per mile that replaces the trucks' rates), or why it cannot be (no trucks, no job location).
 */
async function freightingFor(
  db: Executor,
  hubsheet: { logisticsRate: string | null },
  area: ReturnType<typeof sourcingArea>,
) {
  const trucks: FreightTruck[] = (await logistics.listTrucks(db))
    .filter((truck) => truck.active)
    .map(({ id, name, palletCapacity, ratePerMile, minimumCharge }) => ({
      id,
      name,
      palletCapacity,
      ratePerMile,
      minimumCharge,
    }));
  const rate = decimalToCents(hubsheet.logisticsRate);
  const ratePerMile = rate !== null && rate >= 0 ? rate : null;
  const note =
    trucks.length === 0 ? landedCostTexts.noTrucks : area.near === null ? landedCostTexts.noPostalCode : null;
  return {
    trucks: note === null ? trucks : [],
    ratePerMile,
    available: note === null,
    note,
    rateSource: note === null ? (ratePerMile !== null ? ('hubsheet' as const) : ('truck' as const)) : null,
  };
}

/**
 * match_suppliers (and match_favorite_suppliers with `favorites`): the branches within the
 * hubsheet's radius (only the caller's favourites with `favorites`) that cover every matched line
 * some branch can fill, at the lowest landed total (price plus Estimated Freight) the search finds
 * (chooseLandedBranches). A branch covers a line when it lists the size (any size when the line has
 * none) in stock with enough for the quantity, with a price; totals are the caller's prices (tier for
 * the quantity and best discount). Freight per branch: distance × rate per mile for the trucks its
 * lines' pallets need, at least the minimum per truck; without trucks or a job location, price alone
 * and the answer says why.
 */
export async function matchSuppliers(
  db: Executor,
  caller: Caller,
  hubsheetId: number,
  options: { favorites: boolean },
): Promise<SupplierMatch> {
  const hubsheet = await sourcingHubsheetOrThrow(db, caller, hubsheetId);
  const items = await repo.findSourcingLines(db, hubsheet.id);
  // A matched line without a whole quantity is not priced as one plant: it waits for its quantity.
  const withoutQuantity = items.filter((item) => isSourceable(item) && quantityNeedsEntry(item.quantity));
  const lines = offerLines(items.filter((item) => isSourceable(item) && !quantityNeedsEntry(item.quantity)));
  const area = sourcingArea(hubsheet);
  const offers = await repo.findFillingOffers(db, lines, {
    area,
    buyerOrganizationId: caller.user.organizationId,
    ...(options.favorites ? { favoritesOfUserId: caller.user.id } : {}),
  });
  const discountsOf = await catalog.buyerDiscountResolver(
    db,
    caller.user.organizationId,
    offers.map((offer) => offer.branch_organization_id),
  );
  const freighting = await freightingFor(db, hubsheet, area);
  const quantityOf = new Map(lines.map((line) => [line.id, line.quantity]));
  const priced = new Map<
    string,
    { offer: repo.OfferRow; unit: number; total: number; category: string; pallets: number }
  >();
  const landedOffers: LandedOffer[] = [];
  for (const offer of offers) {
    const quantity = quantityOf.get(offer.item_id) ?? 1;
    const price = discountedOffer(offer, quantity, discountsOf);
    if (!price) continue;
    const total = Math.round(price.value * quantity);
    const pallets = linePallets({ quantity, size: offer.size, unit: offer.unit });
    priced.set(`${offer.item_id}:${offer.branch_id}`, {
      offer,
      unit: price.value,
      total,
      category: price.category,
      pallets,
    });
    landedOffers.push({
      branchId: offer.branch_id,
      listItemId: offer.item_id,
      totalCents: total,
      pallets,
      distanceMiles: offer.distance,
    });
  }
  const choice = chooseLandedBranches(landedOffers, freighting);
  const covered = new Set(choice.coveredItemIds);
  const branchNames = new Map<number, string>();
  const branches = choice.branches.map((chosen): SuggestedBranch => {
    const entries = chosen.listItemIds.map((itemId) => {
      const entry = priced.get(`${itemId}:${chosen.branchId}`);
      if (!entry) throw new Error('A chosen line has no offer');
      return { itemId, entry };
    });
    const freight = chosen.freight;
    const shares = freight
      ? splitFreight(
          freight.freight,
          entries.map(({ entry }) => entry.pallets),
        )
      : null;
    const suggestedLines = entries.map(({ itemId, entry }, index): SuggestedLine => {
      const quantity = quantityOf.get(itemId) ?? 1;
      const share = shares ? shares[index] : null;
      return {
        listItemId: itemId,
        productVariantId: entry.offer.product_variant_id,
        size: entry.offer.size,
        quantity,
        unitPrice: centsToDecimal(entry.unit),
        total: centsToDecimal(entry.total),
        priceCategory: entry.category,
        pallets: Math.round(entry.pallets * 100) / 100,
        freightShare: share,
        estimatedUnitPrice: share === null ? null : estimatedUnitPrice(entry.unit, share, quantity),
      };
    });
    const first = entries[0]?.entry.offer;
    branchNames.set(chosen.branchId, first?.branch_name ?? '');
    return {
      id: chosen.branchId,
      name: first?.branch_name ?? '',
      organizationName: first?.organization_name ?? '',
      displayAddress: first?.branch_display_address ?? null,
      distanceMiles: roundMiles(first?.distance ?? null),
      lineCount: chosen.listItemIds.length,
      total: centsToDecimal(chosen.totalCents),
      listItemIds: chosen.listItemIds,
      lines: suggestedLines,
      estimatedFreight: freight?.freight ?? null,
      landedTotal: chosen.landedCents,
      truckFill: freight
        ? {
            pallets: freight.pallets,
            trucks: freight.trucks,
            truckName: freight.truck.name,
            palletCapacity: freight.truck.palletCapacity,
            fillPercent: freight.fillPercent,
            ratePerMile: freight.ratePerMile,
          }
        : null,
    };
  });
  const fewer = freighting.available ? oneFewerStop(landedOffers, choice, freighting) : null;
  const someUnknown = freighting.available && branches.some((branch) => branch.estimatedFreight === null);
  return {
    branches,
    coveredCount: covered.size,
    uncoveredItemIds: lines.filter((line) => !covered.has(line.id)).map((line) => line.id),
    unmatchedItemIds: items.filter((item) => !isSourceable(item)).map((item) => item.id),
    quantityMissingItemIds: withoutQuantity.map((item) => item.id),
    total: centsToDecimal(choice.totalCents),
    estimatedFreight: freighting.available ? choice.freightCents : null,
    landedTotal: choice.landedCents,
    freightEstimate: {
      available: freighting.available,
      note: freighting.note ?? (someUnknown ? landedCostTexts.unknownDistance : null),
      rateSource: freighting.rateSource,
    },
    oneFewerStop: fewer ? { ...fewer, branchName: branchNames.get(fewer.branchId) ?? '' } : null,
  };
}

/**
 * branch_options of a line: every branch within the hubsheet's radius that has the line's size (any
 * size when it has none; then its cheapest) in stock, with the caller's price for the quantity;
 * branches that can fill the line first, then the cheapest, then the nearest. 404 for a line of a
 * hubsheet the caller may not see.
 */
export async function branchOptions(db: Executor, caller: Caller, listItemId: number) {
  const item = await repo.findListItem(db, listItemId);
  const notFound = () => new AppError('not_found', listItemNotFoundMessage, { code: 'list_item_not_found' });
  if (!item) throw notFound();
  const hubsheet = await sourcingHubsheetOrThrow(db, caller, item.hubsheetId).catch((error: unknown) => {
    throw error instanceof AppError && error.type === 'not_found' ? notFound() : error;
  });
  if (!isSourceable(item)) return { listItemId: item.id, matched: false, options: [] as BranchOption[] };
  const lines = offerLines([item]);
  const quantity = lines[0].quantity;
  const offers = await repo.findFillingOffers(
    db,
    lines,
    { area: sourcingArea(hubsheet), buyerOrganizationId: caller.user.organizationId },
    { fill: false },
  );
  const discountsOf = await catalog.buyerDiscountResolver(
    db,
    caller.user.organizationId,
    offers.map((offer) => offer.branch_organization_id),
  );
  const options = offers.map((offer): BranchOption & { cents: number | null } => {
    const price = discountedOffer(offer, quantity, discountsOf);
    return {
      branchId: offer.branch_id,
      name: offer.branch_name,
      organizationName: offer.organization_name,
      displayAddress: offer.branch_display_address,
      distanceMiles: roundMiles(offer.distance),
      productVariantId: offer.product_variant_id,
      size: offer.size,
      quantityAvailable: offer.ignore_quantity ? null : offer.available_quantity,
      ignoreQuantity: offer.ignore_quantity,
      canFill: offer.ignore_quantity || offer.available_quantity >= quantity,
      unitPrice: price ? centsToDecimal(price.value) : null,
      total: price ? centsToDecimal(Math.round(price.value * quantity)) : null,
      priceCategory: price?.category ?? null,
      chosen: item.chosenBranchId === offer.branch_id,
      cents: price?.value ?? null,
    };
  });
  options.sort(
    (a, b) =>
      Number(b.canFill) - Number(a.canFill) ||
      (a.cents ?? Number.POSITIVE_INFINITY) - (b.cents ?? Number.POSITIVE_INFINITY) ||
      (a.distanceMiles ?? Number.POSITIVE_INFINITY) - (b.distanceMiles ?? Number.POSITIVE_INFINITY) ||
      a.branchId - b.branchId,
  );
  return {
    listItemId: item.id,
    matched: true,
    options: options.map(({ cents: _cents, ...option }) => option),
  };
}

type BranchListing = repo.BranchListingRow['listings'][number];

/**
 * branch_supply_check: what one branch can supply of each line: the size (the line's, or the
 * branch's best in-stock size when the line has none), the stock against the quantity, the caller's
 * price for the quantity, or why not. Any branch may be checked, also beyond the radius; the answer
 * says how far it is and whether it is within the radius.
 */
export async function branchSupplyCheck(db: Executor, caller: Caller, hubsheetId: number, branchId: number) {
  const hubsheet = await sourcingHubsheetOrThrow(db, caller, hubsheetId);
  const area = sourcingArea(hubsheet);
  const [branch] = await repo.findBranches(db, [branchId], area);
  if (!branch) throw new AppError('not_found', supplierBranchNotFoundMessage, { code: 'branch_not_found' });
  const items = await repo.findSourcingLines(db, hubsheet.id);
  const lines = offerLines(items.filter(isSourceable));
  const listingRows = await repo.findBranchListings(db, lines, branch.id);
  const listingsOf = new Map(listingRows.map((row) => [row.item_id, row.listings]));
  const discountsOf = await catalog.buyerDiscountResolver(db, caller.user.organizationId, [
    branch.organization_id,
  ]);
  const branchPricing = {
    organizationId: branch.organization_id,
    sellsOnline: branch.sells_online,
    honorsPurchaseDiscount: branch.honors_purchase_discount,
  };
  const ownSupplier = branch.organization_id === caller.user.organizationId;

  const result = items.map((item): SupplyCheckLine => {
    const needed = pricingQuantity(item.quantity);
    const base: SupplyCheckLine = {
      listItemId: item.id,
      canSupply: false,
      status: 'not_matched',
      reason: supplyReasons.notMatched,
      productVariantId: null,
      size: null,
      quantityNeeded: needed,
      quantityAvailable: null,
      ignoreQuantity: false,
      unitPrice: null,
      total: null,
      priceCategory: null,
    };
    if (!isSourceable(item)) return base;
    const listings = listingsOf.get(item.id) ?? [];
    if (listings.length === 0) return { ...base, status: 'not_listed', reason: supplyReasons.notListed };
    const listing = pickListing(listings, item.productVariantId, needed, (candidate) =>
      unitPriceFor(candidate.priceTiers, needed, branchPricing, discountsOf),
    );
    if (!listing) {
      const sizes = [...new Set(listings.map((candidate) => candidate.size))];
      return { ...base, status: 'other_size', reason: supplyReasons.otherSizes(sizes) };
    }
    const price = unitPriceFor(listing.priceTiers, needed, branchPricing, discountsOf);
    const described: SupplyCheckLine = {
      ...base,
      productVariantId: listing.productVariantId,
      size: listing.size,
      quantityAvailable: listing.ignoreQuantity ? null : listing.quantity,
      ignoreQuantity: listing.ignoreQuantity,
      unitPrice: price ? centsToDecimal(price.value) : null,
      total: price ? centsToDecimal(Math.round(price.value * needed)) : null,
      priceCategory: price?.category ?? null,
    };
    if (listing.restricted && !ownSupplier) {
      return {
        ...described,
        unitPrice: null,
        total: null,
        priceCategory: null,
        status: 'restricted',
        reason: supplyReasons.restricted,
      };
    }
    if (!listing.inStock) return { ...described, status: 'out_of_stock', reason: supplyReasons.outOfStock };
    if (!listing.ignoreQuantity && listing.quantity < needed) {
      return { ...described, status: 'short', reason: supplyReasons.short(listing.quantity, needed) };
    }
    if (!price) return { ...described, status: 'no_price', reason: supplyReasons.noPrice };
    return { ...described, canSupply: true, status: 'available', reason: null };
  });

  return {
    branch: {
      id: branch.id,
      name: branch.name,
      organizationName: branch.organization_name,
      displayAddress: branch.display_address,
      distanceMiles: roundMiles(branch.distance),
      withinRadius:
        area.near === null || area.radiusMiles === null
          ? true
          : branch.distance !== null && branch.distance <= area.radiusMiles,
    },
    items: result,
    suppliableCount: result.filter((line) => line.canSupply).length,
    total: centsToDecimal(
      result.reduce(
        (sum, line) => (line.canSupply && line.total ? sum + Math.round(Number(line.total) * 100) : sum),
        0,
      ),
    ),
  };
}

/**
 * The branch's listing for a line: the line's own size when it has one (null when the branch does
 * not list that size); without a size, the cheapest listing that can fill the line, else the best
 * there is (in stock before out of stock, more stock first), so the answer can say why not.
 */
function pickListing(
  listings: BranchListing[],
  variantId: number | null,
  needed: number,
  priceOf: (listing: BranchListing) => { value: number } | null,
): BranchListing | null {
  if (variantId !== null) return listings.find((listing) => listing.productVariantId === variantId) ?? null;
  const fills = (listing: BranchListing) =>
    listing.inStock && (listing.ignoreQuantity || listing.quantity >= needed) && priceOf(listing) !== null;
  const filling = listings.filter(fills);
  if (filling.length > 0) {
    return filling.reduce((best, listing) =>
      (priceOf(listing)?.value ?? 0) < (priceOf(best)?.value ?? 0) ? listing : best,
    );
  }
  return [...listings].sort((a, b) => Number(b.inStock) - Number(a.inStock) || b.quantity - a.quantity)[0];
}

export type AddToCartInput = {
  assignments: Array<{ listItemId: number; branchId: number }>;
  cartId?: number | null;
};

/**
 * 'Add to cart': puts the chosen lines, each from its chosen branch, into the given cart (it must be
 * an open cart of the caller's organisation) or into a new cart named after the hubsheet, through
 * the carts service (so every cart rule applies: membership, open state, restricted products,
 * quantity units). A line the carts service refuses is skipped with its reason, the rest go in; each
 * line is added under a savepoint, so a refused line leaves nothing behind. The lines remember their
 * branch and cart. One transaction: when nothing could be added, nothing is kept (not even a new
 * cart) and the answer is 422 with the reason per line in `details.skipped`.
 */
export async function addToCart(db: Db, caller: Caller, hubsheetId: number, input: AddToCartInput) {
  return db.transaction(async (tx): Promise<AddToCartResult> => {
    const hubsheet = await sourcingHubsheetOrThrow(tx, caller, hubsheetId, { forUpdate: true });
    const items = await repo.findSourcingLines(tx, hubsheet.id, { forUpdate: true });
    const itemsById = new Map(items.map((item) => [item.id, item]));

    let cart: { id: number; name: string };
    let created = false;
    if (input.cartId) {
      const view = await carts.getCart(tx, caller, input.cartId);
      cart = { id: view.id, name: view.name };
    } else {
      const jobData = createCartSchema.shape.jobData.safeParse({ postalCode: hubsheet.postalCode });
      const parsed = createCartSchema.parse({
        name: hubsheet.name.trim().slice(0, 120) || 'Hubsheet',
        ...(jobData.success && jobData.data ? { jobData: jobData.data } : {}),
      });
      const view = await carts.createCart(tx as unknown as Db, caller, parsed);
      cart = { id: view.id, name: view.name };
      created = true;
    }

    const skipped: AddToCartResult['skipped'] = [];
    const seen = new Set<number>();
    const wanted: Array<{ item: repo.SourcingLine; branchId: number }> = [];
    for (const assignment of input.assignments) {
      const item = itemsById.get(assignment.listItemId);
      if (!item) {
        skipped.push({ listItemId: assignment.listItemId, reason: skipReasons.notFound });
      } else if (seen.has(item.id)) {
        skipped.push({ listItemId: item.id, reason: skipReasons.duplicate });
      } else if (!isSourceable(item)) {
        skipped.push({ listItemId: item.id, reason: skipReasons.notMatched });
      } else if (item.quantity === null || item.quantity <= 0) {
        skipped.push({ listItemId: item.id, reason: skipReasons.noQuantity });
      } else if (item.cartId === cart.id && item.chosenBranchId === assignment.branchId) {
        skipped.push({ listItemId: item.id, reason: skipReasons.alreadyInCart });
      } else {
        wanted.push({ item, branchId: assignment.branchId });
      }
      seen.add(assignment.listItemId);
    }

    // The branch's listing of each line: its size, or the cheapest in-stock size when it has none.
    const listingsByBranch = new Map<number, Map<number, BranchListing[]>>();
    for (const branchId of new Set(wanted.map((entry) => entry.branchId))) {
      const lines = offerLines(
        wanted.filter((entry) => entry.branchId === branchId).map((entry) => entry.item),
      );
      const rows = await repo.findBranchListings(tx, lines, branchId);
      listingsByBranch.set(branchId, new Map(rows.map((row) => [row.item_id, row.listings])));
    }

    const added: AddToCartResult['added'] = [];
    for (const { item, branchId } of wanted) {
      const quantity = item.quantity as number;
      const listings = listingsByBranch.get(branchId)?.get(item.id) ?? [];
      const listing = pickListing(listings, item.productVariantId, quantity, (candidate) =>
        priceFor({ tiers: candidate.priceTiers, quantity }),
      );
      if (!listing) {
        skipped.push({ listItemId: item.id, reason: skipReasons.notListed });
        continue;
      }
      try {
        const line = await tx.transaction((savepoint) =>
          addListingToCart(savepoint, caller, cart.id, {
            branchId,
            productVariantId: listing.productVariantId,
            quantity,
            metricsSource: 'Hubsheet' satisfies CartMetricsSource,
          }),
        );
        added.push({ listItemId: item.id, branchId, cartItemId: line.id });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // The cart itself is not usable (not the caller's, or submitted): no line can go in.
        if (error.type === 'not_found' || error.code === 'cart_submitted') throw error;
        skipped.push({ listItemId: item.id, reason: error.message });
      }
    }

    if (added.length === 0) {
      throw new AppError('unprocessable', nothingAddedMessage, {
        code: 'nothing_added',
        details: { skipped },
      });
    }
    for (const branchId of new Set(added.map((entry) => entry.branchId))) {
      await repo.setLineSourcing(
        tx,
        hubsheet.id,
        added.filter((entry) => entry.branchId === branchId).map((entry) => entry.listItemId),
        { chosenBranchId: branchId, cartId: cart.id },
      );
    }
    await repo.touchHubsheet(tx, hubsheet.id);
    await recordEvent(tx, actorOf(caller), audit(hubsheet.id), 'add_to_cart', {
      cartId: cart.id,
      created,
      added: added.map((entry) => ({ listItemId: entry.listItemId, branchId: entry.branchId })),
      skippedCount: skipped.length,
    });
    return {
      cartId: cart.id,
      cartName: cart.name,
      created,
      addedCount: added.length,
      added,
      skipped: skipped.sort((a, b) => a.listItemId - b.listItemId),
    };
  });
}
