import { describe, expect, it } from 'vitest';
import {
  branchFreight,
  chooseLandedBranches,
  defaultUnitsPerPallet,
  estimatedUnitPrice,
  type FreightTruck,
  fallbackUnitsPerPallet,
  type LandedOffer,
  linePallets,
  oneFewerStop,
  splitFreight,
} from './landed-cost';

const flatbed: FreightTruck = {
  id: 1,
  name: 'Flatbed',
  palletCapacity: 26,
  ratePerMile: 300,
  minimumCharge: 50_000,
};
const boxTruck: FreightTruck = {
  id: 2,
  name: 'Box truck',
  palletCapacity: 12,
  ratePerMile: 200,
  minimumCharge: 25_000,
};

describe('defaultUnitsPerPallet', () => {
  it('packs trade containers by class', () => {
    expect(defaultUnitsPerPallet('#1')).toBe(100);
    expect(defaultUnitsPerPallet('#3')).toBe(40);
    expect(defaultUnitsPerPallet('5 gal')).toBe(24);
    expect(defaultUnitsPerPallet('#7')).toBe(15);
    expect(defaultUnitsPerPallet('#15')).toBe(6);
    // Between classes: the smaller class's figure (a #4 packs like a #3).
    expect(defaultUnitsPerPallet('#4')).toBe(40);
  });

  it('packs B&B trees by caliper and shrubs by height', () => {
    expect(defaultUnitsPerPallet('2.5" cal B&B')).toBe(8);
    expect(defaultUnitsPerPallet('3" cal B&B')).toBe(6);
    expect(defaultUnitsPerPallet("6-8' B&B")).toBe(8);
  });

  it('packs pots, flats, plugs and boxes', () => {
    expect(defaultUnitsPerPallet('Quart')).toBe(200);
    expect(defaultUnitsPerPallet('4" pot')).toBe(300);
    expect(defaultUnitsPerPallet('Flat of 18')).toBe(20);
    expect(defaultUnitsPerPallet('Plug 50')).toBe(40);
    expect(defaultUnitsPerPallet('36" box')).toBe(1);
  });

  it('reads hard goods by their unit and falls back for anything unknown', () => {
    expect(defaultUnitsPerPallet('Standard', 'pallet')).toBe(1);
    expect(defaultUnitsPerPallet('2 cu ft', 'bag')).toBe(50);
    expect(defaultUnitsPerPallet('Mystery')).toBe(fallbackUnitsPerPallet);
  });

  it("uses the line's own pallet figure when known", () => {
    expect(linePallets({ quantity: 80, size: '#3' })).toBe(2);
    expect(linePallets({ quantity: 80, size: '#3', unitsPerPallet: 20 })).toBe(4);
  });
});

describe('branchFreight', () => {
  it('charges miles × rate per truck, at least the minimum, for the trucks the pallets need', () => {
    // 30 pallets: two flatbeds (2 × 200 mi × $3 = $1,200) or three box trucks (3 × $400 = $1,200):
    // equal, so the fewer trucks.
    const freight = branchFreight(200, 30, [flatbed, boxTruck]);
    expect(freight).toMatchObject({ trucks: 2, freight: 120_000, fillPercent: 58 });
    expect(freight?.truck.name).toBe('Flatbed');
    // A short trip pays the minimum: one box truck at $250 beats one flatbed at $500.
    expect(branchFreight(10, 5, [flatbed, boxTruck])).toMatchObject({ trucks: 1, freight: 25_000 });
  });

  it("uses the hubsheet's rate per mile instead of the trucks' when set", () => {
    expect(branchFreight(400, 10, [flatbed], 150)).toMatchObject({ ratePerMile: 150, freight: 60_000 });
  });

  it('is null without trucks', () => {
    expect(branchFreight(100, 3, [])).toBeNull();
  });
});

describe('splitFreight and estimatedUnitPrice', () => {
  it('splits by pallets in whole cents that add up to the freight', () => {
    const shares = splitFreight(10_000, [1, 1, 1]);
    expect(shares).toEqual([3_334, 3_333, 3_333]);
    expect(splitFreight(9_000, [2, 1])).toEqual([6_000, 3_000]);
    expect(splitFreight(100, [0, 0])).toEqual([50, 50]);
  });

  it('adds the share per unit to the supplier price', () => {
    expect(estimatedUnitPrice(4_500, 6_000, 10)).toBe(5_100);
  });
});

