/**
 * Pure rules of hubsheet sourcing: the market estimate of a line (median of the suppliers' prices),
 * budget against market, and the choice of supplier branches for a whole list (a set cover).
 * Money is integer cents here; the API shows decimal strings ('12.50').
 */

/** Integer cents as a plain decimal string: 1250 → '12.50', -5 → '-0.05'. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A decimal string ('12.5', '12.50', '1200') as integer cents; null for anything that is not a number. */
export function decimalToCents(value: string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const trimmed = value.trim();
  if (!/^-?\d+(\.\d+)?$/.test(trimmed)) return null;
  return Math.round(Number(trimmed) * 100);
}

/**
 * The median of prices in cents, rounded to the cent (half up): the middle one, or the mean of the
 * two middle ones for an even count. Null for no prices. The input need not be sorted.
 */
export function medianCents(prices: readonly number[]): number | null {
  if (prices.length === 0) return null;
  const sorted = [...prices].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[middle];
  return Math.round((sorted[middle - 1] + sorted[middle]) / 2);
}

/**
 * How far the market estimate is from the buyer's budget, in whole percent of the budget:
 * (market − budget) / budget × 100, rounded. Positive: the market is dearer than the budget.
 * Null without both prices or with a zero budget (no meaningful ratio).
 */
export function percentDiff(budgetCents: number | null, marketCents: number | null): number | null {
  if (budgetCents === null || marketCents === null || budgetCents <= 0) return null;
  const value = Math.round(((marketCents - budgetCents) / budgetCents) * 100);
  return Object.is(value, -0) ? 0 : value;
}

/** The quantity a line is priced and ordered at: its own when positive, else 1 (quantity unknown, 'TBD'). */
export const pricingQuantity = (quantity: number | null | undefined) =>
  quantity !== null && quantity !== undefined && quantity > 0 ? quantity : 1;

/** One branch's offer for one line: what the whole line would cost there. */
export type LineOffer = {
  branchId: number;
  listItemId: number;
  /** Cents for the line's quantity at that branch. */
  totalCents: number;
  /** Miles from the job; null when unknown. */
  distanceMiles: number | null;
};

export type ChosenBranch = {
  branchId: number;
  listItemIds: number[];
  totalCents: number;
};

export type BranchChoice = {
  branches: ChosenBranch[];
  coveredItemIds: number[];
  totalCents: number;
};

/**
 * Chooses supplier branches for a list: the set that covers the most lines, with as few branches as
 * the greedy rule finds, at the lowest total it can. Weighted set cover is NP-hard, so this is the
 * classic greedy approximation:
 *  1. while some coverable line is uncovered, take the branch that covers the most uncovered lines;
 *     ties go to the lower cost of those lines, then the nearer branch, then the lower id (stable);
 *  2. then give every line to the cheapest chosen branch that offers it (fewer branches are never
 *     added for price alone, but among the chosen ones each line goes where it is cheapest);
 *  3. drop chosen branches left with no lines.
 * Every line some branch offers ends up covered, so coverage is the most possible; the branch count
 * is within the greedy bound (ln n) of the fewest; the total is the lowest for that set of branches.
 * Branches come back with the most lines first, then the lowest total.
 */
export function chooseBranches(offers: readonly LineOffer[]): BranchChoice {
  const byBranch = new Map<number, Map<number, number>>();
  const distance = new Map<number, number | null>();
  for (const offer of offers) {
    let lines = byBranch.get(offer.branchId);
    if (!lines) {
      lines = new Map();
      byBranch.set(offer.branchId, lines);
      distance.set(offer.branchId, offer.distanceMiles);
    }
    const known = lines.get(offer.listItemId);
    if (known === undefined || offer.totalCents < known) lines.set(offer.listItemId, offer.totalCents);
  }
  const uncovered = new Set(offers.map((offer) => offer.listItemId));
  const chosen: number[] = [];
  const candidates = new Set(byBranch.keys());
  while (uncovered.size > 0 && candidates.size > 0) {
    let best: { branchId: number; count: number; cost: number; distance: number } | null = null;
    for (const branchId of candidates) {
      let count = 0;
      let cost = 0;
      for (const [itemId, total] of byBranch.get(branchId) ?? []) {
        if (!uncovered.has(itemId)) continue;
        count += 1;
        cost += total;
      }
      if (count === 0) continue;
      const miles = distance.get(branchId) ?? Number.POSITIVE_INFINITY;
      if (
        !best ||
        count > best.count ||
        (count === best.count &&
          (cost < best.cost ||
            (cost === best.cost &&
              (miles < best.distance || (miles === best.distance && branchId < best.branchId)))))
      ) {
        best = { branchId, count, cost, distance: miles };
      }
    }
    if (!best) break;
    chosen.push(best.branchId);
    candidates.delete(best.branchId);
    for (const itemId of byBranch.get(best.branchId)?.keys() ?? []) uncovered.delete(itemId);
  }

  // Each covered line to the cheapest chosen branch (the earlier chosen on equal prices).
  const assignment = new Map<number, { branchId: number; total: number }>();
  for (const branchId of chosen) {
    for (const [itemId, total] of byBranch.get(branchId) ?? []) {
      const current = assignment.get(itemId);
      if (!current || total < current.total) assignment.set(itemId, { branchId, total });
    }
  }
  const result = new Map<number, ChosenBranch>();
  for (const [itemId, { branchId, total }] of assignment) {
    let branch = result.get(branchId);
    if (!branch) {
      branch = { branchId, listItemIds: [], totalCents: 0 };
      result.set(branchId, branch);
    }
    branch.listItemIds.push(itemId);
    branch.totalCents += total;
  }
  const branches = [...result.values()]
    .map((branch) => ({ ...branch, listItemIds: branch.listItemIds.sort((a, b) => a - b) }))
    .sort(
      (a, b) =>
        b.listItemIds.length - a.listItemIds.length || a.totalCents - b.totalCents || a.branchId - b.branchId,
    );
  return {
    branches,
    coveredItemIds: [...assignment.keys()].sort((a, b) => a - b),
    totalCents: branches.reduce((sum, branch) => sum + branch.totalCents, 0),
  };
}
