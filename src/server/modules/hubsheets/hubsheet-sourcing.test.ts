import * as XLSX from '@e965/xlsx';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartView } from '../../../domain/carts/cart-view';
import type { BranchOption, SupplierMatch, SupplyCheckLine } from '../../../domain/hubsheets/sourcing-views';
import { signedInBuyer } from '../../test/cart-factories';
import {
  insertAvailability,
  insertDiscount,
  insertProduct,
  insertVariant,
} from '../../test/catalog-factories';
import { bearer, insertBranch, insertOrganization, insertUser, tokenFor } from '../../test/factories';
import { createTestApp } from '../../test/test-app';
import { carts } from '../carts/carts.tables';
import { branches } from '../organizations/organizations.tables';
import { favoriteBranches } from '../users/users.tables';
import { listItemSupply } from './hubsheet-supply';
import { hubsheets, importLists, listItems } from './hubsheets.tables';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;

// Charlotte, NC (28202) and places near and far from it.
const nearCharlotte = { latitude: 35.23, longitude: -80.84 };
const alsoNear = { latitude: 35.3, longitude: -80.75 };
const seattle = { latitude: 47.6, longitude: -122.3 };

async function supplierBranch(name: string, place: { latitude: number; longitude: number }) {
  const organization = await insertOrganization(t.db, { name: `${name} Nursery`, isBuyer: false });
  return insertBranch(t.db, organization.id, { name, displayAddress: `${name}, NC`, ...place });
}

/**
 * A small market around Charlotte:
 * - product P in #3 (V3) and #5 (V5); product Q in #1 and #2 (lines without a size); product R.
 * - Alpha (near): P #3 at $30 (from 1) / $28 (from 10), 120 in stock; Q #1 at $15; R out of stock.
 * - Beta (near): P #3 at $32, 1,000 in stock; Q #1 at $12 and Q #2 at $9.
 * - Delta (near, the buyer's favourite): P #3 at $36, 50 in stock.
 * - Cedar (Seattle, outside any sensible radius): P #3 at $10, R at $5, P #5 at $20.
 */
async function seedMarket() {
  const alpha = await supplierBranch('Alpha', nearCharlotte);
  const beta = await supplierBranch('Beta', alsoNear);
  const delta = await supplierBranch('Delta', nearCharlotte);
  const cedar = await supplierBranch('Cedar', seattle);
  const p = await insertProduct(t.db, { primaryName: "Acer rubrum 'October Glory'" });
  const p3 = await insertVariant(t.db, p.id, { size: '#3' });
  const p5 = await insertVariant(t.db, p.id, { size: '#5' });
  const q = await insertProduct(t.db, { primaryName: "Hydrangea paniculata 'Limelight'" });
  const q1 = await insertVariant(t.db, q.id, { size: '#1' });
  const q2 = await insertVariant(t.db, q.id, { size: '#2' });
  const r = await insertProduct(t.db, { primaryName: 'Ilex glabra' });
  const r3 = await insertVariant(t.db, r.id, { size: '#3' });
  const tier = (price: number) => [{ quantityMin: 1, price }];
  await insertAvailability(t.db, { branchId: alpha.id, variant: p3, quantity: 120 });
  await insertAvailability(t.db, { branchId: alpha.id, variant: q1, priceTiers: tier(1_500) });
  await insertAvailability(t.db, { branchId: alpha.id, variant: r3, quantity: 0, priceTiers: tier(700) });
  await insertAvailability(t.db, {
    branchId: beta.id,
    variant: p3,
    quantity: 1_000,
    priceTiers: tier(3_200),
  });
  await insertAvailability(t.db, { branchId: beta.id, variant: q1, priceTiers: tier(1_200) });
  await insertAvailability(t.db, { branchId: beta.id, variant: q2, priceTiers: tier(900) });
  await insertAvailability(t.db, { branchId: delta.id, variant: p3, quantity: 50, priceTiers: tier(3_600) });
  await insertAvailability(t.db, { branchId: cedar.id, variant: p3, priceTiers: tier(1_000) });
  await insertAvailability(t.db, { branchId: cedar.id, variant: r3, priceTiers: tier(500) });
  await insertAvailability(t.db, { branchId: cedar.id, variant: p5, priceTiers: tier(2_000) });
  return { alpha, beta, delta, cedar, p, p3, p5, q, q1, q2, r, r3 };
}

