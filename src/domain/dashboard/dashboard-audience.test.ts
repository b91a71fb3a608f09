import { describe, expect, it } from 'vitest';
import { dashboardAudience } from './dashboard-audience';
import { paymentMethodCounts, setupProgressOf } from './dashboard-views';

const newBuyer = { activated: false, supplier: false, organizationIsBuyer: true };
const activatedBuyer = { activated: true, supplier: false, organizationIsBuyer: true };
const supplierOnly = { activated: true, supplier: true, organizationIsBuyer: false };
const supplierAndBuyer = { activated: true, supplier: true, organizationIsBuyer: true };

describe('dashboardAudience', () => {
  it('gives a new buyer tips, the newcomer ad zones, no order panels, and carts after the other cards', () => {
    expect(dashboardAudience(newBuyer)).toEqual({
      supplier: false,
      buyer: true,
      tips: true,
      submittedOrders: false,
      recentOrderTabs: [],
      workFirst: false,
      adZones: ['20778', '20779'],
    });
  });

  it('gives an activated buyer the order panels with the buyer tab, carts first and the activated ad zones', () => {
    expect(dashboardAudience(activatedBuyer)).toMatchObject({
      tips: false,
      submittedOrders: true,
      recentOrderTabs: ['buyer'],
      workFirst: true,
      adZones: ['20776', '20777'],
    });
  });

  it('gives a supplier-only user the supplier tab and no buyer panels', () => {
    expect(dashboardAudience(supplierOnly)).toMatchObject({
      supplier: true,
      buyer: false,
      tips: false,
      recentOrderTabs: ['supplier'],
    });
  });

  it('hides Recent Submitted Orders from a user who is both supplier and organisation buyer', () => {
    expect(dashboardAudience(supplierAndBuyer)).toMatchObject({
      buyer: true,
      submittedOrders: false,
      recentOrderTabs: ['buyer', 'supplier'],
    });
  });

  it('never shows tips to a supplier, activated or not', () => {
    expect(dashboardAudience({ ...supplierOnly, activated: false }).tips).toBe(false);
  });
});

describe('setupProgressOf', () => {
  it('counts the account as done, so a new user starts at 20%', () => {
    const progress = setupProgressOf({
      searchedForProducts: false,
      hasFavoriteSuppliers: false,
      hasPaymentMethod: false,
      createdCart: false,
    });
    expect(progress.percent).toBe(20);
    expect(progress.complete).toBe(false);
    expect(progress.steps.map((step) => step.done)).toEqual([true, false, false, false, false]);
  });

  it('is complete with all 5 steps', () => {
    expect(
      setupProgressOf({
        searchedForProducts: true,
        hasFavoriteSuppliers: true,
        hasPaymentMethod: true,
        createdCart: true,
      }),
    ).toMatchObject({ percent: 100, complete: true });
  });
});

describe('paymentMethodCounts', () => {
  const user = { id: 7, organizationId: 3 };
  it("counts the user's own method even when not approved", () => {
    expect(paymentMethodCounts({ userId: 7, organizationId: 3, approved: false }, user)).toBe(true);
  });
  it("counts the organisation's method only once approved", () => {
    expect(paymentMethodCounts({ userId: 9, organizationId: 3, approved: false }, user)).toBe(false);
    expect(paymentMethodCounts({ userId: 9, organizationId: 3, approved: true }, user)).toBe(true);
  });
  it("never counts another organisation's method", () => {
    expect(paymentMethodCounts({ userId: 9, organizationId: 4, approved: true }, user)).toBe(false);
  });
});
