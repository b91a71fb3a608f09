import { describe, expect, it } from 'vitest';
import { fieldStatuses } from '../../../../domain/catalog/field-status';
import { generateBranchListings, listingTargets, listPriceDollars } from './availability-plan';
import { parseCsv } from './csv';
import { buildProductPlan, type CatalogSource, type ProductSeed } from './product-plan';
import { Random } from './random';
import { type BranchSeed, buildSupplierPlan } from './supplier-plan';

const source: CatalogSource = {
  tradePlants: [
    {
      botanical_name: 'Acer rubrum',
      cultivar: '',
      trade_name: '',
      common_name: 'Red Maple',
      category: 'Shade Tree',
      sizes: '#15|2.5in cal B&B',
      hardiness_zones: '3-9',
    },
    {
      botanical_name: 'Hydrangea paniculata',
      cultivar: 'Jane',
      trade_name: 'Little Lime',
      common_name: 'Little Lime Panicle Hydrangea',
      category: 'Deciduous Shrub',
      sizes: '#3|#5|#7',
      hardiness_zones: '3-8',
    },
    {
      botanical_name: 'Sedum spectabile',
      cultivar: 'Autumn Joy',
      trade_name: '',
      common_name: 'Autumn Joy Stonecrop',
      category: 'Perennial',
      sizes: 'quart|#1|plug 50ct',
      hardiness_zones: '3-9',
    },
  ],
  hardGoods: [
    {
      name: 'Double-Shredded Hardwood Mulch',
      category: 'Mulch',
      unit: 'cu yd',
      sizes_or_variants: 'Natural|Black',
      notes: 'Bed mulch',
    },
    {
      name: 'Steel Landscape Edging',
      category: 'Edging',
      unit: 'linear ft',
      sizes_or_variants: '1/8in x 4in',
      notes: '',
    },
  ],
  usdaPlants: [
    {
      symbol: 'ACRU',
      scientific_name: 'Acer rubrum',
      common_name: 'red maple',
      family: 'Aceraceae',
      rank: 'species',
      state_count: '38',
      states: 'NC;SC;VA',
    },
    {
      symbol: 'ACSA3',
      scientific_name: 'Acer saccharum',
      common_name: 'sugar maple',
      family: 'Aceraceae',
      rank: 'species',
      state_count: '30',
      states: 'NC;VA',
    },
    {
      symbol: 'HYSP9',
      scientific_name: 'Hylotelephium spectabile',
      common_name: 'showy stonecrop',
      family: 'Crassulaceae',
      rank: 'species',
      state_count: '8',
      states: 'NC',
    },
    {
      symbol: 'QUBE5',
      scientific_name: 'Quercus ×bebbiana',
      common_name: 'Bebb oak',
      family: 'Fagaceae',
      rank: 'species',
      state_count: '5',
      states: 'NC',
    },
    {
      symbol: 'GAAP2',
      scientific_name: 'Galium aparine',
      common_name: 'stickywilly',
      family: 'Rubiaceae',
      rank: 'species',
      state_count: '48',
      states: 'NC',
    },
    {
      symbol: 'ACRUD',
      scientific_name: 'Acer rubrum var. drummondii',
      common_name: 'Drummond maple',
      family: 'Aceraceae',
      rank: 'variety',
      state_count: '9',
      states: 'TX',
    },
  ],
  usdaSynonyms: [
    {
      synonym_symbol: 'SESP6',
      synonym_name: 'Sedum spectabile',
      accepted_symbol: 'HYSP9',
      accepted_name: 'Hylotelephium spectabile',
    },
    {
      synonym_symbol: 'ACSAS',
      synonym_name: 'Acer saccharophorum',
      accepted_symbol: 'ACSA3',
      accepted_name: 'Acer saccharum',
    },
  ],
};