type Market = Awaited<ReturnType<typeof seedMarket>>;
let market: Market;

type LineSeed = Partial<typeof listItems.$inferInsert> & { originalText: string };

/** A hubsheet imported from a five-column list, written directly (the import API is another helper's). */
async function insertHubsheet(
  owner: { userId: number; organizationId: number | null },
  lines: LineSeed[],
  values: Partial<typeof hubsheets.$inferInsert> = {},
) {
  const [importList] = await t.db
    .insert(importLists)
    .values({
      userId: owner.userId,
      organizationId: owner.organizationId,
      filename: 'schedule.csv',
      byteSize: 100,
      originalHeaders: ['Plant', 'Size', 'Qty', 'Budget', 'Remarks'],
      rows: [],
      productNameIndex: 0,
      containerIndex: 1,
      quantityIndex: 2,
      budgetedPriceIndex: 3,
    })
    .returning();
  const [hubsheet] = await t.db
    .insert(hubsheets)
    .values({
      name: 'Oak Street Courtyard',
      userId: owner.userId,
      organizationId: owner.organizationId,
      postalCode: '28202',
      radiusRestriction: 50,
      importListId: importList.id,
      ...values,
    })
    .returning();
  const items = [];
  for (const [index, line] of lines.entries()) {
    const [item] = await t.db
      .insert(listItems)
      .values({ hubsheetId: hubsheet.id, position: index + 1, matchState: 'matched', ...line })
      .returning();
    items.push(item);
  }
  return { hubsheet, items };
}

/** The standard list: L1 P #3 ×10 budget $25; L2 Q (no size) ×5; L3 R ×2; L4 unmatched; L5 P #3 ×500; L6 P #5 ×3. */
async function standardHubsheet(owner: { userId: number; organizationId: number | null }) {
  const m = market;
  return insertHubsheet(owner, [
    {
      originalText: "Acer rubrum 'October Glory'",
      sizeText: '#3',
      quantityText: '10',
      quantity: 10,
      budgetPrice: '25.00',
      productId: m.p.id,
      productVariantId: m.p3.id,
      matchScore: 92,
      originalRow: ["Acer rubrum 'October Glory'", '#3', '10', '25.00', '=HYPERLINK("http://x")'],
    },
    {
      originalText: 'Hydrangea pan. Limelight',
      quantityText: '5',
      quantity: 5,
      productId: m.q.id,
      matchScore: 80,
      originalRow: ['Hydrangea pan. Limelight', '', '5', '', 'plant in groups, of 3'],
    },
    {
      originalText: 'Ilex glabra',
      sizeText: '#3',
      quantity: 2,
      productId: m.r.id,
      productVariantId: m.r3.id,
      matchScore: 100,
      originalRow: ['Ilex glabra', '#3', '2', '', ''],
    },
    {
      originalText: 'Mystery shrub',
      quantity: 4,
      matchScore: 0,
      originalRow: ['Mystery shrub', '', '4', '', ''],
    },
    {
      originalText: "Acer rubrum 'October Glory' (street trees)",
      sizeText: '#3',
      quantity: 500,
      productId: m.p.id,
      productVariantId: m.p3.id,
      matchScore: 88,
      originalRow: ["Acer rubrum 'October Glory' (street trees)", '#3', '500', '', ''],
    },
    {
      originalText: 'Red maple',
      sizeText: '#5',
      quantity: 3,
      productId: m.p.id,
      productVariantId: m.p5.id,
      matchScore: 60,
      originalRow: ['Red maple', '#5', '3', '', ''],
    },
  ]);
}

async function get<T>(headers: Headers, url: string, status = 200) {
  const response = await t.app.inject({ method: 'GET', url, headers });
  expect(response.statusCode, response.body).toBe(status);
  return response.json<T>();
}

beforeAll(async () => {
  market = await seedMarket();
});