describe('chooseLandedBranches', () => {
  const trucks = [flatbed];

  it('takes a farther branch whose price saves more than its freight costs', () => {
    // Near: 20 mi, $50 a line dearer in total; far: 150 mi. Freight: near $500 (minimum), far $500 too
    // (150 × $3 = $450 → minimum): far wins on landed total.
    const offers: LandedOffer[] = [
      { branchId: 1, listItemId: 10, totalCents: 100_000, pallets: 1, distanceMiles: 20 },
      { branchId: 2, listItemId: 10, totalCents: 95_000, pallets: 1, distanceMiles: 150 },
    ];
    const choice = chooseLandedBranches(offers, { trucks, ratePerMile: null });
    expect(choice.branches.map((branch) => branch.branchId)).toEqual([2]);
    expect(choice.landedCents).toBe(145_000);
  });

  it('keeps the nearer branch when the farther one saves less than the extra freight', () => {
    const offers: LandedOffer[] = [
      { branchId: 1, listItemId: 10, totalCents: 100_000, pallets: 1, distanceMiles: 20 },
      { branchId: 2, listItemId: 10, totalCents: 95_000, pallets: 1, distanceMiles: 400 },
    ];
    const choice = chooseLandedBranches(offers, { trucks, ratePerMile: null });
    expect(choice.branches.map((branch) => branch.branchId)).toEqual([1]);
    expect(choice.branches[0].freight?.freight).toBe(50_000);
  });

  it('buys from one stop when a second stop costs more in freight than it saves in price', () => {
    const offers: LandedOffer[] = [
      { branchId: 1, listItemId: 10, totalCents: 10_000, pallets: 1, distanceMiles: 30 },
      { branchId: 1, listItemId: 11, totalCents: 10_000, pallets: 1, distanceMiles: 30 },
      { branchId: 2, listItemId: 11, totalCents: 8_000, pallets: 1, distanceMiles: 30 },
    ];
    const choice = chooseLandedBranches(offers, { trucks, ratePerMile: null });
    expect(choice.branches.map((branch) => branch.branchId)).toEqual([1]);
    expect(choice.coveredItemIds).toEqual([10, 11]);
  });

  it('keeps every coverable line covered, even when a stop is dear', () => {
    const offers: LandedOffer[] = [
      { branchId: 1, listItemId: 10, totalCents: 10_000, pallets: 1, distanceMiles: 30 },
      { branchId: 2, listItemId: 11, totalCents: 1_000, pallets: 1, distanceMiles: 30 },
    ];
    const choice = chooseLandedBranches(offers, { trucks, ratePerMile: null });
    expect(choice.coveredItemIds).toEqual([10, 11]);
    expect(choice.freightCents).toBe(100_000);
  });

  it('picks by price alone without trucks', () => {
    const offers: LandedOffer[] = [
      { branchId: 1, listItemId: 10, totalCents: 10_000, pallets: 1, distanceMiles: 5 },
      { branchId: 2, listItemId: 10, totalCents: 9_000, pallets: 1, distanceMiles: 500 },
    ];
    const choice = chooseLandedBranches(offers, { trucks: [], ratePerMile: null });
    expect(choice.branches.map((branch) => branch.branchId)).toEqual([2]);
    expect(choice.freightCents).toBe(0);
  });
});

describe('oneFewerStop', () => {
  it('says what leaving out a stop saves in freight and costs in price', () => {
    const offers: LandedOffer[] = [
      { branchId: 1, listItemId: 10, totalCents: 10_000, pallets: 1, distanceMiles: 30 },
      { branchId: 1, listItemId: 11, totalCents: 200_000, pallets: 1, distanceMiles: 30 },
      { branchId: 2, listItemId: 11, totalCents: 100_000, pallets: 1, distanceMiles: 30 },
    ];
    const freighting = { trucks: [flatbed], ratePerMile: null };
    const choice = chooseLandedBranches(offers, freighting);
    // Two stops: line 11 is $1,000 cheaper at branch 2 than its $500 freight.
    expect(choice.branches).toHaveLength(2);
    const fewer = oneFewerStop(offers, choice, freighting);
    expect(fewer).toEqual({
      branchId: 2,
      freightSaved: 50_000,
      extraPrice: 100_000,
      savings: -50_000,
      linesLeftOut: [],
    });
  });

  it('is null for one stop', () => {
    const offers: LandedOffer[] = [
      { branchId: 1, listItemId: 10, totalCents: 10_000, pallets: 1, distanceMiles: 30 },
    ];
    const freighting = { trucks: [flatbed], ratePerMile: null };
    expect(oneFewerStop(offers, chooseLandedBranches(offers, freighting), freighting)).toBeNull();
  });
});
