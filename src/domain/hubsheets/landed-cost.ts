import { parseSizeNotation } from '../catalog/size-notation';
import { chooseBranches } from './sourcing';

/**
 * Landed cost of a hubsheet (part 2 §9's procurement labels: Truck Fill, Estimated Freight,
 * Estimated Unit Price): how many pallets a branch's lines fill, the trucks they need, the freight
 * from the branch to the job, and each line's share of it. Pure; money in integer cents.
 * The default pallet figures are written in docs/decisions.md ('Landed cost on hubsheets').
 */

/** A truck as landed cost needs it (cents per mile, cents minimum per truck). */
export type FreightTruck = {
  id: number;
  name: string;
  palletCapacity: number;
  ratePerMile: number;
  minimumCharge: number;
};

/** Units per pallet of a trade container class ('#1' … '#45'): the largest class not above the size. */
const containerClasses: ReadonlyArray<readonly [gallons: number, units: number]> = [
  [1, 100],
  [2, 60],
  [3, 40],
  [5, 24],
  [7, 15],
  [10, 10],
  [15, 6],
  [20, 4],
  [25, 3],
  [45, 1],
];

/** B&B and bare-root trees by caliper (inches): the largest caliper not above the size. */
const caliperClasses: ReadonlyArray<readonly [inches: number, units: number]> = [
  [0, 15],
  [1.5, 12],
  [2, 10],
  [2.5, 8],
  [3, 6],
  [3.5, 5],
  [4, 4],
  [5, 2],
  [6, 1],
];

/** B&B shrubs and evergreens by height (feet). */
const heightClasses: ReadonlyArray<readonly [feet: number, units: number]> = [
  [0, 40],
  [3, 30],
  [4, 20],
  [5, 12],
  [6, 8],
  [8, 5],
  [10, 3],
  [12, 2],
];

/** When nothing in the size or unit says how it packs. */
export const fallbackUnitsPerPallet = 50;

function byClass(table: ReadonlyArray<readonly [number, number]>, value: number): number {
  let units = table[0][1];
  for (const [from, count] of table) if (value >= from) units = count;
  return units;
}

/**
 * How many units of a size fit on one pallet, by default: trade containers by class (#1 100, #3 40,
 * #5 24, #7 15, #15 6 …), pots and quarts, flats and plug trays, boxed trees, B&B by caliper or
 * height, bare root; hard goods by their unit (a pallet is one, a bag 50, bulk by the yard or ton
 * one pallet-equivalent each). Anything else: 50.
 */
export function defaultUnitsPerPallet(size: string, unit = 'each'): number {
  const normalizedUnit = unit.trim().toLowerCase();
  if (normalizedUnit === 'pallet') return 1;
  if (normalizedUnit.startsWith('bag')) return 50;
  if (normalizedUnit === 'cu yd' || normalizedUnit === 'ton') return 1;
  const parsed = parseSizeNotation(size);
  switch (parsed.standardContainer) {
    case 'Container': {
      const gallons = Number(parsed.container?.slice(1) ?? Number.NaN);
      return Number.isFinite(gallons) && gallons > 0 ? byClass(containerClasses, gallons) : 40;
    }
    case 'Pot': {
      if (parsed.container === 'Pint') return 300;
      if (parsed.container?.endsWith('Quart')) return 200;
      const inches = parsed.sizeInches ?? 4;
      if (inches <= 4) return 300;
      if (inches <= 6) return 120;
      if (inches <= 8) return 60;
      return 30;
    }
    case 'Flat':
      return 20;
    case 'Plug':
      return 40;
    case 'Box':
      return (parsed.sizeInches ?? 24) <= 24 ? 2 : 1;
    case 'B&B':
    case 'Bare Root': {
      if (parsed.sizeInches !== null) return byClass(caliperClasses, parsed.sizeInches);
      if (parsed.sizeFeet !== null) return byClass(heightClasses, parsed.sizeFeet);
      return parsed.standardContainer === 'Bare Root' ? 100 : 10;
    }
    default:
      if (parsed.sizeInches !== null) return byClass(caliperClasses, parsed.sizeInches);
      if (parsed.sizeFeet !== null) return byClass(heightClasses, parsed.sizeFeet);
      return fallbackUnitsPerPallet;
  }
}

