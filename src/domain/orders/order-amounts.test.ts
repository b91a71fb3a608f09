import { describe, expect, it } from 'vitest';
import { formatAmount, parseMoney } from '../money';
import { amountEntries, orderAmounts } from './order-amounts';

const line = (overrides: Partial<Parameters<typeof orderAmounts>[0]['lines'][number]> = {}) => ({
  quantity: 15,
  bookPrice: 3_500,
  buyerPrice: 3_350,
  supplierPrice: 3_350,
  priceCategory: 'Supplier Discount',
  ...overrides,
});

describe('orderAmounts', () => {
  it('derives the buyer block from the lines so the parts add up', () => {
    const amounts = orderAmounts({ audience: 'buyer', lines: [line()], taxes: 2_387, shipping: 7_500 });
    expect(amountEntries(amounts).map(([key, entry]) => [key, entry.data])).toEqual([
      ['originalSubtotal', 52_500],
      ['supplierDiscount', -2_250],
      ['subtotal', 50_250],
      ['taxes', 2_387],
      ['subtotalWithTaxApplied', 52_637],
      ['shipping', 7_500],
      ['total', 60_137],
    ]);
  });

  it('keeps the platform discount from the supplier and the tax from the supplier block', () => {
    const lines = [
      line({ priceCategory: 'Hedgerow Discount', buyerPrice: 3_000, supplierPrice: 3_500 }),
      line({ quantity: 2, priceCategory: 'Purchase Discount', buyerPrice: 3_000, supplierPrice: 3_000 }),
    ];
    const buyer = orderAmounts({ audience: 'buyer', lines, taxes: 100, shipping: null });
    expect(buyer.lhDiscountAmount?.data).toBe(-7_500);
    expect(buyer.evdAmount?.data).toBe(-1_000);
    expect(buyer.total.data).toBe(51_000 + 100);
    expect(buyer.shipping).toBeUndefined();
    const supplier = orderAmounts({ audience: 'supplier', lines, taxes: 100, shipping: null });
    expect(supplier.lhDiscountAmount).toBeUndefined();
    expect(supplier.subtotal.data).toBe(52_500 + 6_000);
    expect(supplier.taxes).toBeUndefined();
    expect(supplier.total.data).toBe(58_500);
  });

  it('shows no discount lines without a discount, and unpriced lines as zero', () => {
    const amounts = orderAmounts({
      audience: 'buyer',
      lines: [line({ bookPrice: null, buyerPrice: null, supplierPrice: null })],
      taxes: 0,
      shipping: null,
    });
    expect(Object.keys(amounts)).toEqual(['subtotal', 'taxes', 'total']);
    expect(amounts.total.data).toBe(0);
  });
});

describe('money per spec part 3 §5', () => {
  it('parses by stripping, taking the absolute value and rounding to two decimals', () => {
    expect(parseMoney('$1,200.50')).toBe(120_050);
    expect(parseMoney('-12.345')).toBe(1_235);
    expect(parseMoney(' 1.005 ')).toBe(101);
    expect(parseMoney(-3.5)).toBe(350);
    expect(parseMoney('abc')).toBeNull();
    expect(parseMoney('')).toBeNull();
  });

  it('shows negatives in parentheses with two decimals', () => {
    expect(formatAmount(-5_600)).toBe('($56.00)');
    expect(formatAmount(123_450)).toBe('$1,234.50');
    expect(formatAmount(0)).toBe('$0.00');
  });
});
