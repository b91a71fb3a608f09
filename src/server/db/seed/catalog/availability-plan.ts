import type { FieldStatus } from '../../../../domain/catalog/field-status';
import type { PriceTier } from '../../../../domain/catalog/pricing';
import type { ProductSeed, VariantSeed } from './product-plan';
import { hashString, Random } from './random';
import type { BranchKind, BranchSeed } from './supplier-plan';

/** One generated listing; products and variants are referred to by their index in the product plan. */
export type ListingSeed = {
  productIndex: number;
  variantIndex: number;
  quantity: number;
  ignoreQuantity: boolean;
  fieldStatus: FieldStatus | null;
  priceTiers: PriceTier[];
  basePrice: number;
  updatedAt: Date;
};

const treeCategories = new Set(['Shade Tree', 'Evergreen Tree', 'Ornamental Tree', 'Palm']);
const shrubCategories = new Set(['Deciduous Shrub', 'Evergreen Shrub', 'Vine']);
const herbaceousCategories = new Set(['Perennial', 'Ornamental Grass', 'Groundcover', 'Fern']);

const kindWeights: Record<BranchKind, number> = {
  distributor: 2.2,
  grower: 1.6,
  perennials: 1.3,
  natives: 1,
  tropicals: 1,
  supply: 0.45,
};

const keepRate = (product: ProductSeed) =>
  product.source === 'hard_good' ? 0.8 : product.source === 'trade' ? 0.6 : 0.7;

/**
 * How many listings each branch gets so that all of them add up to about `total`: shared by the
 * kind's weight, but never more than 90 % of what the branch can carry (the sizes of the products it
 * may stock); what a branch cannot take goes to the others.
 */
export function listingTargets(
  branches: readonly BranchSeed[],
  products: readonly ProductSeed[],
  total: number,
): Map<string, number> {
  const capacity = new Map<string, number>();
  for (const branch of branches) {
    let sizes = 0;
    for (const product of products) {
      if (carryWeight(branch, product) > 0) sizes += Math.max(1, product.variants.length * keepRate(product));
    }
    capacity.set(branch.slug, Math.floor(sizes * 0.9));
  }
  const targets = new Map<string, number>();
  let open = [...branches];
  let remaining = total;
  // Water filling: share out, cap the branches that are full, share the rest again.
  while (open.length > 0 && remaining > 0) {
    const weights = open.reduce((sum, branch) => sum + kindWeights[branch.kind], 0);
    const full = open.filter(
      (branch) => (remaining * kindWeights[branch.kind]) / weights >= capacity.get(branch.slug)!,
    );
    if (full.length === 0) {
      for (const branch of open)
        targets.set(branch.slug, Math.round((remaining * kindWeights[branch.kind]) / weights));
      break;
    }
    for (const branch of full) {
      targets.set(branch.slug, capacity.get(branch.slug)!);
      remaining -= capacity.get(branch.slug)!;
    }
    open = open.filter((branch) => !full.includes(branch));
  }
  return targets;
}

/**
 * How likely a branch is to carry a product, 0 when it cannot: plants must be hardy in the branch's
 * zone (trade plants) or recorded in its state (PLANTS species); hard goods come from supply yards
 * and distributors; each kind of supplier leans to its own line.
 */
export function carryWeight(branch: BranchSeed, product: ProductSeed): number {
  if (product.source === 'hard_good') {
    if (branch.kind === 'supply') return product.weight * 3;
    return branch.kind === 'distributor' ? product.weight : 0;
  }
  if (product.hardinessZoneMin !== null && product.hardinessZoneMax !== null) {
    if (branch.zone < product.hardinessZoneMin || branch.zone > product.hardinessZoneMax) return 0;
  }
  if (product.states && !product.states.includes(branch.state)) return 0;
  const category = product.category;
  const native = product.advantageSlugs.includes('native');
  switch (branch.kind) {
    case 'distributor':
      return product.weight;
    case 'grower':
      return treeCategories.has(category) || shrubCategories.has(category) ? product.weight : 0;
    case 'perennials':
      return herbaceousCategories.has(category) || category === 'Succulent' || category === 'Vine'
        ? product.weight
        : 0;
    case 'natives':
      return native ? product.weight * (product.source === 'usda' ? 2 : 1) : 0;
    case 'tropicals':
      return category === 'Palm' || category === 'Succulent' ? product.weight * 4 : product.weight;
    case 'supply':
      return product.source === 'trade' ? product.weight * 0.3 : 0;
  }
}

