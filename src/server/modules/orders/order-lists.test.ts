import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartView } from '../../../domain/carts/cart-view';
import type { OrderListItem } from '../../../domain/orders/order-views';
import { queryRows } from '../../db/client';
import { signedInBuyer, supplierListing } from '../../test/cart-factories';
import { bearer, insertOrganization, insertUser, tokenFor } from '../../test/factories';
import { createTestApp } from '../../test/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
type Headers = Record<string, string>;
type Listing = Awaited<ReturnType<typeof supplierListing>>;
type ListAnswer = { results: OrderListItem[]; totalCount: number; currentPage: number; totalPages: number };

/** Submits a cart named `name` with one line per listing, through the API; answers its orders. */
async function submitCart(
  headers: Headers,
  name: string,
  jobNumber: string | null,
  lines: [Listing, number][],
) {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/carts',
    headers,
    payload: { name, ...(jobNumber ? { jobData: { externalJobNumber: jobNumber } } : {}) },
  });
  expect(created.statusCode, created.body).toBe(201);
  const cart = created.json<CartView>();
  for (const [listing, quantity] of lines) {
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cart_items',
      headers,
      payload: {
        cartId: cart.id,
        branchId: listing.branch.id,
        productVariantId: listing.variant.id,
        quantity,
      },
    });
    expect(added.statusCode, added.body).toBe(201);
  }
  const submitted = await t.app.inject({ method: 'POST', url: `/api/v1/carts/${cart.id}/submit`, headers });
  expect(submitted.statusCode, submitted.body).toBe(200);
  return submitted.json<{ orders: { id: number; orderNumber: string; branchId: number }[] }>().orders;
}

const setOrder = (id: number, state: string, submittedAt: string) =>
  t.db.execute(
    sql`update orders set state = ${state}, submitted_at = ${submittedAt}::timestamptz where id = ${id}`,
  );

let buyer: Headers;
let otherBuyer: Headers;
let supplier: Headers;
let stranger: Headers;
let noOrganization: Headers;
let north: Listing;
let south: Listing;
let piedmont: Listing;
/** Orders by a short name: r = Riverside (north, piedmont), m = Maple (south), o = other buyer (north). */
const ids: Record<'rNorth' | 'rPiedmont' | 'mSouth' | 'oNorth', number> = {
  rNorth: 0,
  rPiedmont: 0,
  mSouth: 0,
  oNorth: 0,
};

beforeAll(async () => {
  t = await createTestApp();
  buyer = (await signedInBuyer(t.db)).headers;
  const otherOrganization = await insertOrganization(t.db, { name: 'Piedmont Builders' });
  otherBuyer = (await signedInBuyer(t.db, { organizationId: otherOrganization.id })).headers;
  north = await supplierListing(t.db, { branch: { name: 'Blue Ridge North' } });
  south = await supplierListing(t.db, {
    organizationId: north.organizationId,
    branch: { name: 'Blue Ridge South' },
  });
  piedmont = await supplierListing(t.db, { branch: { name: 'Piedmont Growers' } });
  const supplierUser = await insertUser(t.db, { organizationId: north.organizationId });
  supplier = bearer(await tokenFor(t.db, supplierUser.id));
  const strangerOrganization = await insertOrganization(t.db, { name: 'Nobody Inc' });
  stranger = bearer(
    await tokenFor(t.db, (await insertUser(t.db, { organizationId: strangerOrganization.id })).id),
  );
  noOrganization = bearer(await tokenFor(t.db, (await insertUser(t.db, { organizationId: null })).id));

  const riverside = await submitCart(buyer, 'Riverside Park', 'JOB-77', [
    [north, 3],
    [piedmont, 12],
  ]);
  ids.rNorth = riverside.find((order) => order.branchId === north.branch.id)?.id as number;
  ids.rPiedmont = riverside.find((order) => order.branchId === piedmont.branch.id)?.id as number;
  [{ id: ids.mSouth }] = await submitCart(buyer, 'Maple Court', null, [[south, 5]]);
  [{ id: ids.oNorth }] = await submitCart(otherBuyer, 'Other Job', null, [[north, 1]]);
  await setOrder(ids.rNorth, 'confirmed', '2026-03-01T10:00:00Z');
  await setOrder(ids.rPiedmont, 'needs_buyer_review', '2026-03-01T10:00:00Z');
  await setOrder(ids.mSouth, 'purchase_order_sent', '2026-03-05T23:30:00Z');
  await setOrder(ids.oNorth, 'cancelled', '2026-03-10T08:00:00Z');
});
afterAll(() => t.close());