describe('buildProductPlan', () => {
  const plan = buildProductPlan(source, { targetProducts: 100 });
  const byPath = new Map(plan.map((product) => [product.pathIdentifier, product]));

  it('makes every trade plant a product with each of its sizes as a variant, in trade notation', () => {
    expect(byPath.get('hydrangea-paniculata-jane-little-lime')).toMatchObject({
      primaryName: "Hydrangea paniculata 'Jane'",
      secondaryName: 'Little Lime Panicle Hydrangea',
      patentName: 'Little Lime',
      cultivar: 'Jane',
      botanicalGenus: 'Hydrangea',
      category: 'Deciduous Shrub',
      groupSlug: 'shrubs',
      hardinessZoneMin: 3,
      hardinessZoneMax: 8,
      variants: [{ size: '#3' }, { size: '#5' }, { size: '#7' }],
    });
    expect(
      byPath.get('sedum-spectabile-autumn-joy')?.variants.map((variant) => [variant.size, variant.unit]),
    ).toEqual([
      ['Quart', 'each'],
      ['#1', 'each'],
      ['Plug 50', 'tray'],
    ]);
  });

  it('makes every hard good a product with each variant and its unit', () => {
    expect(byPath.get('double-shredded-hardwood-mulch')).toMatchObject({
      source: 'hard_good',
      category: 'Mulch',
      variants: [
        { size: 'Natural', unit: 'cu yd', standardContainer: 'Bulk' },
        { size: 'Black', unit: 'cu yd', standardContainer: 'Bulk' },
      ],
    });
    expect(byPath.get('steel-landscape-edging')?.brandSlug).toBe('ironline-edging');
  });

  it('fills with PLANTS species in trade style, skipping what the trade list has and weedy genera', () => {
    expect(plan.map((product) => product.pathIdentifier)).toEqual([
      'acer-rubrum',
      'hydrangea-paniculata-jane-little-lime',
      'sedum-spectabile-autumn-joy',
      'double-shredded-hardwood-mulch',
      'steel-landscape-edging',
      'hylotelephium-spectabile',
      'acer-saccharum',
      'quercus-x-bebbiana',
    ]);
    expect(byPath.get('quercus-x-bebbiana')).toMatchObject({
      primaryName: 'Quercus x bebbiana',
      secondaryName: 'Bebb Oak',
      states: ['NC'],
    });
  });

  it('points older names at the product that carries the current one, and the reverse', () => {
    expect(byPath.get('hylotelephium-spectabile')?.synonyms).toEqual([
      { name: 'Sedum spectabile', kind: 'synonym', usdaSymbol: 'SESP6' },
    ]);
    expect(byPath.get('sedum-spectabile-autumn-joy')?.synonyms).toEqual([
      { name: 'Hylotelephium spectabile', kind: 'accepted', usdaSymbol: 'HYSP9' },
    ]);
    expect(byPath.get('acer-saccharum')?.synonyms.map((synonym) => synonym.name)).toEqual([
      'Acer saccharophorum',
    ]);
  });

  it('stops at the target, and takes every taxon at the large scale', () => {
    expect(buildProductPlan(source, { targetProducts: 6 })).toHaveLength(6);
    expect(
      buildProductPlan(source, { targetProducts: 'all' }).map((product) => product.pathIdentifier),
    ).toContain('acer-rubrum-var-drummondii');
  });

  it('is the same every time', () => {
    expect(buildProductPlan(source, { targetProducts: 100 })).toEqual(plan);
  });
});

describe('buildSupplierPlan', () => {
  const suppliers = buildSupplierPlan('demo');
  const branches = suppliers.flatMap((supplier) => supplier.branches);

  it('has at least 40 suppliers across at least 6 states, with the demo supplier’s two branches', () => {
    expect(suppliers.length).toBeGreaterThanOrEqual(40);
    expect(new Set(branches.map((branch) => branch.state)).size).toBeGreaterThanOrEqual(6);
    expect(suppliers.find((supplier) => supplier.slug === 'blue-ridge-growers')).toMatchObject({
      existing: true,
      branches: [{ slug: 'blue-ridge-growers-hendersonville' }, { slug: 'blue-ridge-growers-greenville' }],
    });
  });

  it('gives every branch a unique slug and real coordinates from its zip code', () => {
    expect(new Set(branches.map((branch) => branch.slug)).size).toBe(branches.length);
    const hendersonville = branches.find((branch) => branch.slug === 'blue-ridge-growers-hendersonville')!;
    expect(hendersonville.latitude).toBeCloseTo(35.36, 1);
    expect(hendersonville.longitude).toBeCloseTo(-82.43, 1);
  });

  it('adds more suppliers at the large scale, the same ones every time', () => {
    const large = buildSupplierPlan('large', 20);
    expect(large.length).toBe(suppliers.length + 20);
    expect(buildSupplierPlan('large', 20)).toEqual(large);
  });
});

