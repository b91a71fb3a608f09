import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unreachableSupplierNotice } from '../../../domain/orders/order-notices';
import { queryRows } from '../../db/client';
import { signedInBuyer, supplierListing } from '../../test/cart-factories';
import { bearer, insertUser, tokenFor } from '../../test/factories';
import { createTestApp } from '../../test/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  const user = await insertUser(t.db, { roles: ['admin'] });
  admin = bearer(await tokenFor(t.db, user.id));
});
afterAll(() => t.close());

/** A buyer's cart with one line at each listing's branch, submitted; the orders it became. */
async function submitTo(listings: Awaited<ReturnType<typeof supplierListing>>[]) {
  const buyer = await signedInBuyer(t.db);
  const cart = (
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/carts',
      headers: buyer.headers,
      payload: { name: 'Canton job' },
    })
  ).json<{ id: number }>();
  for (const listing of listings) {
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cart_items',
      headers: buyer.headers,
      payload: {
        cartId: cart.id,
        branchId: listing.branch.id,
        productVariantId: listing.variant.id,
        quantity: 2,
      },
    });
    expect(added.statusCode, added.body).toBe(201);
  }
  const submitted = await t.app.inject({
    method: 'POST',
    url: `/api/v1/carts/${cart.id}/submit`,
    headers: buyer.headers,
  });
  expect(submitted.statusCode, submitted.body).toBe(200);
  return {
    buyer,
    orders: submitted.json<{
      orders: { id: number; branchId: number; state: string; orderNumber: string }[];
    }>().orders,
  };
}

describe('orders nobody receives', () => {
  it('holds an order for a supplier with no users for staff, tells the buyer, and lists it in Beehive', async () => {
    const silent = await supplierListing(t.db, { branch: { name: 'Chattahoochee Growers - Canton' } });
    const answered = await supplierListing(t.db, { branch: { name: 'Blue Ridge Growers - Hendersonville' } });
    const supplierUser = await insertUser(t.db, { organizationId: answered.organizationId });
    const { buyer, orders } = await submitTo([silent, answered]);
    const held = orders.find((order) => order.branchId === silent.branch.id);
    const sent = orders.find((order) => order.branchId === answered.branch.id);
    expect(held?.state).toBe('needs_review');
    expect(sent?.state).toBe('purchase_order_sent');

    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${held?.id}`,
      headers: buyer.headers,
    });
    expect(seen.json()).toMatchObject({ state: 'needs_review' });
    await t.app.deps.jobs.drain();
    const [mail] = await queryRows<{ text_body: string }>(
      t.db,
      sql`select text_body from outbox_emails where to_address = ${buyer.user.email}`,
    );
    expect(mail.text_body).toContain(`${held?.orderNumber}: Chattahoochee Growers - Canton`);
    expect(mail.text_body).toContain(unreachableSupplierNotice);
    const supplierMails = await queryRows<{ subject: string }>(
      t.db,
      sql`select subject from outbox_emails where to_address = ${supplierUser.email}`,
    );
    expect(supplierMails).toHaveLength(1);

    const queue = await t.app.inject({
      method: 'GET',
      url: '/api/internal/orders/unanswerable',
      headers: admin,
    });
    expect(queue.statusCode, queue.body).toBe(200);
    const rows = queue.json<{ results: { id: number; branchName: string }[] }>().results;
    expect(rows.map((row) => row.id)).toContain(held?.id);
    expect(rows.map((row) => row.id)).not.toContain(sent?.id);
    // Once the supplier has someone to answer, the order leaves the queue.
    await insertUser(t.db, { organizationId: silent.organizationId });
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/internal/orders/unanswerable',
      headers: admin,
    });
    expect(after.json<{ results: { id: number }[] }>().results.map((row) => row.id)).not.toContain(held?.id);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/internal/orders/unanswerable',
      headers: buyer.headers,
    });
    expect(refused.statusCode).toBe(403);
  });
});