/** Pallets a line fills: its quantity over its units per pallet (the line's own figure when known). */
export function linePallets(line: {
  quantity: number;
  size: string;
  unit?: string;
  unitsPerPallet?: number | null;
}) {
  const perPallet =
    line.unitsPerPallet && line.unitsPerPallet > 0
      ? line.unitsPerPallet
      : defaultUnitsPerPallet(line.size, line.unit);
  return Math.max(0, line.quantity) / perPallet;
}

export type BranchFreight = {
  truck: FreightTruck;
  /** Rate per mile used (cents): the truck's, or the hubsheet's logisticsRate. */
  ratePerMile: number;
  pallets: number;
  trucks: number;
  /** How full the trucks are, 0–100 (whole percent). */
  fillPercent: number;
  /** Cents: per truck max(minimum, miles × rate), times the trucks. */
  freight: number;
};

/** Pallets are counted up to a tenth before trucks are counted: 26.04 pallets stay one 26-pallet truck. */
const countedPallets = (pallets: number) => Math.ceil(Math.round(pallets * 1000) / 100) / 10;

/**
 * The freight of one branch's lines: for each truck, trucks needed = ceil(pallets / capacity) and
 * cost = trucks × max(minimum, round(miles × rate)); the cheapest wins (ties: fewer trucks, then the
 * lower id). `ratePerMile` (the hubsheet's logisticsRate) replaces every truck's rate when given.
 * Null without trucks.
 */
export function branchFreight(
  miles: number,
  pallets: number,
  trucks: readonly FreightTruck[],
  ratePerMile: number | null = null,
): BranchFreight | null {
  let best: BranchFreight | null = null;
  const load = countedPallets(pallets);
  for (const truck of trucks) {
    if (truck.palletCapacity <= 0) continue;
    const rate = ratePerMile ?? truck.ratePerMile;
    const count = Math.max(1, Math.ceil(load / truck.palletCapacity));
    const perTruck = Math.max(truck.minimumCharge, Math.round(Math.max(0, miles) * rate));
    const freight = count * perTruck;
    if (
      !best ||
      freight < best.freight ||
      (freight === best.freight &&
        (count < best.trucks || (count === best.trucks && truck.id < best.truck.id)))
    ) {
      best = {
        truck,
        ratePerMile: rate,
        pallets: Math.round(pallets * 100) / 100,
        trucks: count,
        fillPercent: Math.min(100, Math.round((pallets / (count * truck.palletCapacity)) * 100)),
        freight,
      };
    }
  }
  return best;
}

/**
 * Splits a branch's freight over its lines by the pallets each uses, in whole cents that add up to
 * the freight exactly (largest remainder; ties to the earlier line). Lines with no pallets get 0;
 * when no line has pallets, the freight is split evenly.
 */
export function splitFreight(freight: number, pallets: readonly number[]): number[] {
  if (pallets.length === 0) return [];
  const total = pallets.reduce((sum, value) => sum + Math.max(0, value), 0);
  const weights =
    total > 0 ? pallets.map((value) => Math.max(0, value) / total) : pallets.map(() => 1 / pallets.length);
  const exact = weights.map((weight) => weight * freight);
  const shares = exact.map(Math.floor);
  let left = freight - shares.reduce((sum, value) => sum + value, 0);
  const order = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    shares[index] += 1;
    left -= 1;
  }
  return shares;
}

/** The Estimated Unit Price: the supplier's unit price plus the line's freight share per unit (cents). */
export function estimatedUnitPrice(unitPrice: number, freightShare: number, quantity: number): number {
  return unitPrice + Math.round(freightShare / Math.max(1, quantity));
}

/** One branch's offer of one line, as the landed-cost choice needs it. */
export type LandedOffer = {
  branchId: number;
  listItemId: number;
  /** Cents for the line's quantity at that branch. */
  totalCents: number;
  pallets: number;
  /** Miles from the job; null when unknown (no freight can be estimated for that branch). */
  distanceMiles: number | null;
};

export type LandedBranch = {
  branchId: number;
  listItemIds: number[];
  totalCents: number;
  freight: BranchFreight | null;
  landedCents: number;
};

