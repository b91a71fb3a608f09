import type { ListItemSupply } from '../../../domain/hubsheets/hubsheet-types';
import {
  centsToDecimal,
  decimalToCents,
  medianCents,
  percentDiff,
  pricingQuantity,
} from '../../../domain/hubsheets/sourcing';
import type { Executor } from '../../core/database';
import { AppError } from '../../core/errors';
import * as catalog from '../catalog/catalog.service';
import {
  findNearestSupply,
  findSupplyAggregates,
  type OfferLine,
  type SourcingArea,
} from './hubsheet-sourcing.repository';

/**
 * Where a hubsheet's job is, for sourcing. A postal code the code list does not know (or none) gives
 * no location: distances are then unknown and the radius cannot apply, so every branch counts (the
 * list stays usable; the header shows the postal code so the buyer can correct it).
 */
export function sourcingArea(area: {
  postalCode: string | null;
  radiusRestriction: number | null;
}): SourcingArea {
  if (!area.postalCode) return { near: null, radiusMiles: null };
  try {
    return { near: catalog.locatePostalCode(area.postalCode), radiusMiles: area.radiusRestriction };
  } catch (error) {
    if (error instanceof AppError && error.type === 'invalid_data') return { near: null, radiusMiles: null };
    throw error;
  }
}

/** The lines that can be priced: those matched to a product; quantity unknown prices as 1. */
export function offerLines(
  items: ReadonlyArray<{
    id: number;
    productId: number | null;
    productVariantId: number | null;
    quantity: number | null;
  }>,
): OfferLine[] {
  const lines: OfferLine[] = [];
  for (const item of items) {
    if (item.productId === null) continue;
    lines.push({
      id: item.id,
      productId: item.productId,
      productVariantId: item.productVariantId,
      quantity: pricingQuantity(item.quantity),
    });
  }
  return lines;
}

/**
 * What the market within the hubsheet's radius offers for each matched line (issue 5, "per line the
 * supply within the radius"): how many branches list the line's size in stock (any size of the
 * product when the line has none), the lowest and the median of their book prices for the line's
 * quantity (each branch's cheapest qualifying listing counts once), and the budget against that
 * median. Book prices, not one buyer's discounts: this is the market estimate. Lines without a match
 * are absent from the map; matched lines nobody carries get a zero count. One SQL statement for all
 * lines. Restricted products count only at branches of `buyerOrganizationId`, when given.
 */
export async function listItemSupply(
  db: Executor,
  area: { postalCode: string | null; radiusRestriction: number | null },
  items: Array<{
    id: number;
    productId: number | null;
    productVariantId: number | null;
    quantity: number | null;
    budgetPrice: string | null;
  }>,
  options: { buyerOrganizationId?: number | null } = {},
): Promise<Map<number, ListItemSupply>> {
  const lines = offerLines(items);
  const scope = { area: sourcingArea(area), buyerOrganizationId: options.buyerOrganizationId ?? null };
  const rows = await findSupplyAggregates(db, lines, scope);
  const byItem = new Map(rows.map((row) => [row.item_id, row]));
  // Lines no branch within the radius offers: the radius that would find the nearest one.
  const unsupplied = lines.filter((line) => !byItem.has(line.id));
  const nearest =
    scope.area.radiusMiles !== null && unsupplied.length > 0
      ? new Map((await findNearestSupply(db, unsupplied, scope)).map((row) => [row.item_id, row.miles]))
      : new Map<number, number | null>();
  const supply = new Map<number, ListItemSupply>();
  for (const item of items) {
    if (item.productId === null) continue;
    const row = byItem.get(item.id);
    const prices = row?.prices ?? [];
    const median = medianCents(prices);
    supply.set(item.id, {
      branchCount: row?.branch_count ?? 0,
      lowestPrice: prices.length > 0 ? centsToDecimal(Math.min(...prices)) : null,
      medianPrice: median === null ? null : centsToDecimal(median),
      percentDiff: percentDiff(decimalToCents(item.budgetPrice), median),
      suggestedRadius: suggestedRadius(nearest.get(item.id) ?? null),
    });
  }
  return supply;
}

/** A radius that reaches a branch this many miles away: rounded up to the next 25 miles. */
export function suggestedRadius(miles: number | null): number | null {
  if (miles === null || !Number.isFinite(miles)) return null;
  return Math.max(25, Math.ceil((miles + 0.01) / 25) * 25);
}
