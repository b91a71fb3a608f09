import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsOffMessage } from '../../../domain/reports/reports';
import { fixedClock } from '../../core/clock';
import { supplierListing } from '../../test/cart-factories';
import { insertProduct } from '../../test/catalog-factories';
import { bearer, insertBranch, insertOrganization, insertUser, tokenFor } from '../../test/factories';
import { createTestApp } from '../../test/test-app';
import { ensureKnownFeatures } from '../features/features.service';
import { featureEnablements, features } from '../features/features.tables';
import { orderItems, orders, purchaseOrderResponses } from '../orders/orders.tables';
import { searchEvents, searchImpressions } from '../search/search.tables';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock('2026-11-24T15:00:00Z') });
});
afterAll(() => t?.close());

let n = 0;

async function withAnalytics(organizationId: number) {
  await ensureKnownFeatures(t.db);
  const [feature] = await t.db.select().from(features).where(eq(features.name, 'dashboardAccess'));
  await t.db.insert(featureEnablements).values({ featureId: feature.id, organizationId });
  t.app.deps.features.invalidate();
}

async function order(values: {
  buyerOrganizationId: number;
  buyerUserId: number;
  supplierOrganizationId: number;
  branchId: number;
  submittedAt: string;
  total: number;
  state?: string;
  name?: string;
  jobNumber?: string;
  respondedAfterHours?: number;
  item?: { productId: number; name: string; quantity: number };
}) {
  const [row] = await t.db
    .insert(orders)
    .values({
      orderNumber: `R-${++n}-${Math.random().toString(36).slice(2, 6)}`,
      name: values.name ?? 'Job',
      jobNumber: values.jobNumber,
      state: values.state ?? 'confirmed',
      userId: values.buyerUserId,
      buyerOrganizationId: values.buyerOrganizationId,
      branchId: values.branchId,
      supplierOrganizationId: values.supplierOrganizationId,
      originalSubtotal: values.total,
      subtotal: values.total,
      supplierSubtotal: values.total,
      total: values.total,
      submittedAt: new Date(values.submittedAt),
    })
    .returning();
  if (values.item) {
    await t.db.insert(orderItems).values({
      orderId: row.id,
      position: 1,
      productId: values.item.productId,
      primaryName: values.item.name,
      size: '#3',
      quantity: values.item.quantity,
      buyerTotal: values.total,
      supplierTotal: values.total,
    });
  }
  if (values.respondedAfterHours !== undefined) {
    await t.db.insert(purchaseOrderResponses).values({
      orderId: row.id,
      version: 1,
      respondedWith: 'confirm_order',
      createdAt: new Date(new Date(values.submittedAt).getTime() + values.respondedAfterHours * 3_600_000),
    });
  }
  return row;
}

/** A supplier with two branches and a buyer, both with a signed-in user. */
async function marketplace() {
  const listing = await supplierListing(t.db);
  const second = await insertBranch(t.db, listing.organizationId, { name: 'Second Yard' });
  const supplierUser = await insertUser(t.db, { organizationId: listing.organizationId });
  const buyerOrganization = await insertOrganization(t.db, { name: `Buyer ${++n}` });
  const buyerUser = await insertUser(t.db, { organizationId: buyerOrganization.id });
  return {
    listing,
    second,
    supplier: { id: listing.organizationId, headers: bearer(await tokenFor(t.db, supplierUser.id)) },
    buyer: { id: buyerOrganization.id, user: buyerUser, headers: bearer(await tokenFor(t.db, buyerUser.id)) },
  };
}

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