const containerClass = (variant: VariantSeed) => Number(/^#(\d+)$/.exec(variant.container ?? '')?.[1] ?? 0);

/**
 * A product size's usual wholesale price in dollars, before a branch's own pricing: a #1 perennial
 * about $10, a #3 shrub about $30, a 2.5" caliper B&B tree about $250, mulch about $36 a cubic yard.
 */
export function listPriceDollars(product: ProductSeed, variant: VariantSeed): number {
  if (product.source === 'hard_good') return hardGoodPrice(product, variant);
  const category = product.category;
  const tree = treeCategories.has(category);
  switch (variant.standardContainer) {
    case 'Container': {
      const n = Math.max(1, containerClass(variant));
      if (tree) return 14 * n ** 0.9 * (category === 'Palm' ? 1.35 : 1);
      if (herbaceousCategories.has(category)) return 10.5 * n ** 0.85;
      return 12.5 * n ** 0.85;
    }
    case 'B&B': {
      const multiStem = variant.characteristics.includes('Multi-Stem') ? 1.15 : 1;
      if (variant.sizeInches)
        return 85 * variant.sizeInches ** 1.2 * (category === 'Ornamental Tree' ? 0.95 : 1);
      return 24 * (variant.sizeFeet ?? 5) ** 1.25 * multiStem;
    }
    case 'Pot':
      if (variant.container === 'Pint') return 5;
      if (variant.container === 'Quart') return 7.5;
      if (variant.container === '2 Quart') return 10.5;
      return 1.1 * (variant.sizeInches ?? 4) + 0.6;
    case 'Flat':
      return 2.9 * Number(/(\d+)/.exec(variant.size)?.[1] ?? 16);
    case 'Plug':
      return 1.8 * Number(/(\d+)/.exec(variant.size)?.[1] ?? 50);
    case 'Bare Root':
      return 4 + 3 * (variant.sizeFeet ?? 2);
    case 'Box':
      return 0.5 * (variant.sizeInches ?? 24) ** 2;
    default:
      return 25;
  }
}

const hardGoodPrices: Record<string, Record<string, number>> = {
  Mulch: { 'cu yd': 36, 'bag 2 cu ft': 5.5, bale: 7.5 },
  'Soil & Amendments': { 'cu yd': 42, ton: 48, 'bag 50 lb': 24 },
  Aggregate: { ton: 55 },
  'Boulders & Stone': { ton: 140, each: 260 },
  Flagstone: { ton: 360, 'sq ft': 9 },
  Pavers: { 'sq ft': 6 },
  'Wall Block': { each: 5.5 },
  Edging: { 'linear ft': 3.8, roll: 40, each: 11 },
  'Landscape Fabric & Erosion Control': { roll: 110, each: 0.25 },
  Irrigation: { each: 14, roll: 140, 'linear ft': 1.4 },
  Sod: { pallet: 240 },
  Seed: { 'bag 50 lb': 160, lb: 38 },
};

function hardGoodPrice(product: ProductSeed, variant: VariantSeed): number {
  const base = hardGoodPrices[product.category]?.[variant.unit] ?? 20;
  const name = product.primaryName;
  if (name.startsWith('Fire Pit')) return base * 100;
  if (name.startsWith('Irrigation Controllers')) return base * 15;
  if (name.startsWith('Drip Zone') || name.startsWith('Irrigation Control Valves')) return base * 3;
  if (name.startsWith('Porcelain')) return base * 1.8;
  if (name.startsWith('River Rock') || name.startsWith('Decomposed')) return base * 1.5;
  if (name.startsWith('Pressure-Compensating') || name.startsWith('Pop-Up')) return base * 0.3;
  return base;
}

/** Order quantities at which the price steps down, by how the item is bought. */
function tierBreaks(product: ProductSeed, variant: VariantSeed, unitPrice: number): number[] {
  if (product.source === 'hard_good') {
    switch (variant.unit) {
      case 'sq ft':
        return [1, 500, 2_000];
      case 'linear ft':
        return [1, 200, 1_000];
      case 'pallet':
        return [1, 5, 20];
      case 'bale':
        return [1, 50, 200];
      case 'each':
        return unitPrice < 2 ? [1, 500, 2_500] : [1, 10, 50];
      default:
        return variant.unit.startsWith('bag') ? [1, 20, 60] : [1, 10, 25];
    }
  }
  if (variant.standardContainer === 'B&B' || variant.standardContainer === 'Box') return [1, 10, 25];
  if (variant.standardContainer === 'Container' && containerClass(variant) >= 15) return [1, 5, 20];
  if (variant.standardContainer === 'Container' && containerClass(variant) >= 5) return [1, 10, 50];
  if (variant.standardContainer === 'Flat' || variant.standardContainer === 'Plug') return [1, 10, 50];
  return [1, 25, 100];
}

/** The step a price list rounds to: a cent under $2, 25 cents under $100, else a dollar. */
const priceStep = (cents: number) => (cents < 200 ? 1 : cents < 10_000 ? 25 : 100);

function roundPrice(dollars: number): number {
  const cents = dollars * 100;
  const step = priceStep(cents);
  return Math.max(1, Math.round(cents / step) * step);
}

/** Two or three tiers, each cheaper than the one before, in cents. */
export function priceTiersFor(
  product: ProductSeed,
  variant: VariantSeed,
  branchFactor: number,
  random: Random,
): PriceTier[] {
  // The same product size costs about the same everywhere (±15 %); a branch prices a little up or down.
  const productFactor = 0.85 + (hashString(`${product.pathIdentifier}|${variant.size}`) / 4294967296) * 0.3;
  const unit = listPriceDollars(product, variant) * productFactor * branchFactor * random.between(0.96, 1.04);
  const breaks = tierBreaks(product, variant, unit);
  const steps = random.chance(0.65) ? 3 : 2;
  const multipliers = [1, random.between(0.92, 0.96), random.between(0.85, 0.9)];
  const tiers: PriceTier[] = [];
  for (let i = 0; i < steps; i++) {
    let price = roundPrice(unit * multipliers[i]);
    const previous = tiers[tiers.length - 1]?.price;
    // Cheap items can round two tiers to one price: step the later one down.
    if (previous !== undefined && price >= previous) price = previous - priceStep(previous - 1);
    if (price <= 0) break;
    tiers.push({ quantityMin: breaks[i], price });
  }
  return tiers;
}

function fieldStatusFor(variant: VariantSeed, hardGood: boolean, random: Random): FieldStatus | null {
  if (hardGood) return null;
  if (variant.standardContainer === 'B&B') {
    return random.weighted<FieldStatus>([
      ['Dig to Order', 45],
      ['Pre-Dug', 25],
      ['Ready', 20],
      ['Growing On', 10],
    ]);
  }
  if (variant.standardContainer === 'Bare Root') return random.chance(0.5) ? 'Dig to Order' : 'Ready';
  return random.chance(0.85) ? 'Ready' : 'Growing On';
}

/** The most a yard usually holds of one size; real lists are skewed to small counts. */
function stockCeiling(product: ProductSeed, variant: VariantSeed): number {
  if (product.source === 'hard_good') {
    const byUnit: Record<string, number> = {
      'sq ft': 6_000,
      'linear ft': 3_000,
      pallet: 150,
      roll: 60,
      ton: 200,
    };
    return byUnit[variant.unit] ?? (variant.unit.startsWith('bag') ? 400 : 300);
  }
  switch (variant.standardContainer) {
    case 'Container': {
      const n = containerClass(variant);
      return n <= 3 ? 450 : n <= 7 ? 220 : n <= 15 ? 80 : 30;
    }
    case 'B&B':
      return variant.sizeInches ? 45 : 90;
    case 'Pot':
      return 700;
    case 'Flat':
      return 120;
    case 'Plug':
      return 80;
    case 'Bare Root':
      return 500;
    case 'Box':
      return 12;
    default:
      return 100;
  }
}

const dayMs = 86_400_000;

function stockFor(
  product: ProductSeed,
  variant: VariantSeed,
  random: Random,
): { quantity: number; ignoreQuantity: boolean } {
  const bulk = product.source === 'hard_good' && ['cu yd', 'ton', 'lb'].includes(variant.unit);
  const ignoreChance = bulk ? 0.7 : product.source === 'hard_good' ? 0.15 : 0.06;
  if (random.chance(ignoreChance)) {
    return { quantity: random.chance(0.5) ? 0 : random.pick([100, 250, 500, 1_000]), ignoreQuantity: true };
  }
  if (random.chance(0.07)) return { quantity: 0, ignoreQuantity: false };
  const quantity = Math.max(1, Math.round(stockCeiling(product, variant) * random.next() ** 2.5));
  return { quantity, ignoreQuantity: false };
}

function updatedAtFor(now: Date, random: Random): Date {
  // Most suppliers refresh weekly; some lists go stale (over 30 days).
  const days = random.weighted<[number, number]>([
    [[0, 3], 45],
    [[3, 14], 25],
    [[14, 30], 15],
    [[30, 45], 15],
  ]);
  return new Date(now.getTime() - random.between(days[0], days[1]) * dayMs);
}

/**
 * For each product no branch drew, one branch that may carry it (chosen by the product's own
 * generator), so that nearly every product has a supplier; products no branch can carry stay unlisted.
 */
export function coverageBranches(
  branches: readonly BranchSeed[],
  products: readonly ProductSeed[],
  listed: ReadonlySet<number>,
): Map<string, number[]> {
  const byBranch = new Map<string, number[]>();
  for (let index = 0; index < products.length; index++) {
    if (listed.has(index)) continue;
    const candidates = branches.filter((branch) => carryWeight(branch, products[index]) > 0);
    if (candidates.length === 0) continue;
    const branch = new Random(`cover:${products[index].pathIdentifier}`).pick(candidates);
    byBranch.set(branch.slug, [...(byBranch.get(branch.slug) ?? []), index]);
  }
  return byBranch;
}

/** Listings of the given products at one branch: one size each. */
export function generateCoverageListings(
  branch: BranchSeed,
  products: readonly ProductSeed[],
  productIndexes: readonly number[],
  now: Date,
): ListingSeed[] {
  const random = new Random(`cover-listings:${branch.slug}`);
  const branchFactor = random.between(0.92, 1.1);
  return productIndexes.map((index) =>
    listingFor(
      products[index],
      index,
      random.int(0, products[index].variants.length - 1),
      branchFactor,
      random,
      now,
    ),
  );
}

function listingFor(
  product: ProductSeed,
  productIndex: number,
  variantIndex: number,
  branchFactor: number,
  random: Random,
  now: Date,
): ListingSeed {
  const variant = product.variants[variantIndex];
  const priceTiers = priceTiersFor(product, variant, branchFactor, random);
  return {
    productIndex,
    variantIndex,
    ...stockFor(product, variant, random),
    fieldStatus: fieldStatusFor(variant, product.source === 'hard_good', random),
    priceTiers,
    basePrice: priceTiers[0].price,
    updatedAt: updatedAtFor(now, random),
  };
}

/**
 * The listings of one branch, about `target` of them: products drawn by carry weight without
 * repeats (Efraimidis–Spirakis keys), each with some of its sizes. Deterministic for a branch slug,
 * a product plan and `now`.
 */
export function generateBranchListings(
  branch: BranchSeed,
  products: readonly ProductSeed[],
  target: number,
  now: Date,
): ListingSeed[] {
  const random = new Random(`listings:${branch.slug}`);
  const branchFactor = random.between(0.92, 1.1);
  const keyed: { index: number; key: number }[] = [];
  for (let index = 0; index < products.length; index++) {
    const weight = carryWeight(branch, products[index]);
    if (weight > 0) keyed.push({ index, key: Math.log(random.next() || Number.MIN_VALUE) / weight });
  }
  keyed.sort((a, b) => b.key - a.key || a.index - b.index);

  const listings: ListingSeed[] = [];
  for (const { index } of keyed) {
    if (listings.length >= target) break;
    const product = products[index];
    const keep = keepRate(product);
    let chosen = product.variants.map((_, i) => i).filter(() => random.chance(keep));
    if (chosen.length === 0) chosen = [random.int(0, product.variants.length - 1)];
    for (const variantIndex of chosen) {
      if (listings.length >= target) break;
      listings.push(listingFor(product, index, variantIndex, branchFactor, random, now));
    }
  }
  return listings;
}
