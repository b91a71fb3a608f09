import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartView } from '../../../domain/carts/cart-view';
import { landedCostTexts } from '../../../domain/hubsheets/landed-cost';
import type { SupplierMatch } from '../../../domain/hubsheets/sourcing-views';
import { signedInBuyer } from '../../test/cart-factories';
import { insertAvailability, insertProduct, insertVariant } from '../../test/catalog-factories';
import { insertBranch, insertOrganization } from '../../test/factories';
import { createTestApp } from '../../test/test-app';
import { trucks } from '../logistics/logistics.tables';
import { hubsheets, listItems } from './hubsheets.tables';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// The job is in Charlotte, NC (28202). Near: in town; Greensboro: about 80 miles; Seattle: across the country.
const places = {
  near: { latitude: 35.23, longitude: -80.84 },
  greensboro: { latitude: 36.07, longitude: -79.79 },
  seattle: { latitude: 47.6, longitude: -122.3 },
};

async function supplierBranch(name: string, place: { latitude: number; longitude: number }) {
  const organization = await insertOrganization(t.db, { name: `${name} Nursery`, isBuyer: false });
  return insertBranch(t.db, organization.id, { name, displayAddress: `${name}`, ...place });
}

/**
 * One product in #3 (40 to a pallet): Near sells it at $30, Greensboro at $27, Seattle at $10.
 * A line of 100 fills 2.5 pallets.
 */
async function seedMarket() {
  const near = await supplierBranch('Near', places.near);
  const greensboro = await supplierBranch('Greensboro', places.greensboro);
  const seattle = await supplierBranch('Seattle', places.seattle);
  const product = await insertProduct(t.db, { primaryName: 'Ilex glabra' });
  const variant = await insertVariant(t.db, product.id, { size: '#3' });
  const tier = (price: number) => [{ quantityMin: 1, price }];
  await insertAvailability(t.db, { branchId: near.id, variant, priceTiers: tier(3_000) });
  await insertAvailability(t.db, { branchId: greensboro.id, variant, priceTiers: tier(2_700) });
  await insertAvailability(t.db, { branchId: seattle.id, variant, priceTiers: tier(1_000) });
  return { near, greensboro, seattle, product, variant };
}

let market: Awaited<ReturnType<typeof seedMarket>>;
beforeAll(async () => {
  market = await seedMarket();
});

async function hubsheetFor(
  owner: { userId: number; organizationId: number },
  values: Partial<typeof hubsheets.$inferInsert> = {},
) {
  const [hubsheet] = await t.db
    .insert(hubsheets)
    .values({
      name: 'Courthouse square',
      userId: owner.userId,
      organizationId: owner.organizationId,
      postalCode: '28202',
      radiusRestriction: null,
      ...values,
    })
    .returning();
  const [item] = await t.db
    .insert(listItems)
    .values({
      hubsheetId: hubsheet.id,
      position: 1,
      originalText: 'Ilex glabra',
      sizeText: '#3',
      quantity: 100,
      matchState: 'matched',
      matchScore: 100,
      productId: market.product.id,
      productVariantId: market.variant.id,
    })
    .returning();
  return { hubsheet, item };
}