describe('listItemSupply', () => {
  it('counts the branches within the radius that have the line in stock, with the lowest and median price', async () => {
    const buyer = await signedInBuyer(t.db);
    const { items } = await standardHubsheet({
      userId: buyer.user.id,
      organizationId: buyer.organization!.id,
    });
    const [l1, l2, l3, l4, l5, l6] = items;
    const supply = await listItemSupply(t.db, { postalCode: '28202', radiusRestriction: 50 }, items);

    // L1 ×10: Alpha $28 (tier from 10), Beta $32, Delta $36; Cedar is in Seattle.
    expect(supply.get(l1.id)).toEqual({
      branchCount: 3,
      lowestPrice: '28.00',
      medianPrice: '32.00',
      percentDiff: 28,
      suggestedRadius: null,
    });
    // L2 has no size: each branch's cheapest size counts once (Alpha $15, Beta $9 for #2).
    expect(supply.get(l2.id)).toEqual({
      branchCount: 2,
      lowestPrice: '9.00',
      medianPrice: '12.00',
      percentDiff: null,
      suggestedRadius: null,
    });
    // L3: Alpha is out of stock, Cedar too far.
    expect(supply.get(l3.id)).toMatchObject({
      branchCount: 0,
      lowestPrice: null,
      medianPrice: null,
      percentDiff: null,
    });
    // Unmatched lines have no supply; the stock count does not limit the market count.
    expect(supply.has(l4.id)).toBe(false);
    expect(supply.get(l5.id)?.branchCount).toBe(3);
    expect(supply.get(l6.id)?.branchCount).toBe(0);
  });

  it('counts every branch when the radius is any distance, and when the postal code is unknown', async () => {
    const items = [
      { id: 1, productId: market.r.id, productVariantId: market.r3.id, quantity: 2, budgetPrice: '10' },
    ];
    const anywhere = await listItemSupply(t.db, { postalCode: '28202', radiusRestriction: null }, items);
    expect(anywhere.get(1)).toEqual({
      branchCount: 1,
      lowestPrice: '5.00',
      medianPrice: '5.00',
      percentDiff: -50,
      suggestedRadius: null,
    });
    // Within 10 miles nobody has it: the radius that reaches the Seattle branch is suggested.
    const near = await listItemSupply(t.db, { postalCode: '28202', radiusRestriction: 10 }, items);
    expect(near.get(1)).toMatchObject({ branchCount: 0, suggestedRadius: 2300 });
    const unknownPlace = await listItemSupply(t.db, { postalCode: '00000', radiusRestriction: 10 }, items);
    expect(unknownPlace.get(1)?.branchCount).toBe(1);
  });

  // How fast is the bench's to measure: `npm run bench -- --only matching` times the finished hubsheet's
  // GET, which prices every line through listItemSupply. A test only checks the answer.
  it('prices a 1,000-line list in one go', async () => {
    const items = Array.from({ length: 1_000 }, (_, index) => ({
      id: index + 1,
      productId: index % 2 === 0 ? market.p.id : market.q.id,
      productVariantId: index % 2 === 0 ? market.p3.id : null,
      quantity: (index % 20) + 1,
      budgetPrice: '20.00',
    }));
    const supply = await listItemSupply(t.db, { postalCode: '28202', radiusRestriction: 50 }, items);
    expect(supply.size).toBe(1_000);
    expect(supply.get(1)?.branchCount).toBe(3);
    expect(supply.get(2)?.branchCount).toBe(2);
  });
});

