import { describe, expect, it } from 'vitest';
import { applyStaffPrices, priceCartItem } from '../carts/cart-pricing';
import { caretakerReasons, type OrderFacts, validateOrder } from './order-checks';

const facts = (overrides: Partial<OrderFacts> = {}): OrderFacts => ({
  buyerOrganizationName: 'Greenline',
  buyerUserOrganizationId: 7,
  buyerOrganizationId: 7,
  buyerFullName: 'Ada Park',
  branchName: 'North Yard',
  lines: [
    {
      id: 1,
      name: 'Red Maple',
      size: '#3',
      quantity: 4,
      bookPrice: 3_000,
      nonCatalog: false,
      listing: { tiers: [{ quantityMin: 1, price: 3_000 }], available: 10, ignoreQuantity: false },
    },
  ],
  ...overrides,
});

describe('validateOrder', () => {
  it('finds nothing wrong with an order priced at its tier and in stock', () => {
    expect(validateOrder(facts())).toEqual([]);
  });

  it('says which line is off its tier, unlisted or short, and when the buyer left the organisation', () => {
    const problems = validateOrder(
      facts({
        buyerUserOrganizationId: null,
        lines: [
          { ...facts().lines[0], bookPrice: 2_500 },
          { ...facts().lines[0], id: 2, name: 'Boxwood', listing: null },
          { ...facts().lines[0], id: 3, name: 'Holly', size: null, quantity: 20 },
        ],
      }),
    );
    expect(problems.map((problem) => problem.message)).toEqual([
      'Ada Park no longer belongs to Greenline: swap the buyer to someone who does.',
      "Red Maple (#3) is priced $25.00 each, but North Yard's current price for 4 is $30.00.",
      'Boxwood (#3) is no longer listed by North Yard.',
      'Holly: 20 ordered but North Yard has only 10 available.',
    ]);
  });
});

describe('caretakerReasons', () => {
  const base = {
    state: 'purchase_order_sent',
    submittedAt: new Date('2026-11-20T15:00:00Z'), // a Friday
    branchState: 'NC',
    freightPending: false,
    orderContacts: 1,
  };

  it('counts business days: sent Friday, unanswered only from Tuesday at the same hour', () => {
    expect(caretakerReasons(base, new Date('2026-11-24T14:00:00Z'))).toEqual([]);
    expect(caretakerReasons(base, new Date('2026-11-24T16:00:00Z')).map((reason) => reason.code)).toEqual([
      'unanswered',
    ]);
  });

  it('names freight pending, review and nobody to receive it', () => {
    const reasons = caretakerReasons(
      { ...base, state: 'needs_review', freightPending: true, orderContacts: 0 },
      new Date('2026-11-20T16:00:00Z'),
    );
    expect(reasons.map((reason) => reason.code)).toEqual([
      'freight_pending',
      'needs_review',
      'nobody_to_receive',
    ]);
  });
});

describe('applyStaffPrices', () => {
  const listed = priceCartItem({
    tiers: [{ quantityMin: 1, price: 3_000 }],
    quantity: 3,
    discounts: [],
    unitPriceOverride: null,
  });

  it('keeps the listing price when staff set nothing', () => {
    expect(applyStaffPrices(listed, { bookPrice: null, buyerPrice: null, supplierPrice: null }, 3)).toBe(
      listed,
    );
  });

  it('replaces each price set, with totals for the quantity', () => {
    const priced = applyStaffPrices(listed, { bookPrice: null, buyerPrice: 2_000, supplierPrice: 1_900 }, 3);
    expect(priced).toMatchObject({
      bookPrice: 3_000,
      price: { base: 3_000, value: 2_000, category: 'Price set by our team' },
      buyerTotal: 6_000,
      supplierPrice: 1_900,
      supplierTotal: 5_700,
    });
  });
});
