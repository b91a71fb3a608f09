import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submittedOrder } from '../../test/cart-factories';
import { bearer, insertUser, tokenFor } from '../../test/factories';
import { createTestApp } from '../../test/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Record<string, string>;
type Submitted = Awaited<ReturnType<typeof submittedOrder>>;
type ListAnswer = {
  results: { id: number; orderNumber: string; name: string; state: string; buyerOrganizationName: string }[];
  totalCount: number;
  currentPage: number;
  totalPages: number;
};

const numberOf = async (id: number) => {
  const result = (await t.db.execute(sql`select order_number from orders where id = ${id}`)) as unknown as {
    rows: { order_number: string }[];
  };
  return result.rows[0].order_number;
};

let first: Submitted;
let second: Submitted;
let firstNumber: string;

beforeAll(async () => {
  t = await createTestApp();
  const user = await insertUser(t.db, { roles: ['admin'] });
  admin = bearer(await tokenFor(t.db, user.id));
  first = await submittedOrder(t.db, t.app);
  second = await submittedOrder(t.db, t.app);
  firstNumber = await numberOf(first.orderId);
  await t.db.execute(sql`update orders set name = 'Hillside planting', submitted_at = now() - interval '2 days'
                          where id = ${first.orderId}`);
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/internal/orders/by_number/:orderNumber', () => {
  it('refuses anyone but admins', async () => {
    const url = `/api/internal/orders/by_number/${firstNumber}`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    for (const headers of [first.buyer.headers, first.supplierHeaders]) {
      expect((await t.app.inject({ method: 'GET', url, headers })).statusCode).toBe(403);
    }
  });

  it('answers 404 for an unknown number', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/internal/orders/by_number/NOPE-0000',
      headers: admin,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'Order not found' });
  });

  it('gives the order, both sides and the moves staff may make now', async () => {
    const url = `/api/internal/orders/by_number/${firstNumber}`;
    const response = await t.app.inject({ method: 'GET', url, headers: admin });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      id: first.orderId,
      orderNumber: firstNumber,
      state: 'purchase_order_sent',
      audience: 'admin',
      buyer: { id: first.buyer.user.id, email: first.buyer.user.email, organizationName: 'Greenline Test' },
      supplier: { branchName: first.listing.branch.name },
    });
    expect(body.allowedEvents).toEqual([
      'staff_review',
      'needs_payment_info',
      'confirm',
      'propose_changes',
      'buyer_propose_changes',
      'reject',
      'cancel',
    ]);

    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/internal/orders/${first.orderId}/transition`,
      headers: admin,
      payload: { event: 'confirm', expectedState: 'purchase_order_sent' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = (await t.app.inject({ method: 'GET', url, headers: admin })).json();
    expect(after.state).toBe('confirmed');
    expect(after.allowedEvents).toEqual([
      'staff_review',
      'propose_changes',
      'buyer_propose_changes',
      'schedule_fulfillment',
      'fulfill',
      'cancel',
    ]);
  });
});

describe('GET /api/internal/orders', () => {
  const list = async (query = '') => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/internal/orders${query}`,
      headers: admin,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ListAnswer>();
  };

  it('refuses anyone but admins', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/internal/orders',
      headers: first.buyer.headers,
    });
    expect(response.statusCode).toBe(403);
  });

  it('lists every order, newest submitted first, and pages', async () => {
    const all = await list();
    expect(all.totalCount).toBe(2);
    expect(all.results.map((row) => row.id)).toEqual([second.orderId, first.orderId]);
    expect(all.results[0]).toMatchObject({
      buyerOrganizationName: 'Greenline Test',
      branchName: expect.any(String),
    });
    const page2 = await list('?perPage=1&page=2');
    expect(page2).toMatchObject({ totalCount: 2, currentPage: 2, totalPages: 2 });
    expect(page2.results.map((row) => row.id)).toEqual([first.orderId]);
    const past = await list('?perPage=1&page=5');
    expect(past).toMatchObject({ results: [], totalCount: 2 });
  });

  it('searches by number, name and supplier branch, and filters by state', async () => {
    expect((await list(`?query=${encodeURIComponent(firstNumber)}`)).results.map((row) => row.id)).toEqual([
      first.orderId,
    ]);
    expect((await list('?query=hillside')).results.map((row) => row.id)).toEqual([first.orderId]);
    const branch = second.listing.branch.name;
    expect((await list(`?query=${encodeURIComponent(branch)}`)).results.map((row) => row.id)).toContain(
      second.orderId,
    );
    expect((await list('?query=greenline')).totalCount).toBe(2);
    expect((await list('?query=nothing-like-this')).totalCount).toBe(0);
    expect((await list('?state=confirmed')).results.map((row) => row.id)).toEqual([first.orderId]);
    expect((await list('?state=purchase_order_sent')).results.map((row) => row.id)).toEqual([second.orderId]);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/internal/orders?state=bogus', headers: admin }))
        .statusCode,
    ).toBe(400);
  });

  it('keeps deactivated orders in the staff list, marked, and gives the admin page the swap and deactivate state', async () => {
    const deactivated = await t.app.inject({
      method: 'POST',
      url: `/api/internal/orders/${second.orderId}/deactivate`,
      headers: admin,
      payload: { reason: 'Test order placed by the supplier' },
    });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    expect(deactivated.json()).toMatchObject({
      deactivated: { reason: 'Test order placed by the supplier' },
      canSwapParties: true,
    });
    const all = await list();
    expect(all.totalCount).toBe(2);
    const rows = all.results as unknown as { id: number; deactivated: boolean }[];
    expect(rows.find((row) => row.id === second.orderId)?.deactivated).toBe(true);
    expect(rows.find((row) => row.id === first.orderId)?.deactivated).toBe(false);
  });
});
