import { describe, expect, it } from 'vitest';
import { orderAmounts } from './order-amounts';
import { proposalOrderTotals, taxAtSameRate } from './proposal-totals';

const line = (id: number, quantity: number, buyerPrice: number, supplierPrice: number) => ({
  id,
  quantity,
  bookPrice: 3_500,
  buyerPrice,
  supplierPrice,
  priceCategory: 'Supplier Discount',
});

describe('proposalOrderTotals', () => {
  const lines = [line(1, 20, 3_200, 3_000), line(2, 4, 1_000, 900)];
  // 20 × $32.00 + 4 × $10.00 = $680.00 with $34.00 tax (5 %) and $45.00 shipping.
  const order = { lines, taxes: 3_400, subtotal: 68_000, shipping: 4_500 };

  it('gives the buyer the total with the line as proposed, tax kept at the order rate', () => {
    const totals = proposalOrderTotals({
      ...order,
      audience: 'buyer',
      lineId: 1,
      current: lines[0],
      proposed: { ...lines[0], quantity: 15, buyerPrice: 3_100 },
    });
    expect(totals.current).toBe(68_000 + 3_400 + 4_500);
    // 15 × $31.00 + $40.00 = $505.00; tax 5 % = $25.25; + $45.00 shipping.
    expect(totals.proposed).toBe(50_500 + 2_525 + 4_500);
  });

  it('gives the supplier its own total: supplier prices, no tax', () => {
    const totals = proposalOrderTotals({
      ...order,
      audience: 'supplier',
      lineId: 1,
      current: lines[0],
      proposed: { ...lines[0], quantity: 15, supplierPrice: 2_900 },
    });
    expect(totals.current).toBe(60_000 + 3_600 + 4_500);
    expect(totals.proposed).toBe(43_500 + 3_600 + 4_500);
  });

  it('equals the order page total once the change is applied', () => {
    const proposed = { ...lines[1], quantity: 10 };
    const applied = [lines[0], { ...lines[1], ...proposed }];
    const page = orderAmounts({
      audience: 'buyer',
      lines: applied,
      taxes: taxAtSameRate(3_400, 68_000, 64_000 + 10_000),
      shipping: 4_500,
    });
    const totals = proposalOrderTotals({
      ...order,
      audience: 'buyer',
      lineId: 2,
      current: lines[1],
      proposed,
    });
    expect(totals.proposed).toBe(page.total.data);
  });
});

describe('taxAtSameRate', () => {
  it('keeps the rate and is zero for an order with no subtotal', () => {
    expect(taxAtSameRate(500, 10_000, 5_000)).toBe(250);
    expect(taxAtSameRate(500, 0, 5_000)).toBe(0);
  });
});
