import { describe, expect, it } from 'vitest';
import {
  centsToDecimal,
  chooseBranches,
  decimalToCents,
  type LineOffer,
  medianCents,
  percentDiff,
  pricingQuantity,
} from './sourcing';

describe('medianCents', () => {
  it('is the middle price of an odd count, whatever the order', () => {
    expect(medianCents([3_000, 1_000, 2_000])).toBe(2_000);
  });

  it('is the mean of the two middle prices of an even count, rounded half up to the cent', () => {
    expect(medianCents([1_000, 2_000, 3_000, 9_000])).toBe(2_500);
    expect(medianCents([1_000, 1_001])).toBe(1_001);
  });

  it('is null without prices and the price itself for one', () => {
    expect(medianCents([])).toBeNull();
    expect(medianCents([4_250])).toBe(4_250);
  });
});

describe('percentDiff', () => {
  it('is the market against the budget in whole percent of the budget', () => {
    expect(percentDiff(2_000, 2_500)).toBe(25);
    expect(percentDiff(3_000, 2_000)).toBe(-33);
    expect(percentDiff(2_000, 2_000)).toBe(0);
  });

  it('is null without a budget, without a market price or with a zero budget', () => {
    expect(percentDiff(null, 2_000)).toBeNull();
    expect(percentDiff(2_000, null)).toBeNull();
    expect(percentDiff(0, 2_000)).toBeNull();
  });
});

describe('money as decimal strings', () => {
  it('writes cents as dollars with two decimals and reads them back', () => {
    expect(centsToDecimal(1_250)).toBe('12.50');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(-5)).toBe('-0.05');
    expect(decimalToCents('12.5')).toBe(1_250);
    expect(decimalToCents('1200')).toBe(120_000);
    expect(decimalToCents('TBD')).toBeNull();
    expect(decimalToCents(null)).toBeNull();
  });
});

describe('pricingQuantity', () => {
  it('prices an unknown or non-positive quantity as one unit', () => {
    expect(pricingQuantity(12)).toBe(12);
    expect(pricingQuantity(null)).toBe(1);
    expect(pricingQuantity(0)).toBe(1);
  });
});

const offer = (branchId: number, listItemId: number, totalCents: number, distanceMiles: number | null = 10) =>
  ({ branchId, listItemId, totalCents, distanceMiles }) satisfies LineOffer;

describe('chooseBranches', () => {
  it('prefers one branch that covers every line over cheaper branches that each cover some', () => {
    const choice = chooseBranches([
      offer(1, 101, 1_000),
      offer(1, 102, 1_000),
      offer(1, 103, 1_000),
      offer(2, 101, 500),
      offer(3, 102, 500),
    ]);
    expect(choice.branches.map((branch) => branch.branchId)).toEqual([1]);
    expect(choice.coveredItemIds).toEqual([101, 102, 103]);
    expect(choice.totalCents).toBe(3_000);
  });

  it('adds branches until every offered line is covered, and gives each line to the cheapest chosen branch', () => {
    const choice = chooseBranches([
      offer(1, 101, 1_000),
      offer(1, 102, 1_000),
      offer(2, 102, 400),
      offer(2, 103, 700),
    ]);
    // Both branches cover two lines; branch 2 is cheaper for its two, so it is chosen first, then
    // branch 1 for line 101; line 102 stays with the cheaper branch 2.
    expect(choice.branches).toEqual([
      { branchId: 2, listItemIds: [102, 103], totalCents: 1_100 },
      { branchId: 1, listItemIds: [101], totalCents: 1_000 },
    ]);
    expect(choice.totalCents).toBe(2_100);
  });

  it('breaks a tie of coverage and cost by distance, then by id', () => {
    expect(chooseBranches([offer(1, 101, 1_000, 30), offer(2, 101, 1_000, 5)]).branches[0].branchId).toBe(2);
    expect(
      chooseBranches([offer(2, 101, 1_000, null), offer(1, 101, 1_000, null)]).branches[0].branchId,
    ).toBe(1);
  });

  it('keeps the cheapest of duplicate offers of one branch for one line', () => {
    const choice = chooseBranches([offer(1, 101, 1_000), offer(1, 101, 800)]);
    expect(choice.totalCents).toBe(800);
  });

  it('chooses nothing without offers', () => {
    expect(chooseBranches([])).toEqual({ branches: [], coveredItemIds: [], totalCents: 0 });
  });
});