describe('match_suppliers', () => {
  it('suggests the branch set that covers the most matched lines at the lowest total', async () => {
    const buyer = await signedInBuyer(t.db);
    const { hubsheet, items } = await standardHubsheet({
      userId: buyer.user.id,
      organizationId: buyer.organization!.id,
    });
    const [l1, l2, l3, l4, l5, l6] = items;
    const match = await get<SupplierMatch>(buyer.headers, `/api/v1/hubsheets/${hubsheet.id}/match_suppliers`);
    // Beta alone fills L1, L2 and L5 (Alpha has only 120 for L5's 500); L3 and L6 only in Seattle.
    expect(match.branches).toHaveLength(1);
    expect(match.branches[0]).toMatchObject({
      id: market.beta.id,
      name: 'Beta',
      organizationName: 'Beta Nursery',
      displayAddress: 'Beta, NC',
      lineCount: 3,
      listItemIds: [l1.id, l2.id, l5.id],
      total: '16365.00',
    });
    expect(match.branches[0].distanceMiles).toBeGreaterThan(0);
    expect(match.branches[0].distanceMiles).toBeLessThan(50);
    expect(match.branches[0].lines.find((line) => line.listItemId === l2.id)).toMatchObject({
      productVariantId: market.q2.id,
      size: '#2',
      unitPrice: '9.00',
      total: '45.00',
    });
    expect(match.coveredCount).toBe(3);
    expect(match.uncoveredItemIds).toEqual([l3.id, l6.id]);
    expect(match.unmatchedItemIds).toEqual([l4.id]);
    expect(match.total).toBe('16365.00');
  });

  it('looks only among the favourite branches with match_favorite_suppliers', async () => {
    const buyer = await signedInBuyer(t.db);
    await t.db.insert(favoriteBranches).values({ userId: buyer.user.id, branchId: market.delta.id });
    const { hubsheet, items } = await standardHubsheet({
      userId: buyer.user.id,
      organizationId: buyer.organization!.id,
    });
    const [l1, l2, l3, , l5, l6] = items;
    const match = await get<SupplierMatch>(
      buyer.headers,
      `/api/v1/hubsheets/${hubsheet.id}/match_favorite_suppliers`,
    );
    expect(match.branches.map((branch) => branch.id)).toEqual([market.delta.id]);
    expect(match.branches[0]).toMatchObject({ listItemIds: [l1.id], total: '360.00' });
    expect(match.uncoveredItemIds).toEqual([l2.id, l3.id, l5.id, l6.id]);
    const same = await get<SupplierMatch>(
      buyer.headers,
      `/api/v1/hubsheets/${hubsheet.id}/match_suppliers?favorites=true`,
    );
    expect(same).toEqual(match);
  });

  it('suggests suppliers for a 1,000-line list quickly', async () => {
    const buyer = await signedInBuyer(t.db);
    const { hubsheet } = await insertHubsheet(
      { userId: buyer.user.id, organizationId: buyer.organization!.id },
      [],
    );
    await t.db.insert(listItems).values(
      Array.from({ length: 1_000 }, (_, index) => ({
        hubsheetId: hubsheet.id,
        position: index + 1,
        originalText: `Line ${index + 1}`,
        quantity: (index % 20) + 1,
        productId: index % 2 === 0 ? market.p.id : market.q.id,
        productVariantId: index % 2 === 0 ? market.p3.id : null,
        matchScore: 90,
        matchState: 'matched',
      })),
    );
    const started = performance.now();
    const match = await get<SupplierMatch>(buyer.headers, `/api/v1/hubsheets/${hubsheet.id}/match_suppliers`);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(match.coveredCount).toBe(1_000);
    expect(match.branches.map((branch) => branch.id)).toEqual([market.beta.id]);
  });

  it("prices the suggestion with the buyer's own discounts", async () => {
    const buyer = await signedInBuyer(t.db);
    await insertDiscount(t.db, {
      name: 'Agreed 10%',
      kind: 'purchase',
      operator: 'PERCENTAGE',
      value: 1_000,
      buyerOrganizationId: buyer.organization!.id,
      supplierOrganizationId: market.beta.organizationId,
    });
    const { hubsheet } = await insertHubsheet(
      { userId: buyer.user.id, organizationId: buyer.organization!.id },
      [{ originalText: 'Big order', quantity: 500, productId: market.p.id, productVariantId: market.p3.id }],
    );
    const match = await get<SupplierMatch>(buyer.headers, `/api/v1/hubsheets/${hubsheet.id}/match_suppliers`);
    expect(match.branches[0].lines[0]).toMatchObject({
      unitPrice: '28.80',
      priceCategory: 'Purchase Discount',
    });
    expect(match.total).toBe('14400.00');
  });

  it('prices a branch that declines purchase discounts at its book price', async () => {
    const buyer = await signedInBuyer(t.db);
    await insertDiscount(t.db, {
      name: 'Agreed 10%',
      kind: 'purchase',
      operator: 'PERCENTAGE',
      value: 1_000,
      buyerOrganizationId: buyer.organization!.id,
      supplierOrganizationId: market.beta.organizationId,
    });
    const declining = eq(branches.organizationId, market.beta.organizationId);
    await t.db.update(branches).set({ honorsPurchaseDiscount: false }).where(declining);
    try {
      const { hubsheet } = await insertHubsheet(
        { userId: buyer.user.id, organizationId: buyer.organization!.id },
        [
          {
            originalText: 'Big order',
            quantity: 500,
            productId: market.p.id,
            productVariantId: market.p3.id,
          },
        ],
      );
      const match = await get<SupplierMatch>(
        buyer.headers,
        `/api/v1/hubsheets/${hubsheet.id}/match_suppliers`,
      );
      expect(match.branches[0].lines[0].priceCategory).not.toBe('Purchase Discount');
      expect(match.total).toBe('16000.00');
    } finally {
      await t.db.update(branches).set({ honorsPurchaseDiscount: true }).where(declining);
    }
  });

  it('reaches Seattle when the hubsheet has no radius', async () => {
    const buyer = await signedInBuyer(t.db);
    const { hubsheet } = await insertHubsheet(
      { userId: buyer.user.id, organizationId: buyer.organization!.id },
      [{ originalText: 'Ilex glabra', quantity: 2, productId: market.r.id, productVariantId: market.r3.id }],
      { radiusRestriction: null },
    );
    const match = await get<SupplierMatch>(buyer.headers, `/api/v1/hubsheets/${hubsheet.id}/match_suppliers`);
    expect(match.branches.map((branch) => branch.id)).toEqual([market.cedar.id]);
    expect(match.total).toBe('10.00');
  });
});