export type LandedChoice = {
  branches: LandedBranch[];
  coveredItemIds: number[];
  totalCents: number;
  freightCents: number;
  landedCents: number;
};

type Freighting = { trucks: readonly FreightTruck[]; ratePerMile: number | null };

type Index = {
  byBranch: Map<number, Map<number, LandedOffer>>;
  distance: Map<number, number | null>;
};

function indexOffers(offers: readonly LandedOffer[]): Index {
  const byBranch = new Map<number, Map<number, LandedOffer>>();
  const distance = new Map<number, number | null>();
  for (const offer of offers) {
    let lines = byBranch.get(offer.branchId);
    if (!lines) {
      lines = new Map();
      byBranch.set(offer.branchId, lines);
      distance.set(offer.branchId, offer.distanceMiles);
    }
    const known = lines.get(offer.listItemId);
    if (!known || offer.totalCents < known.totalCents) lines.set(offer.listItemId, offer);
  }
  return { byBranch, distance };
}

/**
 * The landed cost of buying from a set of branches: each line goes to the chosen branch where it is
 * cheapest (the earlier in `set` on equal prices), then each branch's freight is added.
 */
function evaluate(index: Index, set: readonly number[], freighting: Freighting): LandedChoice {
  const assignment = new Map<number, LandedOffer>();
  for (const branchId of set) {
    for (const [itemId, offer] of index.byBranch.get(branchId) ?? []) {
      const current = assignment.get(itemId);
      if (!current || offer.totalCents < current.totalCents) assignment.set(itemId, offer);
    }
  }
  const grouped = new Map<number, LandedOffer[]>();
  for (const offer of assignment.values()) {
    const list = grouped.get(offer.branchId) ?? [];
    list.push(offer);
    grouped.set(offer.branchId, list);
  }
  const branches: LandedBranch[] = [];
  for (const [branchId, lines] of grouped) {
    const totalCents = lines.reduce((sum, offer) => sum + offer.totalCents, 0);
    const miles = index.distance.get(branchId) ?? null;
    const pallets = lines.reduce((sum, offer) => sum + offer.pallets, 0);
    const freight =
      miles === null ? null : branchFreight(miles, pallets, freighting.trucks, freighting.ratePerMile);
    branches.push({
      branchId,
      listItemIds: lines.map((offer) => offer.listItemId).sort((a, b) => a - b),
      totalCents,
      freight,
      landedCents: totalCents + (freight?.freight ?? 0),
    });
  }
  branches.sort(
    (a, b) =>
      b.listItemIds.length - a.listItemIds.length || a.landedCents - b.landedCents || a.branchId - b.branchId,
  );
  const totalCents = branches.reduce((sum, branch) => sum + branch.totalCents, 0);
  const freightCents = branches.reduce((sum, branch) => sum + (branch.freight?.freight ?? 0), 0);
  return {
    branches,
    coveredItemIds: [...assignment.keys()].sort((a, b) => a - b),
    totalCents,
    freightCents,
    landedCents: totalCents + freightCents,
  };
}

/**
 * Chooses supplier branches for a list by landed total (price plus freight): every line some branch
 * offers stays covered, and among the sets that cover them the lowest landed total the search finds.
 * (Choosing depots by price plus a per-stop cost is the facility location problem, NP-hard; this is
 * the usual greedy start and local search.)
 *  1. Greedy: while a coverable line is uncovered, add the branch with the lowest landed cost per
 *     newly covered line (its lines' prices plus its freight for them); ties: more lines, then the
 *     nearer, then the lower id.
 *  2. Improve: drop a branch, add one, or swap one chosen for one not chosen, whenever that keeps
 *     every coverable line covered and lowers the landed total; repeat until nothing does.
 * Without trucks there is no freight: the choice is sourcing's price-alone rule (chooseBranches: the
 * fewest branches that cover the most lines, then the lowest total).
 */
