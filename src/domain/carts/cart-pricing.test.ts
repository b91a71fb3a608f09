import { describe, expect, it } from 'vitest';
import { lineTotal, priceCartItem } from './cart-pricing';
import { quantityProblem, unitAbbreviation } from './quantity';
import { estimatedTax } from './sales-tax';

const tiers = [
  { quantityMin: 1, price: 3_000 },
  { quantityMin: 10, price: 2_800 },
  { quantityMin: 50, price: 2_500 },
];

describe('priceCartItem', () => {
  it('takes the tier with the highest quantityMin not above the quantity', () => {
    expect(priceCartItem({ tiers, quantity: 9, discounts: [], unitPriceOverride: null }).price?.value).toBe(
      3_000,
    );
    expect(priceCartItem({ tiers, quantity: 10, discounts: [], unitPriceOverride: null }).price?.value).toBe(
      2_800,
    );
    expect(priceCartItem({ tiers, quantity: 75, discounts: [], unitPriceOverride: null })).toMatchObject({
      price: { value: 2_500, quantityMin: 50 },
      buyerTotal: 187_500,
    });
  });

  it('labels the discount and lets the supplier keep the book price only for the Hedgerow Discount', () => {
    const purchase = priceCartItem({
      tiers,
      quantity: 1,
      discounts: [{ kind: 'purchase', operator: 'PERCENTAGE', value: 1_000 }],
      unitPriceOverride: null,
    });
    expect(purchase).toMatchObject({
      price: { value: 2_700, category: 'Purchase Discount' },
      supplierPrice: 2_700,
    });
    const platform = priceCartItem({
      tiers,
      quantity: 1,
      discounts: [{ kind: 'platform', operator: 'FLAT_RATE', value: 200 }],
      unitPriceOverride: null,
    });
    expect(platform).toMatchObject({
      price: { value: 2_800, category: 'Hedgerow Discount' },
      supplierPrice: 3_000,
    });
  });

  it('prices a non-catalogue item at what the buyer typed, or not at all', () => {
    expect(priceCartItem({ tiers: null, quantity: 4, discounts: [], unitPriceOverride: 650 })).toMatchObject({
      buyerTotal: 2_600,
      priceCategory: 'Price Entered',
    });
    expect(priceCartItem({ tiers: null, quantity: 4, discounts: [], unitPriceOverride: null })).toMatchObject(
      {
        price: null,
        buyerTotal: 0,
      },
    );
  });

  it('rounds fractional quantities to the cent', () => {
    expect(lineTotal(3_333, 2.5)).toBe(8_333);
  });
});

describe('quantityProblem', () => {
  it.each([
    [0, 'each', 'Quantity must be more than 0'],
    [-1, 'each', 'Quantity must be more than 0'],
    [Number.NaN, 'each', 'Enter a quantity'],
    [2.5, 'each', 'Quantity must be a whole number for this item'],
    [2.5, 'cu yd', null],
    [2.01, 'ton', null],
    [2.125, 'ton', 'Use at most 2 decimal places'],
    [2_000_000, 'each', 'Quantity must be 1,000,000 or less'],
    [12, 'flat', null],
  ])('%s %s → %s', (quantity, unit, problem) => {
    expect(quantityProblem(quantity, unit)).toBe(problem);
  });

  it('abbreviates each as ea', () => {
    expect(unitAbbreviation('each')).toBe('ea');
    expect(unitAbbreviation('cu yd')).toBe('cu yd');
  });
});

describe('estimatedTax', () => {
  it('applies the state base rate, nothing when exempt or unknown', () => {
    expect(estimatedTax(10_000, 'NC')).toBe(475);
    expect(estimatedTax(10_000, 'on')).toBe(1_300);
    expect(estimatedTax(10_000, 'OR')).toBe(0);
    expect(estimatedTax(10_000, 'NC', true)).toBe(0);
    expect(estimatedTax(10_000, null)).toBe(0);
  });
});