describe('branch_supply_check', () => {
  it('tells per line what one branch can supply, at what price, or why not', async () => {
    const buyer = await signedInBuyer(t.db);
    const { hubsheet, items } = await standardHubsheet({
      userId: buyer.user.id,
      organizationId: buyer.organization!.id,
    });
    const [l1, l2, l3, l4, l5, l6] = items;
    const check = await get<{
      branch: { id: number; withinRadius: boolean; distanceMiles: number };
      items: SupplyCheckLine[];
      suppliableCount: number;
      total: string;
    }>(buyer.headers, `/api/v1/hubsheets/${hubsheet.id}/branch_supply_check?branchId=${market.alpha.id}`);
    expect(check.branch).toMatchObject({ id: market.alpha.id, withinRadius: true });
    const byId = new Map(check.items.map((line) => [line.listItemId, line]));
    expect(byId.get(l1.id)).toMatchObject({
      canSupply: true,
      status: 'available',
      reason: null,
      productVariantId: market.p3.id,
      quantityNeeded: 10,
      quantityAvailable: 120,
      unitPrice: '28.00',
      total: '280.00',
    });
    expect(byId.get(l2.id)).toMatchObject({
      canSupply: true,
      size: '#1',
      unitPrice: '15.00',
      total: '75.00',
    });
    expect(byId.get(l3.id)).toMatchObject({
      canSupply: false,
      status: 'out_of_stock',
      reason: 'Currently out of stock at this supplier',
    });
    expect(byId.get(l4.id)).toMatchObject({ status: 'not_matched', reason: 'Not matched to a product yet' });
    expect(byId.get(l5.id)).toMatchObject({
      canSupply: false,
      status: 'short',
      reason: 'Only 120 available; the line needs 500',
      quantityAvailable: 120,
    });
    expect(byId.get(l6.id)).toMatchObject({
      status: 'other_size',
      reason: 'This supplier does not list this size; it has #3',
    });
    expect(check.suppliableCount).toBe(2);
    expect(check.total).toBe('355.00');

    const far = await get<{ branch: { withinRadius: boolean } }>(
      buyer.headers,
      `/api/v1/hubsheets/${hubsheet.id}/branch_supply_check?branchId=${market.cedar.id}`,
    );
    expect(far.branch.withinRadius).toBe(false);
    await get(buyer.headers, `/api/v1/hubsheets/${hubsheet.id}/branch_supply_check?branchId=999999`, 404);
  });
});

describe('branch_options', () => {
  it('lists the branches within the radius that have a line in stock, those that can fill it first', async () => {
    const buyer = await signedInBuyer(t.db);
    const { items } = await standardHubsheet({
      userId: buyer.user.id,
      organizationId: buyer.organization!.id,
    });
    const [l1, l2, , l4, l5] = items;
    type Options = { listItemId: number; matched: boolean; options: BranchOption[] };
    const first = await get<Options>(buyer.headers, `/api/v1/list_items/${l1.id}/branch_options`);
    expect(first.options.map((option) => [option.branchId, option.unitPrice, option.total])).toEqual([
      [market.alpha.id, '28.00', '280.00'],
      [market.beta.id, '32.00', '320.00'],
      [market.delta.id, '36.00', '360.00'],
    ]);
    // Alpha and Delta cannot fill 500; Beta can, so it comes first.
    const big = await get<Options>(buyer.headers, `/api/v1/list_items/${l5.id}/branch_options`);
    expect(big.options.map((option) => [option.branchId, option.canFill])).toEqual([
      [market.beta.id, true],
      [market.alpha.id, false],
      [market.delta.id, false],
    ]);
    const anySize = await get<Options>(buyer.headers, `/api/v1/list_items/${l2.id}/branch_options`);
    expect(anySize.options.map((option) => [option.branchId, option.size])).toEqual([
      [market.beta.id, '#2'],
      [market.alpha.id, '#1'],
    ]);
    const unmatched = await get<Options>(buyer.headers, `/api/v1/list_items/${l4.id}/branch_options`);
    expect(unmatched).toEqual({ listItemId: l4.id, matched: false, options: [] });
    const stranger = await signedInBuyer(t.db);
    await get(stranger.headers, `/api/v1/list_items/${l1.id}/branch_options`, 404);
  });
});

