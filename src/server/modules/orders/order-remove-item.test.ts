import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderAmounts } from '../../../domain/orders/order-amounts';
import { submittedOrder } from '../../test/cart-factories';
import { createTestApp } from '../../test/test-app';
import { ensureKnownFeatures } from '../features/features.service';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
  await ensureKnownFeatures(t.db);
});
afterAll(() => t.close());

type Order = {
  version: number;
  total: number;
  amounts: OrderAmounts;
  items: { id: number; total?: number }[];
};

/** A submitted order of two lines (the second a copy of the first at 2 units). */
async function twoLineOrder() {
  const setup = await submittedOrder(t.db, t.app, { quantity: 4 });
  await t.db.execute(sql`insert into order_items (order_id, position, product_id, product_variant_id, primary_name, size,
      unit, quantity, book_price, buyer_price, supplier_price, price_category, buyer_total, supplier_total)
    select order_id, 2, product_id, product_variant_id, primary_name || ' (second)', size, unit, 2, book_price,
      buyer_price, supplier_price, price_category, buyer_price * 2, supplier_price * 2
      from order_items where order_id = ${setup.orderId}`);
  return setup;
}

const get = async (headers: Record<string, string>, id: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/v1/orders/${id}`, headers })).json<Order>();

describe('CAN_REMOVE_FROM_ORDER', () => {
  it('lets the buyer remove an item before the supplier answers: a new version with amounts that add up', async () => {
    const { buyer, supplierHeaders, orderId } = await twoLineOrder();
    const before = await get(buyer.headers, orderId);
    const second = before.items[1];
    const url = `/api/v1/orders/${orderId}/items/${second.id}/remove`;
    const off = await t.app.inject({ method: 'POST', url, headers: buyer.headers, payload: { version: 1 } });
    expect(off.statusCode).toBe(403);

    await t.db.execute(
      sql`update features set active = true, enabled_globally = true where name = 'CAN_REMOVE_FROM_ORDER'`,
    );
    t.app.deps.features.invalidate();
    const removed = await t.app.inject({
      method: 'POST',
      url,
      headers: buyer.headers,
      payload: { version: 1 },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const after = await get(supplierHeaders, orderId);
    expect(after.version).toBe(2);
    expect(after.items).toHaveLength(1);
    const buyerView = await get(buyer.headers, orderId);
    expect(buyerView.amounts.subtotal.data).toBe(buyerView.items[0].total);
    expect(buyerView.total).toBe(
      before.total -
        (second.total ?? 0) -
        ((before.amounts.taxes?.data ?? 0) - (buyerView.amounts.taxes?.data ?? 0)),
    );
    // The last item stays, and a confirmed order keeps its items.
    const last = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${orderId}/items/${buyerView.items[0].id}/remove`,
      headers: buyer.headers,
      payload: { version: 2 },
    });
    expect(last.statusCode).toBe(422);
    const bySupplier = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${orderId}/items/${buyerView.items[0].id}/remove`,
      headers: supplierHeaders,
      payload: { version: 2 },
    });
    expect(bySupplier.statusCode).toBe(403);
  });
});