export function chooseLandedBranches(offers: readonly LandedOffer[], freighting: Freighting): LandedChoice {
  const index = indexOffers(offers);
  if (freighting.trucks.length === 0) {
    const byPrice = chooseBranches(offers);
    return evaluate(
      index,
      byPrice.branches.map((branch) => branch.branchId),
      freighting,
    );
  }
  const coverable = new Set(offers.map((offer) => offer.listItemId));
  const candidates = [...index.byBranch.keys()].sort((a, b) => a - b);
  const chosen: number[] = [];
  const uncovered = new Set(coverable);
  while (uncovered.size > 0) {
    let best: { branchId: number; perLine: number; count: number; miles: number } | null = null;
    for (const branchId of candidates) {
      if (chosen.includes(branchId)) continue;
      const fresh = [...(index.byBranch.get(branchId)?.values() ?? [])].filter((offer) =>
        uncovered.has(offer.listItemId),
      );
      if (fresh.length === 0) continue;
      const price = fresh.reduce((sum, offer) => sum + offer.totalCents, 0);
      const miles = index.distance.get(branchId) ?? null;
      const freight =
        miles === null
          ? 0
          : (branchFreight(
              miles,
              fresh.reduce((sum, offer) => sum + offer.pallets, 0),
              freighting.trucks,
              freighting.ratePerMile,
            )?.freight ?? 0);
      const perLine = (price + freight) / fresh.length;
      const distance = miles ?? Number.POSITIVE_INFINITY;
      if (
        !best ||
        perLine < best.perLine ||
        (perLine === best.perLine &&
          (fresh.length > best.count ||
            (fresh.length === best.count &&
              (distance < best.miles || (distance === best.miles && branchId < best.branchId)))))
      ) {
        best = { branchId, perLine, count: fresh.length, miles: distance };
      }
    }
    if (!best) break;
    chosen.push(best.branchId);
    for (const itemId of index.byBranch.get(best.branchId)?.keys() ?? []) uncovered.delete(itemId);
  }

  const landedOf = compileLanded(index, freighting);
  let set = [...chosen];
  let best = landedOf(set) ?? Number.POSITIVE_INFINITY;
  // Each accepted move lowers the landed total; the evaluations are capped so a long list with many
  // branches answers in well under a second (the greedy start is already a good choice).
  let budget = maxLandedEvaluations;
  for (let round = 0; round < 200 && budget > 0; round += 1) {
    let improved: { set: number[]; landed: number } | null = null;
    const consider = (next: number[]) => {
      if (budget <= 0) return;
      budget -= 1;
      const landed = landedOf(next);
      if (landed !== null && landed < (improved?.landed ?? best)) improved = { set: next, landed };
    };
    for (const branchId of set) consider(set.filter((id) => id !== branchId));
    const outside = candidates.filter((id) => !set.includes(id));
    for (const branchId of outside) consider([...set, branchId]);
    for (const dropped of set) {
      for (const added of outside) consider([...set.filter((id) => id !== dropped), added]);
    }
    if (!improved) break;
    ({ set, landed: best } = improved as { set: number[]; landed: number });
  }
  return evaluate(index, set, freighting);
}

/** How many sets the local search may price: about 0.1 ms each for 1,000 lines at 30 branches. */
const maxLandedEvaluations = 3_000;

/**
 * A fast pricer of branch sets for the local search: the landed total of a set, or null when it
 * leaves a coverable line uncovered. Same rule as `evaluate` (each line to the cheapest branch of
 * the set, the earlier on equal prices; freight for the branches that get lines), on typed arrays.
 */