async function matchSuppliers(headers: Record<string, string>, id: number) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/hubsheets/${id}/match_suppliers`,
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SupplierMatch>();
}

describe('landed cost in match_suppliers', () => {
  it('without trucks chooses by price alone and says there is no freight estimate', async () => {
    const buyer = await signedInBuyer(t.db);
    const { hubsheet } = await hubsheetFor({ userId: buyer.user.id, organizationId: buyer.organization!.id });
    const match = await matchSuppliers(buyer.headers, hubsheet.id);
    expect(match.branches.map((branch) => branch.id)).toEqual([market.seattle.id]);
    expect(match.branches[0]).toMatchObject({
      estimatedFreight: null,
      landedTotal: 100_000,
      truckFill: null,
    });
    expect(match.branches[0].lines[0]).toMatchObject({
      freightShare: null,
      estimatedUnitPrice: null,
      pallets: 2.5,
    });
    expect(match).toMatchObject({
      estimatedFreight: null,
      landedTotal: 100_000,
      freightEstimate: { available: false, note: landedCostTexts.noTrucks, rateSource: null },
      oneFewerStop: null,
    });
  });

  it('with a truck picks the farther branch whose landed total is lowest, not the nearest nor the cheapest', async () => {
    await t.db.insert(trucks).values([
      {
        name: 'Flatbed',
        palletCapacity: 26,
        weightCapacityLb: 48_000,
        ratePerMile: 300,
        minimumCharge: 50_000,
      },
      {
        name: 'Retired van',
        palletCapacity: 4,
        weightCapacityLb: 4_000,
        ratePerMile: 1,
        minimumCharge: 0,
        active: false,
      },
    ]);
    const buyer = await signedInBuyer(t.db);
    const { hubsheet, item } = await hubsheetFor({
      userId: buyer.user.id,
      organizationId: buyer.organization!.id,
    });
    const match = await matchSuppliers(buyer.headers, hubsheet.id);
    // Near: $3,000 + $500 minimum = $3,500. Greensboro (~80 mi × $3 = $240 → $500 minimum): $2,700 +
    // $500 = $3,200. Seattle: $1,000 + ~2,300 mi × $3 ≈ $6,900.
    expect(match.branches.map((branch) => branch.id)).toEqual([market.greensboro.id]);
    const [branch] = match.branches;
    expect(branch).toMatchObject({
      total: '2700.00',
      estimatedFreight: 50_000,
      landedTotal: 320_000,
      truckFill: {
        pallets: 2.5,
        trucks: 1,
        truckName: 'Flatbed',
        palletCapacity: 26,
        fillPercent: 10,
        ratePerMile: 300,
      },
    });
    expect(branch.distanceMiles).toBeGreaterThan(60);
    expect(branch.lines[0]).toMatchObject({
      listItemId: item.id,
      unitPrice: '27.00',
      pallets: 2.5,
      freightShare: 50_000,
      estimatedUnitPrice: 3_200,
    });
    expect(match).toMatchObject({
      total: '2700.00',
      estimatedFreight: 50_000,
      landedTotal: 320_000,
      freightEstimate: { available: true, note: null, rateSource: 'truck' },
      oneFewerStop: null,
    });
  });

  it("uses the hubsheet's logisticsRate per mile, which can make the nearer branch the cheaper landed", async () => {
    const buyer = await signedInBuyer(t.db);
    const { hubsheet } = await hubsheetFor(
      { userId: buyer.user.id, organizationId: buyer.organization!.id },
      { logisticsRate: '20.00' },
    );
    const match = await matchSuppliers(buyer.headers, hubsheet.id);
    // Greensboro: ~80 mi × $20 ≈ $1,600 freight + $2,700 > Near: $500 minimum + $3,000.
    expect(match.branches.map((branch) => branch.id)).toEqual([market.near.id]);
    expect(match.branches[0]).toMatchObject({ estimatedFreight: 50_000, landedTotal: 350_000 });
    expect(match.branches[0].truckFill?.ratePerMile).toBe(2_000);
    expect(match.freightEstimate.rateSource).toBe('hubsheet');
  });

  it('without a postal code falls back to price alone and says why', async () => {
    const buyer = await signedInBuyer(t.db);
    const { hubsheet } = await hubsheetFor(
      { userId: buyer.user.id, organizationId: buyer.organization!.id },
      { postalCode: null },
    );
    const match = await matchSuppliers(buyer.headers, hubsheet.id);
    expect(match.branches.map((branch) => branch.id)).toEqual([market.seattle.id]);
    expect(match).toMatchObject({
      estimatedFreight: null,
      landedTotal: 100_000,
      freightEstimate: { available: false, note: landedCostTexts.noPostalCode },
    });
  });

  it("adds the chosen lines to a cart with the metrics source 'Hubsheet'", async () => {
    const buyer = await signedInBuyer(t.db);
    const { hubsheet, item } = await hubsheetFor({
      userId: buyer.user.id,
      organizationId: buyer.organization!.id,
    });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/hubsheets/${hubsheet.id}/add_to_cart`,
      headers: buyer.headers,
      payload: { assignments: [{ listItemId: item.id, branchId: market.greensboro.id }] },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { cartId } = response.json<{ cartId: number }>();
    const cart = await t.app.inject({
      method: 'GET',
      url: `/api/v1/carts/${cartId}`,
      headers: buyer.headers,
    });
    expect(cart.json<CartView>().items).toMatchObject([{ quantity: 100, metricsSource: 'Hubsheet' }]);
  });
});
