import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { hasLoyaltyDiscount } from '../../read-models/dashboard';
import { signedInBuyer, submittedOrder } from '../../test/cart-factories';
import { bearer, insertOrganization, insertUser, tokenFor } from '../../test/factories';
import { createTestApp } from '../../test/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const staff = await insertUser(t.db, { roles: ['admin'] });
  admin = bearer(await tokenFor(t.db, staff.id));
});
afterAll(() => t?.close());

const create = (organizationId: number, payload: Record<string, unknown>, headers = admin) =>
  t.app.inject({
    method: 'POST',
    url: `/api/internal/organizations/${organizationId}/loyalty_discounts`,
    headers,
    payload,
  });

const orderLine = async (orderId: number) => {
  const [row] = await queryRows<{ buyer_price: number; supplier_price: number; price_category: string }>(
    t.db,
    sql`select buyer_price, supplier_price, price_category from order_items where order_id = ${orderId}`,
  );
  return row;
};

describe('loyalty discounts', () => {
  it('staff give a buyer organisation a loyalty discount that a submitted cart gets, and the dashboard sees it', async () => {
    const buyer = await signedInBuyer(t.db, { paymentMethod: true });
    const organizationId = buyer.organization!.id;
    expect(await hasLoyaltyDiscount(t.db, organizationId)).toBe(false);

    const created = await create(organizationId, { name: 'Loyalty 2026', percent: 2.5 });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ organizationId, percent: 2.5, status: 'active', endsAt: null });
    expect(await hasLoyaltyDiscount(t.db, organizationId)).toBe(true);

    // The listing's price is 4 × the factory's tier; the buyer pays 2.5% less, the supplier is paid in full.
    const { orderId } = await submittedOrder(t.db, t.app, { buyer });
    const line = await orderLine(orderId);
    expect(line.price_category).toBe('Hedgerow Discount');
    expect(line.buyer_price).toBe(Math.round(line.supplier_price * 0.975));

    // Another buyer organisation's cart is not discounted.
    const other = await submittedOrder(t.db, t.app);
    const otherLine = await orderLine(other.orderId);
    expect(otherLine.buyer_price).toBe(otherLine.supplier_price);
  });

  it('staff edit and end one; an ended discount no longer applies and cannot be ended twice', async () => {
    const buyer = await signedInBuyer(t.db, { paymentMethod: true });
    const organizationId = buyer.organization!.id;
    const { id } = (await create(organizationId, { name: 'Loyalty', percent: 1 })).json();

    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/internal/loyalty_discounts/${id}`,
      headers: admin,
      payload: { name: 'Loyalty, gold', percent: 10, startsAt: null, endsAt: '2099-01-01T00:00:00.000Z' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Loyalty, gold', percent: 10, status: 'active' });
    const discounted = await orderLine((await submittedOrder(t.db, t.app, { buyer })).orderId);
    expect(discounted.buyer_price).toBe(Math.round(discounted.supplier_price * 0.9));

    const ended = await t.app.inject({
      method: 'POST',
      url: `/api/internal/loyalty_discounts/${id}/end`,
      headers: admin,
    });
    expect(ended.statusCode).toBe(200);
    expect(ended.json().status).toBe('ended');
    expect(await hasLoyaltyDiscount(t.db, organizationId)).toBe(false);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/internal/loyalty_discounts/${id}/end`,
      headers: admin,
    });
    expect(again.statusCode).toBe(409);

    const full = await orderLine((await submittedOrder(t.db, t.app, { buyer })).orderId);
    expect(full.buyer_price).toBe(full.supplier_price);

    const list = await t.app.inject({
      method: 'GET',
      url: `/api/internal/organizations/${organizationId}/loyalty_discounts`,
      headers: admin,
    });
    expect(list.json().results).toEqual([expect.objectContaining({ id, status: 'ended' })]);
  });

  it('refuses bad input, callers without edit_organizations, and unknown organisations and discounts', async () => {
    const organization = await insertOrganization(t.db);
    const bad = await create(organization.id, {
      name: ' ',
      percent: 120,
      startsAt: '2026-05-02T00:00:00Z',
      endsAt: '2026-05-01T00:00:00Z',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      name: 'Enter a name for this discount',
      percent: 'Enter a percentage between 0.01 and 100',
    });
    const backwards = await create(organization.id, {
      name: 'Loyalty',
      percent: 2,
      startsAt: '2026-05-02T00:00:00Z',
      endsAt: '2026-05-01T00:00:00Z',
    });
    expect(backwards.json().fields).toEqual({ endsAt: 'The end must be after the start' });

    const buyer = await signedInBuyer(t.db);
    expect((await create(organization.id, { name: 'Mine', percent: 50 }, buyer.headers)).statusCode).toBe(
      403,
    );
    expect((await create(999_999, { name: 'Loyalty', percent: 2 })).statusCode).toBe(404);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/internal/loyalty_discounts/999999/end',
      headers: admin,
    });
    expect(missing.statusCode).toBe(404);
  });
});
