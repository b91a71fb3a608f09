import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submittedOrder } from '../../test/cart-factories';
import { createTestApp } from '../../test/test-app';
import type { FulfillmentQueueItem, OrderSchedule } from './order-schedule.service';

let t: Awaited<ReturnType<typeof createTestApp>>;
type Headers = Record<string, string>;
type Submitted = Awaited<ReturnType<typeof submittedOrder>>;

const today = new Date().toISOString().slice(0, 10);
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const setRequestedOn = (id: number, day: string) =>
  t.db.execute(sql`update orders set requested_on = ${day}::date where id = ${id}`);

async function get(headers: Headers, url: string) {
  return t.app.inject({ method: 'GET', url, headers: { ...headers, 'x-client-date': today } });
}

async function confirm(order: Submitted) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/orders/${order.orderId}/respond`,
    headers: order.supplierHeaders,
    payload: { version: 1, respondedWith: 'confirm_order' },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** a: confirmed, due today; b: other parties, purchase order sent in two days; the rest are a's supplier's. */
let a: Submitted;
let b: Submitted;
let overdue: Submitted;
let later: Submitted;
let cancelled: Submitted;

beforeAll(async () => {
  t = await createTestApp();
  a = await submittedOrder(t.db, t.app);
  await confirm(a);
  await setRequestedOn(a.orderId, today);
  b = await submittedOrder(t.db, t.app);
  await setRequestedOn(b.orderId, addDays(today, 2));
  // Three more orders of a's supplier, through their own buyers: reassign them to a's supplier side.
  overdue = await submittedOrder(t.db, t.app);
  later = await submittedOrder(t.db, t.app);
  cancelled = await submittedOrder(t.db, t.app);
  for (const order of [overdue, later, cancelled]) {
    await t.db.execute(
      sql`update orders set supplier_organization_id = ${a.listing.organizationId}, branch_id = ${a.listing.branch.id}
           where id = ${order.orderId}`,
    );
  }
  await confirm({ ...overdue, supplierHeaders: a.supplierHeaders });
  await confirm({ ...later, supplierHeaders: a.supplierHeaders });
  await setRequestedOn(overdue.orderId, addDays(today, -3));
  await setRequestedOn(later.orderId, addDays(today, 20));
  await setRequestedOn(cancelled.orderId, addDays(today, 1));
  await t.db.execute(sql`update orders set state = 'cancelled' where id = ${cancelled.orderId}`);
});
afterAll(() => t.close());

const idsOf = (schedule: OrderSchedule) =>
  schedule.days.flatMap((day) => day.orders.map((order) => order.id));

describe('GET /api/v1/orders/buyer_order_schedule and supplier_order_schedule', () => {
  it('defaults to today and the next six days, every day present', async () => {
    const response = await get(a.buyer.headers, '/api/v1/orders/buyer_order_schedule');
    expect(response.statusCode, response.body).toBe(200);
    const schedule = response.json<OrderSchedule>();
    expect(schedule.startDate).toBe(today);
    expect(schedule.endDate).toBe(addDays(today, 6));
    expect(schedule.days.map((day) => day.date)).toEqual(
      Array.from({ length: 7 }, (_, index) => addDays(today, index)),
    );
    expect(schedule.orderCount).toBe(1);
    expect(schedule.days[0].orders).toEqual([
      expect.objectContaining({
        id: a.orderId,
        name: 'Job site A',
        fulfillmentType: 'Pickup',
        orderItemsCount: 1,
        branchName: a.listing.branch.name,
        state: 'confirmed',
        displayState: { label: 'Confirmed', color: 'violet' },
      }),
    ]);
    expect(schedule.days.slice(1).every((day) => day.orders.length === 0)).toBe(true);
  });

  it("shows each side only its organisation's open orders in the range", async () => {
    const supplier = (
      await get(a.supplierHeaders, '/api/v1/orders/supplier_order_schedule')
    ).json<OrderSchedule>();
    // The overdue order is before the range, the later one after it, the cancelled one is closed.
    expect(idsOf(supplier)).toEqual([a.orderId]);
    expect(supplier.days[0].orders[0].organizationName).toBeTruthy();
    const wide = (
      await get(
        a.supplierHeaders,
        `/api/v1/orders/supplier_order_schedule?startDate=${addDays(today, -5)}&endDate=${addDays(today, 25)}`,
      )
    ).json<OrderSchedule>();
    expect(wide.days).toHaveLength(31);
    expect(idsOf(wide)).toEqual([overdue.orderId, a.orderId, later.orderId]);
    expect(wide.orderCount).toBe(3);
    // a's buyer sees nothing on the supplier side; b's buyer sees only b (purchase order sent).
    expect(
      (await get(a.buyer.headers, '/api/v1/orders/supplier_order_schedule')).json<OrderSchedule>().orderCount,
    ).toBe(0);
    const bBuyer = (await get(b.buyer.headers, '/api/v1/orders/buyer_order_schedule')).json<OrderSchedule>();
    expect(idsOf(bBuyer)).toEqual([b.orderId]);
    expect(bBuyer.days[2].orders[0].state).toBe('purchase_order_sent');
    const bSupplier = (
      await get(b.supplierHeaders, '/api/v1/orders/supplier_order_schedule')
    ).json<OrderSchedule>();
    expect(idsOf(bSupplier)).toEqual([b.orderId]);
  });

  it('answers the supplier total (subtotal plus shipping) and the buyer total', async () => {
    await t.db.execute(
      sql`update orders set shipping_amount = 1500, supplier_subtotal = 10000, total = 12345 where id = ${a.orderId}`,
    );
    const supplier = (
      await get(a.supplierHeaders, '/api/v1/orders/supplier_order_schedule')
    ).json<OrderSchedule>();
    expect(supplier.days[0].orders[0].orderTotal).toBe(11500);
    const buyer = (await get(a.buyer.headers, '/api/v1/orders/buyer_order_schedule')).json<OrderSchedule>();
    expect(buyer.days[0].orders[0].orderTotal).toBe(12345);
  });

  it('refuses reversed ranges, more than 62 days and bad dates', async () => {
    const reversed = await get(
      a.buyer.headers,
      '/api/v1/orders/buyer_order_schedule?startDate=2026-03-10&endDate=2026-03-01',
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe('Start date must be before end date');
    const long = await get(
      a.buyer.headers,
      '/api/v1/orders/buyer_order_schedule?startDate=2026-01-01&endDate=2026-03-04',
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Choose at most 62 days');
    const longest = await get(
      a.buyer.headers,
      '/api/v1/orders/buyer_order_schedule?startDate=2026-01-01&endDate=2026-03-03',
    );
    expect(longest.statusCode).toBe(200);
    expect(longest.json<OrderSchedule>().days).toHaveLength(62);
    const bad = await get(a.buyer.headers, '/api/v1/orders/buyer_order_schedule?startDate=soon');
    expect(bad.statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/orders/buyer_order_schedule' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/v1/orders/fulfillment_queue', () => {
  it('lists confirmed orders due within a week, overdue first, and drops fulfilled ones', async () => {
    const response = await get(a.supplierHeaders, '/api/v1/orders/fulfillment_queue');
    expect(response.statusCode, response.body).toBe(200);
    const queue = response.json<{ today: string; results: FulfillmentQueueItem[] }>();
    expect(queue.results.map((order) => order.id)).toEqual([overdue.orderId, a.orderId]);
    expect(queue.results.map((order) => order.overdue)).toEqual([true, false]);
    expect(queue.results[1]).toMatchObject({
      version: expect.any(Number),
      itemsCount: 1,
      fulfillment: 'pickup',
    });
    // Other organisations see none of them.
    const others = (await get(b.supplierHeaders, '/api/v1/orders/fulfillment_queue')).json<{
      results: FulfillmentQueueItem[];
    }>();
    expect(others.results).toEqual([]);

    const fulfilled = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${overdue.orderId}/fulfill`,
      headers: { ...a.supplierHeaders, 'x-client-date': today },
      payload: { version: queue.results[0].version, fulfilledOn: today },
    });
    expect(fulfilled.statusCode, fulfilled.body).toBe(200);
    const after = (await get(a.supplierHeaders, '/api/v1/orders/fulfillment_queue')).json<{
      results: FulfillmentQueueItem[];
    }>();
    expect(after.results.map((order) => order.id)).toEqual([a.orderId]);
  });
});
