import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { signedInBuyer, submittedOrder } from '../../test/cart-factories';
import { bearer, insertUser, tokenFor } from '../../test/factories';
import { createTestApp } from '../../test/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await tokenFor(t.db, (await insertUser(t.db, { roles: ['admin'] })).id));
});
afterAll(() => t?.close());

type Headers = Record<string, string>;
const get = (headers: Headers | undefined, url: string) => t.app.inject({ method: 'GET', url, headers });
const post = (headers: Headers | undefined, url: string, payload?: unknown) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> | undefined });

describe('GET /api/v1/orders/supplier_order_history', () => {
  it("lists the caller's company's orders with that supplier, newest first, without deactivated ones", async () => {
    const first = await submittedOrder(t.db, t.app);
    // A second order from the same buyer's company at the same branch.
    const colleague = await insertUser(t.db, { organizationId: first.buyer.organization?.id });
    const colleagueHeaders = bearer(await tokenFor(t.db, colleague.id));
    const cart = (await post(colleagueHeaders, '/api/v1/carts', { name: 'Second job' })).json<{
      id: number;
    }>();
    await post(colleagueHeaders, '/api/v1/cart_items', {
      cartId: cart.id,
      branchId: first.listing.branch.id,
      productVariantId: first.listing.variant.id,
      quantity: 2,
    });
    const submitted = await post(colleagueHeaders, `/api/v1/carts/${cart.id}/submit`);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const secondId = submitted.json<{ orders: { id: number }[] }>().orders[0].id;
    await t.db.execute(
      sql`update orders set submitted_at = now() - interval '3 days' where id = ${first.orderId}`,
    );
    // Another company's order with the same supplier is not theirs to see.
    const stranger = await signedInBuyer(t.db);

    const url = `/api/v1/orders/supplier_order_history?supplierOrganizationId=${first.listing.organizationId}`;
    const answer = await get(first.buyer.headers, url);
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json<{
      results: { id: number; name: string; itemsCount: number; branchName: string }[];
      totalCount: number;
    }>();
    expect(body.results.map((row) => row.id)).toEqual([secondId, first.orderId]);
    expect(body.results[0]).toMatchObject({
      name: 'Second job',
      itemsCount: 1,
      branchName: first.listing.branch.name,
    });
    expect(body.totalCount).toBe(2);
    const byBranch = await get(
      first.buyer.headers,
      `/api/v1/orders/supplier_order_history?branchId=${first.listing.branch.id}&perPage=1&page=2`,
    );
    expect(byBranch.json()).toMatchObject({
      totalCount: 2,
      currentPage: 2,
      totalPages: 2,
      results: [{ id: first.orderId }],
    });
    expect((await get(stranger.headers, url)).json()).toMatchObject({ totalCount: 0, results: [] });

    await post(admin, `/api/internal/orders/${first.orderId}/deactivate`, { reason: 'Test order' });
    expect(
      (await get(first.buyer.headers, url))
        .json<{ results: { id: number }[] }>()
        .results.map((row) => row.id),
    ).toEqual([secondId]);

    const noSupplier = await get(first.buyer.headers, '/api/v1/orders/supplier_order_history');
    expect(noSupplier.statusCode).toBe(400);
    expect(noSupplier.json()).toMatchObject({ fields: { supplierOrganizationId: 'Choose a supplier' } });
    expect((await get(undefined, url)).statusCode).toBe(401);
  });
});

describe('GET /api/v1/orders/stats', () => {
  it('counts one side’s active orders in total, open, waiting for it and by label', async () => {
    const order = await submittedOrder(t.db, t.app);
    const buyerStats = await get(order.buyer.headers, '/api/v1/orders/stats?tab=buyer');
    expect(buyerStats.statusCode, buyerStats.body).toBe(200);
    expect(buyerStats.json()).toMatchObject({
      tab: 'buyer',
      totalCount: 1,
      open: 1,
      needsResponse: 0,
      byState: { purchase_order_sent: 1 },
      byLabel: { 'Supplier Reviewing': 1 },
    });
    expect((await get(order.supplierHeaders, '/api/v1/orders/stats?tab=supplier')).json()).toMatchObject({
      totalCount: 1,
      needsResponse: 1,
      byLabel: { 'Needs Response': 1 },
    });
    await post(order.supplierHeaders, `/api/v1/orders/${order.orderId}/respond`, {
      version: 1,
      respondedWith: 'confirm_order',
    });
    expect((await get(order.supplierHeaders, '/api/v1/orders/stats?tab=supplier')).json()).toMatchObject({
      needsResponse: 0,
      byLabel: { Confirmed: 1 },
    });
    expect((await get(order.buyer.headers, '/api/v1/orders/stats?tab=bogus')).statusCode).toBe(400);
  });
});

describe('POST /api/v1/orders/:id/reorder', () => {
  it('makes a new open cart of the order’s items at today’s prices, and leaves out what the branch no longer lists', async () => {
    const order = await submittedOrder(t.db, t.app, { quantity: 12 });
    const answer = await post(order.buyer.headers, `/api/v1/orders/${order.orderId}/reorder`);
    expect(answer.statusCode, answer.body).toBe(201);
    const body = answer.json<{
      cart: {
        id: number;
        name: string;
        state: string;
        items: { productVariantId: number; quantity: number; branchId: number }[];
      };
      addedCount: number;
      skippedItems: unknown[];
    }>();
    expect(body.addedCount).toBe(1);
    expect(body.skippedItems).toEqual([]);
    expect(body.cart).toMatchObject({ name: 'Job site A (reorder)', state: 'draft' });
    expect(body.cart.items).toMatchObject([
      { productVariantId: order.listing.variant.id, quantity: 12, branchId: order.listing.branch.id },
    ]);
    const current = await get(order.buyer.headers, '/api/v1/carts/current');
    expect(current.json()).toMatchObject({ cart: { id: body.cart.id } });

    // The branch stops listing the size: nothing can be reordered, and no cart is left behind.
    const [{ n: cartsBefore }] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from carts`,
    );
    await t.db.execute(sql`delete from availabilities where branch_id = ${order.listing.branch.id}`);
    const refused = await post(order.buyer.headers, `/api/v1/orders/${order.orderId}/reorder`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      message: 'None of the items of this order can be ordered from this supplier now.',
    });
    const [{ n: cartsAfter }] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from carts`,
    );
    expect(cartsAfter).toBe(cartsBefore);
  });

  it('is for the buyer’s company only: the supplier is refused, strangers get 404', async () => {
    const order = await submittedOrder(t.db, t.app);
    const supplier = await post(order.supplierHeaders, `/api/v1/orders/${order.orderId}/reorder`);
    expect(supplier.statusCode).toBe(403);
    expect(supplier.json()).toMatchObject({ message: "Only the buyer's company can reorder this order." });
    const stranger = await signedInBuyer(t.db);
    expect((await post(stranger.headers, `/api/v1/orders/${order.orderId}/reorder`)).statusCode).toBe(404);
    expect((await post(order.buyer.headers, '/api/v1/orders/999999/reorder')).statusCode).toBe(404);
  });
});