async function list(headers: Headers, query: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/orders?${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ListAnswer>();
}
const idsOf = (answer: ListAnswer) => answer.results.map((order) => order.id);

describe('GET /api/v1/orders', () => {
  it("shows a buyer its organisation's orders with the buyer's labels and prices", async () => {
    const answer = await list(buyer, 'tab=buyer');
    expect(answer).toMatchObject({ totalCount: 3, currentPage: 1, totalPages: 1 });
    // Newest submission first; equal times by id, newest first.
    expect(idsOf(answer)).toEqual([ids.mSouth, ids.rPiedmont, ids.rNorth]);
    const riverside = answer.results.find((order) => order.id === ids.rNorth);
    expect(riverside).toMatchObject({
      name: 'Riverside Park',
      state: 'confirmed',
      displayState: { label: 'Confirmed', color: 'violet' },
      fulfillment: 'pickup',
      submittedAt: '2026-03-01T10:00:00.000Z',
      itemsCount: 1,
      branch: { id: north.branch.id, name: 'Blue Ridge North' },
      buyerOrganization: { name: 'Greenline Test' },
      jobNumber: 'JOB-77',
    });
    expect(riverside?.orderNumber).toMatch(/^Q-\d+-\d$/);
    expect(riverside?.buyer.fullName).toMatch(/^First\d+ Last\d+$/);
    expect(riverside?.total).toBeGreaterThan(0);
    expect(answer.results.find((order) => order.id === ids.rPiedmont)?.displayState).toEqual({
      label: 'Needs Proposal Review',
      color: 'orange',
    });
    // The default tab is buyer.
    expect(idsOf(await list(buyer, ''))).toEqual(idsOf(answer));
  });

  it("shows a supplier only its branches' orders with its labels and subtotals", async () => {
    const answer = await list(supplier, 'tab=supplier');
    expect(idsOf(answer)).toEqual([ids.oNorth, ids.mSouth, ids.rNorth]);
    expect(answer.results[1]).toMatchObject({
      displayState: { label: 'Needs Response', color: 'orange' },
      buyerOrganization: { name: 'Greenline Test' },
      branch: { name: 'Blue Ridge South' },
    });
    const [row] = await t.db
      .execute(sql`select supplier_subtotal::int as s from orders where id = ${ids.mSouth}`)
      .then((result) => (result as unknown as { rows: { s: number }[] }).rows);
    expect(answer.results[1].total).toBe(row.s);
    // The supplier's own buyer tab is empty: it ordered nothing.
    expect((await list(supplier, 'tab=buyer')).totalCount).toBe(0);
  });

  it('shows strangers and users without an organisation nothing', async () => {
    for (const headers of [stranger, noOrganization]) {
      for (const tab of ['buyer', 'supplier']) {
        expect(await list(headers, `tab=${tab}`)).toEqual({
          results: [],
          totalCount: 0,
          currentPage: 1,
          totalPages: 1,
        });
      }
    }
    expect(idsOf(await list(otherBuyer, 'tab=buyer'))).toEqual([ids.oNorth]);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/orders' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('filters by order type for each side', async () => {
    expect(idsOf(await list(buyer, 'tab=buyer&orderType=needs_response'))).toEqual([ids.rPiedmont]);
    expect(idsOf(await list(supplier, 'tab=supplier&orderType=needs_response'))).toEqual([ids.mSouth]);
    expect(idsOf(await list(supplier, 'tab=supplier&orderType=open'))).toEqual([ids.mSouth, ids.rNorth]);
    expect((await list(buyer, 'tab=buyer&orderType=open')).totalCount).toBe(3);
  });

  it('filters by submission days, both ends included', async () => {
    expect(idsOf(await list(supplier, 'tab=supplier&startDate=2026-03-05'))).toEqual([
      ids.oNorth,
      ids.mSouth,
    ]);
    expect(idsOf(await list(supplier, 'tab=supplier&endDate=2026-03-05'))).toEqual([ids.mSouth, ids.rNorth]);
    expect(idsOf(await list(supplier, 'tab=supplier&startDate=2026-03-05&endDate=2026-03-05'))).toEqual([
      ids.mSouth,
    ]);
    expect((await list(supplier, 'tab=supplier&startDate=2026-03-11')).totalCount).toBe(0);
  });

  it('refuses a start date after the end date, and dates that are not dates', async () => {
    const reversed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/orders?tab=supplier&startDate=2026-03-06&endDate=2026-03-05',
      headers: supplier,
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({
      message: 'Start date must be before end date',
      fields: { startDate: 'Start date must be before end date' },
    });
    for (const query of [
      'startDate=yesterday',
      'endDate=2026-13-45',
      'orderType=late',
      'tab=staff',
      'sort=id|asc',
    ]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/v1/orders?${query}`, headers: buyer });
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('searches order number, name, job number, branch and buyer organisation, ignoring case', async () => {
    const [{ order_number: orderNumber }] = await t.db
      .execute(sql`select order_number from orders where id = ${ids.mSouth}`)
      .then((result) => (result as unknown as { rows: { order_number: string }[] }).rows);
    expect(idsOf(await list(buyer, `query=${orderNumber}`))).toEqual([ids.mSouth]);
    expect(idsOf(await list(buyer, 'query=riverside%20PARK&sort=orderNumber|asc'))).toEqual([
      ids.rNorth,
      ids.rPiedmont,
    ]);
    expect(idsOf(await list(buyer, 'query=job-77')).sort()).toEqual([ids.rNorth, ids.rPiedmont].sort());
    expect(idsOf(await list(buyer, 'query=piedmont%20growers'))).toEqual([ids.rPiedmont]);
    expect(idsOf(await list(supplier, 'tab=supplier&query=piedmont%20builders'))).toEqual([ids.oNorth]);
    expect(idsOf(await list(supplier, 'tab=supplier&query=south'))).toEqual([ids.mSouth]);
    // Wildcards are literal.
    expect((await list(buyer, 'query=%25')).totalCount).toBe(0);
  });

  it('sorts by each field both ways', async () => {
    const byName = idsOf(await list(buyer, 'sort=name|asc'));
    expect(byName[0]).toBe(ids.mSouth);
    expect(idsOf(await list(buyer, 'sort=name|desc'))[2]).toBe(ids.mSouth);
    expect(idsOf(await list(buyer, 'sort=submittedAt|asc'))[2]).toBe(ids.mSouth);
    const byNumber = await list(buyer, 'sort=orderNumber|asc');
    const numbers = byNumber.results.map((order) => order.orderNumber);
    expect(numbers).toEqual([...numbers].sort());
    const byTotal = await list(supplier, 'tab=supplier&sort=total|desc');
    const totals = byTotal.results.map((order) => order.total);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    const byRequested = await list(buyer, 'sort=requestedOn|asc');
    expect(byRequested.totalCount).toBe(3);
  });

  it('pages', async () => {
    const all = idsOf(await list(supplier, 'tab=supplier'));
    const second = await list(supplier, 'tab=supplier&perPage=2&page=2');
    expect(second).toMatchObject({ totalCount: 3, currentPage: 2, totalPages: 2 });
    expect(idsOf(second)).toEqual(all.slice(2));
    expect(idsOf(await list(supplier, 'tab=supplier&perPage=2'))).toEqual(all.slice(0, 2));
    // Past the last page: no rows, the count still right.
    expect(await list(supplier, 'tab=supplier&perPage=2&page=5')).toEqual({
      results: [],
      totalCount: 3,
      currentPage: 5,
      totalPages: 2,
    });
  });
});

describe('GET /api/v1/orders/counts, names and buyer_orgs', () => {
  it('counts what waits for each side', async () => {
    const get = async (headers: Headers) =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/orders/counts', headers })).json();
    expect(await get(buyer)).toEqual({ buyerNeedsResponse: 1, supplierNeedsResponse: 0 });
    expect(await get(supplier)).toEqual({ buyerNeedsResponse: 0, supplierNeedsResponse: 1 });
    expect(await get(noOrganization)).toEqual({ buyerNeedsResponse: 0, supplierNeedsResponse: 0 });
  });

  it('lists distinct order names of a tab and the buyers of a supplier', async () => {
    const names = await t.app.inject({
      method: 'GET',
      url: '/api/v1/orders/names?tab=buyer',
      headers: buyer,
    });
    expect(names.json()).toEqual({ results: ['Maple Court', 'Riverside Park'] });
    const filtered = await t.app.inject({
      method: 'GET',
      url: '/api/v1/orders/names?tab=supplier&query=oth',
      headers: supplier,
    });
    expect(filtered.json()).toEqual({ results: ['Other Job'] });
    const buyers = await t.app.inject({ method: 'GET', url: '/api/v1/orders/buyer_orgs', headers: supplier });
    expect(buyers.json().results.map((row: { name: string }) => row.name)).toEqual([
      'Greenline Test',
      'Piedmont Builders',
    ]);
    const none = await t.app.inject({ method: 'GET', url: '/api/v1/orders/buyer_orgs', headers: stranger });
    expect(none.json()).toEqual({ results: [] });
  });
});

describe('the order list counter cache', () => {
  type CountRow = { organization_id: string; side: string; state: string; count: number };
  const cachedCounts = () =>
    queryRows<CountRow>(
      t.db,
      sql`select organization_id::text, side, state, count from order_list_counts
           where count <> 0 order by 1, 2, 3`,
    );
  const recounted = () =>
    queryRows<CountRow>(
      t.db,
      sql`select organization_id::text, side, state, count(*)::int as count from (
            select buyer_organization_id as organization_id, 'buyer' as side, state from orders
             where deactivated_at is null
            union all
            select supplier_organization_id, 'supplier', state from orders where deactivated_at is null
          ) listed group by 1, 2, 3 order by 1, 2, 3`,
    );

  it('stays equal to a recount through state changes, deactivation, a swapped supplier and a delete', async () => {
    const before = (await list(buyer, 'tab=buyer')).totalCount;
    await t.db.execute(sql`update orders set state = 'fulfilled' where id = ${ids.rNorth}`);
    await t.db.execute(sql`update orders set deactivated_at = now() where id = ${ids.mSouth}`);
    expect((await list(buyer, 'tab=buyer')).totalCount).toBe(before - 1);
    expect(idsOf(await list(buyer, 'tab=buyer'))).not.toContain(ids.mSouth);
    await t.db.execute(
      sql`update orders set supplier_organization_id = ${piedmont.organizationId} where id = ${ids.oNorth}`,
    );
    expect(await cachedCounts()).toEqual(await recounted());
    await t.db.execute(sql`update orders set deactivated_at = null where id = ${ids.mSouth}`);
    expect((await list(buyer, 'tab=buyer')).totalCount).toBe(before);
    await t.db.execute(sql`delete from order_items where order_id = ${ids.oNorth}`);
    await t.db.execute(sql`delete from order_events where order_id = ${ids.oNorth}`);
    await t.db.execute(sql`delete from order_versions where order_id = ${ids.oNorth}`);
    await t.db.execute(sql`delete from orders where id = ${ids.oNorth}`);
    expect(await cachedCounts()).toEqual(await recounted());
  });
});

describe('remembered counts of searches', () => {
  it('follow every change of the list they count', async () => {
    const search = 'tab=buyer&query=riverside';
    const before = await list(buyer, search);
    expect((await list(buyer, search)).totalCount).toBe(before.totalCount);
    await t.db.execute(sql`update orders set deactivated_at = now() where id = ${ids.rPiedmont}`);
    expect((await list(buyer, search)).totalCount).toBe(before.totalCount - 1);
    await t.db.execute(sql`update orders set deactivated_at = null where id = ${ids.rPiedmont}`);
    expect((await list(buyer, search)).totalCount).toBe(before.totalCount);
    await t.db.execute(sql`update orders set name = 'Lakeview' where id = ${ids.rPiedmont}`);
    expect((await list(buyer, search)).totalCount).toBe(before.totalCount - 1);
    const fromMarch = 'tab=buyer&startDate=2026-03-02';
    const dated = (await list(buyer, fromMarch)).totalCount;
    await t.db.execute(sql`update orders set submitted_at = '2026-03-03T10:00:00Z' where id = ${ids.rNorth}`);
    expect((await list(buyer, fromMarch)).totalCount).toBe(dated + 1);
  });
});
