import { describe, expect, it } from 'vitest';
import {
  availabilityQuantityText,
  isLimitedSupply,
  type StockSummary,
  stockState,
  summarizeStock,
  tileStockText,
} from './stock';

const stock = (supplierCount: number, totalAvailable: number, ignoreQuantity = false): StockSummary => ({
  supplierCount,
  totalAvailable,
  ignoreQuantity,
});

describe('the Limited Supply rule with ignoreQuantity', () => {
  it('is limited with exactly one supplier', () => {
    expect(isLimitedSupply(stock(1, 0, true))).toBe(true);
    expect(isLimitedSupply(stock(1, 5_000, true))).toBe(true);
  });

  it('is in stock with two or more suppliers, whatever the quantities', () => {
    expect(isLimitedSupply(stock(2, 0, true))).toBe(false);
    expect(stockState(stock(2, 3, true))).toBe('In Stock');
  });
});

describe('the Limited Supply rule without ignoreQuantity', () => {
  it('is limited with 1 to 3 suppliers and under 50 available', () => {
    expect(isLimitedSupply(stock(1, 49))).toBe(true);
    expect(isLimitedSupply(stock(2, 49))).toBe(true);
    expect(isLimitedSupply(stock(3, 49))).toBe(true);
  });

  it('is not limited with 2 or 3 suppliers and 50 or more available', () => {
    expect(isLimitedSupply(stock(2, 50))).toBe(false);
    expect(isLimitedSupply(stock(3, 99))).toBe(false);
  });

  it('is limited with one supplier and under 100 available', () => {
    expect(isLimitedSupply(stock(1, 50))).toBe(true);
    expect(isLimitedSupply(stock(1, 99))).toBe(true);
  });

  it('is not limited with one supplier and 100 or more available', () => {
    expect(isLimitedSupply(stock(1, 100))).toBe(false);
  });

  it('is limited with 1 to 29 available, however many suppliers', () => {
    expect(isLimitedSupply(stock(4, 29))).toBe(true);
    expect(isLimitedSupply(stock(12, 1))).toBe(true);
  });

  it('is in stock with four or more suppliers and 30 or more available', () => {
    expect(isLimitedSupply(stock(4, 30))).toBe(false);
    expect(stockState(stock(4, 30))).toBe('In Stock');
  });

  it('is never limited when nothing is available', () => {
    expect(isLimitedSupply(stock(2, 0))).toBe(false);
    expect(isLimitedSupply(stock(0, 0))).toBe(false);
  });
});

describe('stockState', () => {
  it('is out of stock with no supplier or nothing available', () => {
    expect(stockState(stock(0, 0))).toBe('Currently Out of Stock');
    expect(stockState(stock(0, 0, true))).toBe('Currently Out of Stock');
    expect(stockState(stock(3, 0))).toBe('Currently Out of Stock');
  });

  it('is Limited Supply when the rule says so, else In Stock', () => {
    expect(stockState(stock(1, 10))).toBe('Limited Supply');
    expect(stockState(stock(5, 400))).toBe('In Stock');
  });
});

describe('summarizeStock', () => {
  it('counts only listings that offer something, each branch once', () => {
    expect(
      summarizeStock([
        { branchId: 1, quantity: 10, ignoreQuantity: false },
        { branchId: 1, quantity: 5, ignoreQuantity: false },
        { branchId: 2, quantity: 0, ignoreQuantity: false },
        { branchId: 3, quantity: 0, ignoreQuantity: true },
      ]),
    ).toEqual({ supplierCount: 2, totalAvailable: 15, ignoreQuantity: true });
  });
});

describe('tileStockText', () => {
  it('says "N+ available" when in stock', () => {
    expect(tileStockText(stock(4, 1_250))).toEqual({ text: '1,250+ available', detail: null });
    expect(tileStockText(stock(2, 40, true))).toEqual({ text: '40+ available', detail: null });
  });

  it('says "Product Available" when quantities are ignored and none is listed', () => {
    expect(tileStockText(stock(2, 0, true))).toEqual({ text: 'Product Available', detail: null });
  });

  it('says "Out of Stock" with the check-back line when out of stock', () => {
    expect(tileStockText(stock(0, 0))).toEqual({
      text: 'Out of Stock',
      detail: 'Check back soon as our suppliers update availability daily',
    });
  });
});

describe('availabilityQuantityText', () => {
  it('shows "In Stock" when the quantity is ignored', () => {
    expect(availabilityQuantityText({ quantity: 0, ignoreQuantity: true })).toBe('In Stock');
  });

  it('shows the quantity otherwise', () => {
    expect(availabilityQuantityText({ quantity: 1_200, ignoreQuantity: false })).toBe('1,200 available');
    expect(availabilityQuantityText({ quantity: 0, ignoreQuantity: false })).toBe('Out of Stock');
  });
});