describe('generateBranchListings', () => {
  const products = buildProductPlan(source, { targetProducts: 100 });
  const branch: BranchSeed = {
    ...buildSupplierPlan('demo')
      .flatMap((supplier) => supplier.branches)
      .find((b) => b.slug === 'cape-fear-wholesale-nursery-wilmington')!,
  };
  const now = new Date('2025-05-01T12:00:00Z');
  const listings = generateBranchListings(branch, products, 12, now);

  it('lists up to the target, each size of a product once, the same way every time', () => {
    expect(listings.length).toBeGreaterThan(0);
    expect(listings.length).toBeLessThanOrEqual(12);
    const keys = listings.map((listing) => `${listing.productIndex}:${listing.variantIndex}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(generateBranchListings(branch, products, 12, now)).toEqual(listings);
  });

  it('prices with two or three falling tiers and stamps realistic stock, status and dates', () => {
    for (const listing of listings) {
      const product = products[listing.productIndex];
      expect(listing.priceTiers.length).toBeGreaterThanOrEqual(2);
      expect(listing.priceTiers.length).toBeLessThanOrEqual(3);
      expect(listing.priceTiers[0]).toMatchObject({ quantityMin: 1, price: listing.basePrice });
      for (let i = 1; i < listing.priceTiers.length; i++) {
        expect(listing.priceTiers[i].price).toBeLessThan(listing.priceTiers[i - 1].price);
        expect(listing.priceTiers[i].quantityMin).toBeGreaterThan(listing.priceTiers[i - 1].quantityMin);
      }
      expect(listing.quantity).toBeGreaterThanOrEqual(0);
      if (product.source === 'hard_good') expect(listing.fieldStatus).toBeNull();
      else expect(fieldStatuses).toContain(listing.fieldStatus);
      const age = (now.getTime() - listing.updatedAt.getTime()) / 86_400_000;
      expect(age).toBeGreaterThanOrEqual(0);
      expect(age).toBeLessThanOrEqual(45);
    }
  });

  it('lists only plants hardy in the branch’s zone and species recorded in its state', () => {
    const cold: ProductSeed = {
      ...products[0],
      pathIdentifier: 'cold-only',
      hardinessZoneMin: 2,
      hardinessZoneMax: 4,
    };
    const texan: ProductSeed = { ...products[6], pathIdentifier: 'texas-only', states: ['TX'] };
    expect(generateBranchListings(branch, [cold, texan], 50, now)).toEqual([]);
  });
});

describe('listingTargets', () => {
  const products = buildProductPlan(source, { targetProducts: 100 });
  const branches = buildSupplierPlan('demo').flatMap((supplier) => supplier.branches);
  const sum = (targets: Map<string, number>) => [...targets.values()].reduce((a, b) => a + b, 0);

  it('shares the total among branches by kind', () => {
    expect(Math.abs(sum(listingTargets(branches, products, 150)) - 150)).toBeLessThanOrEqual(branches.length);
  });

  it('never asks a branch for more than 90 % of what it can carry', () => {
    const targets = listingTargets(branches, products, 100_000);
    // A supply yard carries the 2 hard goods (3 sizes) and the 3 trade plants (8 sizes) at most.
    const supply = branches.find((branch) => branch.kind === 'supply')!;
    expect(targets.get(supply.slug)).toBeLessThanOrEqual(Math.floor((3 * 0.8 + 8 * 0.6) * 0.9));
    expect(sum(targets)).toBeLessThan(100_000);
  });
});

describe('listPriceDollars', () => {
  const plan = buildProductPlan(source, { targetProducts: 100 });
  const product = (path: string) => plan.find((p) => p.pathIdentifier === path)!;
  const variant = (path: string, size: string) => product(path).variants.find((v) => v.size === size)!;

  it('prices like a wholesale list', () => {
    expect(
      listPriceDollars(product('sedum-spectabile-autumn-joy'), variant('sedum-spectabile-autumn-joy', '#1')),
    ).toBeGreaterThanOrEqual(8);
    expect(
      listPriceDollars(product('sedum-spectabile-autumn-joy'), variant('sedum-spectabile-autumn-joy', '#1')),
    ).toBeLessThanOrEqual(14);
    const shrub = listPriceDollars(
      product('hydrangea-paniculata-jane-little-lime'),
      variant('hydrangea-paniculata-jane-little-lime', '#3'),
    );
    expect(shrub).toBeGreaterThanOrEqual(25);
    expect(shrub).toBeLessThanOrEqual(45);
    const tree = listPriceDollars(product('acer-rubrum'), variant('acer-rubrum', '2.5" cal B&B'));
    expect(tree).toBeGreaterThanOrEqual(180);
    expect(tree).toBeLessThanOrEqual(320);
    const mulch = listPriceDollars(
      product('double-shredded-hardwood-mulch'),
      variant('double-shredded-hardwood-mulch', 'Natural'),
    );
    expect(mulch).toBeGreaterThanOrEqual(28);
    expect(mulch).toBeLessThanOrEqual(45);
  });
});

describe('parseCsv', () => {
  it('reads quoted fields with commas, doubled quotes and CRLF line ends', () => {
    expect(
      parseCsv('notation,meaning\r\n"2 1/2""–3"" CAL., B&B",caliper range\r\nB&B,"balled, burlapped"\r\n'),
    ).toEqual([
      { notation: '2 1/2"–3" CAL., B&B', meaning: 'caliper range' },
      { notation: 'B&B', meaning: 'balled, burlapped' },
    ]);
  });
});

describe('Random', () => {
  it('repeats its sequence for the same seed', () => {
    const a = new Random('seed');
    const b = new Random('seed');
    expect([a.next(), a.int(1, 6), a.pick(['x', 'y', 'z'])]).toEqual([
      b.next(),
      b.int(1, 6),
      b.pick(['x', 'y', 'z']),
    ]);
    expect(new Random('other').next()).not.toBe(new Random('seed').next());
  });
});