describe('GET /api/v1/reports/supplier', () => {
  it('sums orders and revenue by week and branch, response times, top products and search clicks in the range', async () => {
    const m = await marketplace();
    await withAnalytics(m.supplier.id);
    const base = {
      buyerOrganizationId: m.buyer.id,
      buyerUserId: m.buyer.user.id,
      supplierOrganizationId: m.supplier.id,
    };
    const item = { productId: m.listing.product.id, name: 'Acer rubrum', quantity: 5 };
    await order({
      ...base,
      branchId: m.listing.branch.id,
      submittedAt: '2026-11-02T10:00:00Z',
      total: 10_000,
      respondedAfterHours: 2,
      item,
    });
    await order({
      ...base,
      branchId: m.listing.branch.id,
      submittedAt: '2026-11-03T10:00:00Z',
      total: 5_000,
      respondedAfterHours: 6,
      item,
    });
    await order({
      ...base,
      branchId: m.second.id,
      submittedAt: '2026-11-10T10:00:00Z',
      total: 7_000,
      state: 'cancelled',
    });
    // Outside the range, and another supplier's order: not counted.
    await order({
      ...base,
      branchId: m.listing.branch.id,
      submittedAt: '2026-09-01T10:00:00Z',
      total: 99_000,
    });
    const other = await supplierListing(t.db);
    await order({
      ...base,
      supplierOrganizationId: other.organizationId,
      branchId: other.branch.id,
      submittedAt: '2026-11-05T10:00:00Z',
      total: 50_000,
    });
    const elsewhere = await insertProduct(t.db);
    await t.db.insert(searchEvents).values([
      { eventType: 'CLICK', productId: m.listing.product.id, createdAt: new Date('2026-11-05T00:00:00Z') },
      { eventType: 'CLICK', productId: m.listing.product.id, createdAt: new Date('2026-11-06T00:00:00Z') },
      { eventType: 'CLICK', productId: elsewhere.id, createdAt: new Date('2026-11-06T00:00:00Z') },
    ]);

    const response = await get(
      '/api/v1/reports/supplier?startDate=2026-11-01&endDate=2026-11-30',
      m.supplier.headers,
    );
    expect(response.statusCode).toBe(200);
    const report = response.json();
    expect(report.range).toEqual({ startDate: '2026-11-01', endDate: '2026-11-30' });
    expect(report.totals).toEqual({
      orders: 3,
      revenue: 15_000,
      responded: 2,
      averageResponseHours: 4,
      medianResponseHours: 4,
      searchClicks: 2,
      searchImpressions: 0,
    });
    expect(report.byWeek).toEqual([
      { week: '2026-11-02', orders: 2, amount: 15_000 },
      { week: '2026-11-09', orders: 1, amount: 0 },
    ]);
    expect(
      report.byBranch.map((b: { branchId: number; orders: number; revenue: number }) => [
        b.branchId,
        b.orders,
        b.revenue,
      ]),
    ).toEqual([
      [m.listing.branch.id, 2, 15_000],
      [m.second.id, 1, 0],
    ]);
    expect(report.topProducts).toEqual([
      { name: 'Acer rubrum', size: '#3', quantity: 10, revenue: 15_000, orders: 2 },
    ]);
    expect(report.searchClicks).toEqual([
      { productId: m.listing.product.id, name: m.listing.product.primaryName, clicks: 2 },
    ]);
  });

  it('counts search impressions per branch and day from results pages, batched by the tracker', async () => {
    const m = await marketplace();
    await withAnalytics(m.supplier.id);
    const other = await marketplace();
    await withAnalytics(other.supplier.id);
    const query = encodeURIComponent(m.listing.product.primaryName);
    for (let i = 0; i < 3; i++) {
      const found = await get(`/api/v1/products/search?query=${query}&pageName=Search`, m.buyer.headers);
      expect(found.statusCode, found.body).toBe(200);
      expect(found.json().results.map((r: { id: number }) => r.id)).toContain(m.listing.product.id);
    }
    // The header's suggestions are not a results page.
    await get(
      `/api/v1/products/search?query=${query}&pageName=${encodeURIComponent('Header Search')}`,
      m.buyer.headers,
    );
    // The tracker writes in batches, never inside a search; flushing now writes what it holds.
    await t.app.deps.searchTracker.flush();

    const rows = await t.db
      .select()
      .from(searchImpressions)
      .where(eq(searchImpressions.branchId, m.listing.branch.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ day: '2026-11-24', impressions: 3 });

    const report = (await get('/api/v1/reports/supplier', m.supplier.headers)).json();
    expect(report.totals.searchImpressions).toBe(3);
    // The second branch lists nothing, so its listings were never shown.
    expect(report.searchImpressions).toEqual([
      { branchId: m.listing.branch.id, branchName: m.listing.branch.name, impressions: 3 },
    ]);
    const others = (await get('/api/v1/reports/supplier', other.supplier.headers)).json();
    expect(others.searchImpressions.map((row: { branchId: number }) => row.branchId)).not.toContain(
      m.listing.branch.id,
    );
  });

  it('defaults to the last 12 weeks up to the clock’s today', async () => {
    const m = await marketplace();
    await withAnalytics(m.supplier.id);
    const report = (await get('/api/v1/reports/supplier', m.supplier.headers)).json();
    expect(report.range).toEqual({ startDate: '2026-09-02', endDate: '2026-11-24' });
  });

  it('refuses a company without dashboardAccess with 403, a buyer with 404, and a reversed range with 400', async () => {
    const m = await marketplace();
    const off = await get('/api/v1/reports/supplier', m.supplier.headers);
    expect(off.statusCode).toBe(403);
    expect(off.json().message).toBe(analyticsOffMessage);
    await withAnalytics(m.buyer.id);
    expect((await get('/api/v1/reports/supplier', m.buyer.headers)).statusCode).toBe(404);
    const reversed = await get(
      '/api/v1/reports/buyer?startDate=2026-11-30&endDate=2026-11-01',
      m.buyer.headers,
    );
    expect(reversed.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/reports/buyer' })).statusCode).toBe(401);
  });
});

describe('GET /api/v1/reports/buyer', () => {
  it('sums spend by supplier and by job for the buyer’s company only', async () => {
    const m = await marketplace();
    await withAnalytics(m.buyer.id);
    const base = {
      buyerOrganizationId: m.buyer.id,
      buyerUserId: m.buyer.user.id,
      supplierOrganizationId: m.supplier.id,
      branchId: m.listing.branch.id,
    };
    await order({
      ...base,
      submittedAt: '2026-11-02T10:00:00Z',
      total: 10_000,
      name: 'Oak Park',
      jobNumber: 'J-1',
    });
    await order({
      ...base,
      submittedAt: '2026-11-04T10:00:00Z',
      total: 2_500,
      name: 'Oak Park',
      jobNumber: 'J-1',
    });
    await order({ ...base, submittedAt: '2026-11-04T10:00:00Z', total: 4_000, name: 'Elm Court' });
    const stranger = await insertOrganization(t.db);
    await order({
      ...base,
      buyerOrganizationId: stranger.id,
      submittedAt: '2026-11-04T10:00:00Z',
      total: 80_000,
    });

    const report = (
      await get('/api/v1/reports/buyer?startDate=2026-11-01&endDate=2026-11-30', m.buyer.headers)
    ).json();
    expect(report.totals).toEqual({ orders: 3, spend: 16_500 });
    expect(report.bySupplier).toEqual([{ supplierName: expect.any(String), orders: 3, spend: 16_500 }]);
    expect(report.byJob).toEqual([
      { job: 'J-1 · Oak Park', orders: 2, spend: 12_500 },
      { job: 'Elm Court', orders: 1, spend: 4_000 },
    ]);
  });
});