describe('add_to_cart', () => {
  it('creates a cart with the chosen lines per branch and remembers the branch and cart of each line', async () => {
    const buyer = await signedInBuyer(t.db);
    const { hubsheet, items } = await standardHubsheet({
      userId: buyer.user.id,
      organizationId: buyer.organization!.id,
    });
    const [l1, l2, , l4] = items;
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/hubsheets/${hubsheet.id}/add_to_cart`,
      headers: buyer.headers,
      payload: {
        assignments: [
          { listItemId: l1.id, branchId: market.alpha.id },
          { listItemId: l2.id, branchId: market.beta.id },
          { listItemId: l4.id, branchId: market.alpha.id },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<{
      cartId: number;
      cartName: string;
      created: boolean;
      addedCount: number;
      skipped: { listItemId: number; reason: string }[];
    }>();
    expect(result).toMatchObject({ cartName: 'Oak Street Courtyard', created: true, addedCount: 2 });
    expect(result.skipped).toEqual([
      { listItemId: l4.id, reason: 'This line is not matched to a product yet.' },
    ]);

    const cart = await get<CartView>(buyer.headers, `/api/v1/carts/${result.cartId}`);
    const lines = cart.items.map((item) => ({
      branchId: item.branchId,
      productVariantId: item.productVariantId,
      quantity: item.quantity,
    }));
    expect(lines).toEqual(
      expect.arrayContaining([
        { branchId: market.alpha.id, productVariantId: market.p3.id, quantity: 10 },
        { branchId: market.beta.id, productVariantId: market.q2.id, quantity: 5 },
      ]),
    );
    expect(lines).toHaveLength(2);
    expect(cart.jobData.postalCode).toBe('28202');

    const rows = await t.db.select().from(listItems).where(eq(listItems.hubsheetId, hubsheet.id));
    const row = (id: number) => rows.find((candidate) => candidate.id === id);
    expect(row(l1.id)).toMatchObject({ chosenBranchId: market.alpha.id, cartId: result.cartId });
    expect(row(l2.id)).toMatchObject({ chosenBranchId: market.beta.id, cartId: result.cartId });
    expect(row(l4.id)).toMatchObject({ chosenBranchId: null, cartId: null });

    // Adding the same line again to that cart adds nothing, and says why.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v1/hubsheets/${hubsheet.id}/add_to_cart`,
      headers: buyer.headers,
      payload: { cartId: result.cartId, assignments: [{ listItemId: l1.id, branchId: market.alpha.id }] },
    });
    expect(again.statusCode, again.body).toBe(422);
    expect(again.json()).toMatchObject({
      code: 'nothing_added',
      details: {
        skipped: [{ listItemId: l1.id, reason: 'This line is already in this cart from this supplier.' }],
      },
    });
    const unchanged = await get<CartView>(buyer.headers, `/api/v1/carts/${result.cartId}`);
    expect(unchanged.items.find((item) => item.branchId === market.alpha.id)?.quantity).toBe(10);
  });

  it('fills a given cart, skipping a line the branch does not list, for a site-use-only colleague', async () => {
    const buyer = await signedInBuyer(t.db);
    const colleague = await insertUser(t.db, {
      organizationId: buyer.organization!.id,
      status: 'approved_for_site_use_only',
    });
    const colleagueHeaders = bearer(await tokenFor(t.db, colleague.id));
    const { hubsheet, items } = await standardHubsheet({
      userId: buyer.user.id,
      organizationId: buyer.organization!.id,
    });
    const [l1, , , , , l6] = items;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/carts',
      headers: colleagueHeaders,
      payload: { name: 'Phase 2' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const cartId = created.json<{ id: number }>().id;
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/hubsheets/${hubsheet.id}/add_to_cart`,
      headers: colleagueHeaders,
      payload: {
        cartId,
        assignments: [
          { listItemId: l1.id, branchId: market.beta.id },
          { listItemId: l6.id, branchId: market.beta.id },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      cartId,
      created: false,
      addedCount: 1,
      skipped: [{ listItemId: l6.id, reason: 'This supplier does not list the matched product and size.' }],
    });
    const cart = await get<CartView>(colleagueHeaders, `/api/v1/carts/${cartId}`);
    expect(cart.items.map((item) => item.productVariantId)).toEqual([market.p3.id]);
  });

  it('refuses a submitted cart and changes no line', async () => {
    const buyer = await signedInBuyer(t.db);
    const { hubsheet, items } = await standardHubsheet({
      userId: buyer.user.id,
      organizationId: buyer.organization!.id,
    });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/carts',
      headers: buyer.headers,
      payload: { name: 'Sent already' },
    });
    const cartId = created.json<{ id: number }>().id;
    await t.db.update(carts).set({ state: 'submitted', submittedAt: new Date() }).where(eq(carts.id, cartId));
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/hubsheets/${hubsheet.id}/add_to_cart`,
      headers: buyer.headers,
      payload: { cartId, assignments: [{ listItemId: items[0].id, branchId: market.alpha.id }] },
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toMatchObject({ code: 'cart_submitted' });
    const [line] = await t.db.select().from(listItems).where(eq(listItems.id, items[0].id));
    expect(line).toMatchObject({ cartId: null, chosenBranchId: null });
  });

  it('keeps nothing when no line can be added, not even the new cart', async () => {
    const buyer = await signedInBuyer(t.db);
    const { hubsheet, items } = await standardHubsheet({
      userId: buyer.user.id,
      organizationId: buyer.organization!.id,
    });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/hubsheets/${hubsheet.id}/add_to_cart`,
      headers: buyer.headers,
      payload: { assignments: [{ listItemId: items[3].id, branchId: market.alpha.id }] },
    });
    expect(response.statusCode, response.body).toBe(422);
    const current = await get<{ cart: unknown }>(buyer.headers, '/api/v1/carts/current');
    expect(current.cart).toBeNull();
  });
});

describe('download', () => {
  it('hands the list back as CSV with its own columns and the added ones', async () => {
    const buyer = await signedInBuyer(t.db);
    const { hubsheet, items } = await standardHubsheet({
      userId: buyer.user.id,
      organizationId: buyer.organization!.id,
    });
    // A line added on the page has no source row: it fills the mapped columns.
    await t.db.insert(listItems).values({
      hubsheetId: hubsheet.id,
      position: 7,
      originalText: 'Ilex glabra added',
      sizeText: '#3',
      quantityText: '6',
      quantity: 6,
      budgetPrice: '12.00',
      productId: market.r.id,
      productVariantId: market.r3.id,
      matchScore: 100,
      matchState: 'matched',
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/hubsheets/${hubsheet.id}/add_to_cart`,
      headers: buyer.headers,
      payload: { assignments: [{ listItemId: items[0].id, branchId: market.alpha.id }] },
    });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/hubsheets/${hubsheet.id}/download?format=csv`,
      headers: buyer.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain(
      'attachment; filename="Oak Street Courtyard.csv"',
    );
    const body = response.body;
    expect(body.startsWith('\uFEFF')).toBe(true);
    const records = body.slice(1).split('\r\n');
    expect(records[0]).toBe(
      'Plant,Size,Qty,Budget,Remarks,Matched Product,Matched Size,Best Guess,Confidence,Confidence Label,Supplier,Price,Availability,Market Estimate',
    );
    // The formula in the buyer's remarks is neutralised; the chosen supplier's price and stock follow.
    expect(records[1]).toBe(
      `Acer rubrum 'October Glory',#3,10,25.00,"'=HYPERLINK(""http://x"")",Acer rubrum 'October Glory',#3,,92,Match,Alpha Nursery - Alpha,28.00,120 available,32.00`,
    );
    expect(records[2]).toBe(
      `Hydrangea pan. Limelight,,5,,"plant in groups, of 3",Hydrangea paniculata 'Limelight',,,80,Match,,,2 suppliers nearby,12.00`,
    );
    expect(records[4]).toBe('Mystery shrub,,4,,,,,,0,No Match,,,,');
    expect(records[7]).toBe(
      'Ilex glabra added,#3,6,12.00,,Ilex glabra,#3,,100,Perfect Match,,,No suppliers nearby; a 2300-mile radius finds one,',
    );
    expect(records).toHaveLength(9);
    expect(records[8]).toBe('');
  });

  it('hands the list back as an .xlsx workbook that reads back with the same columns', async () => {
    const buyer = await signedInBuyer(t.db);
    const { hubsheet } = await standardHubsheet({
      userId: buyer.user.id,
      organizationId: buyer.organization!.id,
    });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/hubsheets/${hubsheet.id}/download?format=xlsx`,
      headers: buyer.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toContain('filename="Oak Street Courtyard.xlsx"');
    const book = XLSX.read(response.rawPayload, { type: 'buffer' });
    const sheet = book.Sheets[book.SheetNames[0]];
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, defval: null });
    expect(rows[0]).toEqual([
      'Plant',
      'Size',
      'Qty',
      'Budget',
      'Remarks',
      'Matched Product',
      'Matched Size',
      'Best Guess',
      'Confidence',
      'Confidence Label',
      'Supplier',
      'Price',
      'Availability',
      'Market Estimate',
    ]);
    expect(rows[1]).toEqual([
      "Acer rubrum 'October Glory'",
      '#3',
      10,
      25,
      '=HYPERLINK("http://x")',
      "Acer rubrum 'October Glory'",
      '#3',
      null,
      92,
      'Match',
      null,
      null,
      '3 suppliers nearby',
      32,
    ]);
    // Plain numbers become numbers with their decimals; text that looks like a formula stays text.
    expect(sheet.D2).toMatchObject({ t: 'n', v: 25, w: '25.00' });
    expect(sheet.E2.t).toBe('s');
    expect(sheet.E2.f).toBeUndefined();
    expect(rows).toHaveLength(7);
  });
});

describe('access', () => {
  it('answers 404 to another organisation, 403 to a suspended user and 401 to anonymous callers', async () => {
    const owner = await signedInBuyer(t.db);
    const { hubsheet, items } = await standardHubsheet({
      userId: owner.user.id,
      organizationId: owner.organization!.id,
    });
    const stranger = await signedInBuyer(t.db);
    const suspended = await insertUser(t.db, {
      organizationId: owner.organization!.id,
      status: 'no_site_use',
    });
    const suspendedHeaders = bearer(await tokenFor(t.db, suspended.id));
    const base = `/api/v1/hubsheets/${hubsheet.id}`;
    const urls = [
      `${base}/match_suppliers`,
      `${base}/match_favorite_suppliers`,
      `${base}/branch_supply_check?branchId=${market.alpha.id}`,
      `${base}/download?format=csv`,
    ];
    for (const url of urls) {
      const foreign = await t.app.inject({ method: 'GET', url, headers: stranger.headers });
      expect(foreign.statusCode, url).toBe(404);
      expect(foreign.json()).toMatchObject({ message: 'Hubsheet not found' });
      expect((await t.app.inject({ method: 'GET', url, headers: suspendedHeaders })).statusCode, url).toBe(
        403,
      );
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    const payload = { assignments: [{ listItemId: items[0].id, branchId: market.alpha.id }] };
    const foreignAdd = await t.app.inject({
      method: 'POST',
      url: `${base}/add_to_cart`,
      headers: stranger.headers,
      payload,
    });
    expect(foreignAdd.statusCode).toBe(404);
    const suspendedAdd = await t.app.inject({
      method: 'POST',
      url: `${base}/add_to_cart`,
      headers: suspendedHeaders,
      payload,
    });
    expect(suspendedAdd.statusCode).toBe(403);
    // Someone else's cart cannot be filled from one's own hubsheet.
    const strangerCart = await t.app.inject({
      method: 'POST',
      url: '/api/v1/carts',
      headers: stranger.headers,
      payload: { name: 'Not yours' },
    });
    const intoForeignCart = await t.app.inject({
      method: 'POST',
      url: `${base}/add_to_cart`,
      headers: owner.headers,
      payload: { ...payload, cartId: strangerCart.json<{ id: number }>().id },
    });
    expect(intoForeignCart.statusCode).toBe(404);
  });
});
