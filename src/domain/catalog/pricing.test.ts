import { describe, expect, it } from 'vitest';
import { applicableTier, applyDiscount, type Discount, normalizePriceTiers, priceFor } from './pricing';

const tiers = [
  { quantityMin: 1, price: 3_000 },
  { quantityMin: 10, price: 2_800 },
  { quantityMin: 50, price: 2_500 },
];

describe('applicableTier', () => {
  it('takes the tier with the highest quantityMin not above the quantity', () => {
    expect(applicableTier(tiers, 1)).toEqual({ quantityMin: 1, price: 3_000 });
    expect(applicableTier(tiers, 9)).toEqual({ quantityMin: 1, price: 3_000 });
    expect(applicableTier(tiers, 10)).toEqual({ quantityMin: 10, price: 2_800 });
    expect(applicableTier(tiers, 49)).toEqual({ quantityMin: 10, price: 2_800 });
    expect(applicableTier(tiers, 500)).toEqual({ quantityMin: 50, price: 2_500 });
  });

  it('does not depend on the order of the tiers', () => {
    expect(applicableTier([...tiers].reverse(), 12)).toEqual({ quantityMin: 10, price: 2_800 });
  });

  it('falls back to the lowest tier when the quantity is below every tier', () => {
    expect(
      applicableTier(
        [
          { quantityMin: 5, price: 900 },
          { quantityMin: 25, price: 800 },
        ],
        2,
      ),
    ).toEqual({
      quantityMin: 5,
      price: 900,
    });
  });

  it('has nothing to apply without tiers', () => {
    expect(applicableTier([], 3)).toBeNull();
  });
});

describe('normalizePriceTiers', () => {
  it('sorts, keeps one tier per quantityMin and drops negative prices', () => {
    expect(
      normalizePriceTiers([
        { quantityMin: 10, price: 900 },
        { quantityMin: 1, price: 1_000 },
        { quantityMin: 10, price: 850 },
        { quantityMin: 25, price: -1 },
      ]),
    ).toEqual([
      { quantityMin: 1, price: 1_000 },
      { quantityMin: 10, price: 850 },
    ]);
  });
});

describe('applyDiscount', () => {
  it('takes a percentage given in basis points, rounding to the cent', () => {
    expect(applyDiscount(10_000, { operator: 'PERCENTAGE', value: 1_000 })).toBe(9_000);
    expect(applyDiscount(1_999, { operator: 'PERCENTAGE', value: 750 })).toBe(1_849); // 1849.075
    expect(applyDiscount(1_005, { operator: 'PERCENTAGE', value: 5_000 })).toBe(503); // 502.5 rounds up
  });

  it('takes a flat rate in cents', () => {
    expect(applyDiscount(2_500, { operator: 'FLAT_RATE', value: 300 })).toBe(2_200);
  });

  it('never goes below zero', () => {
    expect(applyDiscount(200, { operator: 'FLAT_RATE', value: 500 })).toBe(0);
    expect(applyDiscount(200, { operator: 'PERCENTAGE', value: 15_000 })).toBe(0);
  });

  it('never raises a price with a negative value', () => {
    expect(applyDiscount(200, { operator: 'FLAT_RATE', value: -50 })).toBe(200);
    expect(applyDiscount(200, { operator: 'PERCENTAGE', value: -500 })).toBe(200);
  });
});

describe('priceFor', () => {
  const purchase: Discount = { kind: 'purchase', operator: 'PERCENTAGE', value: 800 };
  const platform: Discount = { kind: 'platform', operator: 'PERCENTAGE', value: 500 };
  const supplier: Discount = { kind: 'supplier', operator: 'FLAT_RATE', value: 400 };
  const online: Discount = { kind: 'online', operator: 'PERCENTAGE', value: 200 };

  it('is standard pricing without discounts', () => {
    expect(priceFor({ tiers, quantity: 1 })).toEqual({
      base: 3_000,
      value: 3_000,
      category: 'Standard Pricing',
      pricingType: 'STANDARD_PRICING',
      quantityMin: 1,
      discount: null,
    });
  });

  it('prices the tier of the quantity', () => {
    expect(priceFor({ tiers, quantity: 60 })).toMatchObject({ base: 2_500, value: 2_500, quantityMin: 50 });
  });

  it('gives the single best discount with its label, not a stack', () => {
    // 8 % of 3000 = 240, $4.00 flat = 400: the flat supplier discount is better here.
    expect(priceFor({ tiers, quantity: 1, discounts: [purchase, platform, supplier, online] })).toMatchObject(
      {
        base: 3_000,
        value: 2_600,
        category: 'Supplier Discount',
        pricingType: 'SUPPLIER_DISCOUNT',
      },
    );
    expect(priceFor({ tiers, quantity: 1, discounts: [platform, purchase, online] })).toMatchObject({
      value: 2_760,
      category: 'Purchase Discount',
      pricingType: 'EVD',
    });
  });

  it('labels each kind of discount', () => {
    expect(priceFor({ tiers, quantity: 1, discounts: [platform] })).toMatchObject({
      value: 2_850,
      category: 'Hedgerow Discount',
      pricingType: 'PLATFORM_DISCOUNT',
    });
    expect(priceFor({ tiers, quantity: 1, discounts: [online] })).toMatchObject({
      value: 2_940,
      category: 'Online Savings',
      pricingType: 'SUPPLIER_DISCOUNT',
    });
  });

  it('lets the purchase discount name the price when two discounts tie', () => {
    const samePlatform: Discount = { kind: 'platform', operator: 'PERCENTAGE', value: 800 };
    expect(priceFor({ tiers, quantity: 1, discounts: [samePlatform, purchase] })).toMatchObject({
      category: 'Purchase Discount',
    });
  });

  it('ignores a discount that lowers nothing', () => {
    expect(
      priceFor({ tiers, quantity: 1, discounts: [{ kind: 'platform', operator: 'PERCENTAGE', value: 0 }] }),
    ).toMatchObject({ value: 3_000, category: 'Standard Pricing' });
  });

  it('has no price without tiers', () => {
    expect(priceFor({ tiers: [], quantity: 1, discounts: [purchase] })).toBeNull();
  });
});