function compileLanded(index: Index, freighting: Freighting) {
  const itemIndex = new Map<number, number>();
  const branches = new Map<number, { items: Int32Array; prices: Float64Array; pallets: Float64Array }>();
  for (const [branchId, lines] of index.byBranch) {
    const offers = [...lines.values()];
    const items = new Int32Array(offers.length);
    const prices = new Float64Array(offers.length);
    const pallets = new Float64Array(offers.length);
    offers.forEach((offer, position) => {
      let slot = itemIndex.get(offer.listItemId);
      if (slot === undefined) {
        slot = itemIndex.size;
        itemIndex.set(offer.listItemId, slot);
      }
      items[position] = slot;
      prices[position] = offer.totalCents;
      pallets[position] = offer.pallets;
    });
    branches.set(branchId, { items, prices, pallets });
  }
  const count = itemIndex.size;
  const bestPrice = new Float64Array(count);
  const bestBranch = new Int32Array(count);
  const bestPallets = new Float64Array(count);
  return (set: readonly number[]): number | null => {
    bestPrice.fill(Number.POSITIVE_INFINITY);
    bestBranch.fill(-1);
    set.forEach((branchId, position) => {
      const offers = branches.get(branchId);
      if (!offers) return;
      for (let k = 0; k < offers.items.length; k += 1) {
        const slot = offers.items[k];
        if (offers.prices[k] < bestPrice[slot]) {
          bestPrice[slot] = offers.prices[k];
          bestBranch[slot] = position;
          bestPallets[slot] = offers.pallets[k];
        }
      }
    });
    const palletsBy = new Float64Array(set.length);
    const linesBy = new Int32Array(set.length);
    let price = 0;
    for (let slot = 0; slot < count; slot += 1) {
      const position = bestBranch[slot];
      if (position < 0) return null;
      price += bestPrice[slot];
      palletsBy[position] += bestPallets[slot];
      linesBy[position] += 1;
    }
    let freight = 0;
    set.forEach((branchId, position) => {
      if (linesBy[position] === 0) return;
      const miles = index.distance.get(branchId) ?? null;
      if (miles === null) return;
      freight +=
        branchFreight(miles, palletsBy[position], freighting.trucks, freighting.ratePerMile)?.freight ?? 0;
    });
    return price + freight;
  };
}

export type OneFewerStop = {
  /** The stop left out. */
  branchId: number;
  /** Its freight, no longer paid (cents). */
  freightSaved: number;
  /** What its lines cost more at the other chosen branches (cents). */
  extraPrice: number;
  /** freightSaved − extraPrice (cents); negative: one fewer stop costs more. */
  savings: number;
  /** Lines only that stop offered: they would have to be sourced elsewhere. */
  linesLeftOut: number[];
};

/**
 * What leaving out one stop of a choice would save: for each chosen branch, its freight saved less
 * what its lines cost more at the other chosen branches (lines only it offers are left out, their
 * price not counted); the stop that saves the most, preferring one that leaves no line out. Null
 * with fewer than two stops.
 */
export function oneFewerStop(
  offers: readonly LandedOffer[],
  choice: LandedChoice,
  freighting: Freighting,
): OneFewerStop | null {
  if (choice.branches.length < 2) return null;
  const index = indexOffers(offers);
  let best: OneFewerStop | null = null;
  for (const branch of choice.branches) {
    const rest = choice.branches
      .filter((other) => other.branchId !== branch.branchId)
      .map((other) => other.branchId);
    const without = evaluate(index, rest, freighting);
    const covered = new Set(without.coveredItemIds);
    const linesLeftOut = branch.listItemIds.filter((id) => !covered.has(id));
    const keptPrice = branch.listItemIds
      .filter((id) => covered.has(id))
      .reduce((sum, id) => sum + (index.byBranch.get(branch.branchId)?.get(id)?.totalCents ?? 0), 0);
    const leftOutPrice = branch.totalCents - keptPrice;
    // Landed total without the stop, against the current one less the lines left out.
    const savings = choice.landedCents - leftOutPrice - without.landedCents;
    const freightSaved = choice.freightCents - without.freightCents;
    const candidate: OneFewerStop = {
      branchId: branch.branchId,
      freightSaved,
      extraPrice: freightSaved - savings,
      savings,
      linesLeftOut,
    };
    const keepsAll = candidate.linesLeftOut.length === 0;
    const better =
      best === null ||
      (keepsAll !== (best.linesLeftOut.length === 0) ? keepsAll : candidate.savings > best.savings);
    if (better) best = candidate;
  }
  return best;
}

/** Why a hubsheet's suppliers are chosen by price alone (no freight estimate). */
export const landedCostTexts = {
  noTrucks: 'No trucks are set up yet, so there is no freight estimate: suppliers are chosen by price alone.',
  noPostalCode:
    'Add the postal code where the material will be landed to estimate freight; until then suppliers are chosen by price alone.',
  unknownDistance: 'Some branches have no known location, so their freight is not estimated.',
} as const;
