import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartView } from '../../../domain/carts/cart-view';
import { signedInBuyer, supplierListing } from '../../test/cart-factories';
import { bearer, insertUser, tokenFor } from '../../test/factories';
import { createTestApp } from '../../test/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const send = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Headers, payload?: unknown) =>
  t.app.inject({ method, url, headers, payload: payload as Record<string, unknown> | undefined });

async function supplier() {
  const listing = await supplierListing(t.db, { priceTiers: [{ quantityMin: 1, price: 10_000 }] });
  const user = await insertUser(t.db, { organizationId: listing.organizationId });
  return { ...listing, headers: bearer(await tokenFor(t.db, user.id)) };
}

async function cartPrice(headers: Headers, s: Awaited<ReturnType<typeof supplier>>) {
  const cart = (
    await send('POST', '/api/v1/carts', headers, { name: `Job ${Math.random()}` })
  ).json<CartView>();
  await send('POST', '/api/v1/cart_items', headers, {
    cartId: cart.id,
    branchId: s.branch.id,
    productVariantId: s.variant.id,
    quantity: 1,
  });
  const view = (await send('GET', `/api/v1/carts/${cart.id}`, headers)).json<CartView>();
  return view.items[0].price;
}

describe('purchase discount requests (EVD)', () => {
  it('a buyer asks, the supplier approves, and the buyer cart shows the Purchase Discount', async () => {
    const s = await supplier();
    const buyer = await signedInBuyer(t.db);
    const asked = await send('POST', '/api/v1/purchase_discount_requests', buyer.headers, {
      supplierOrganizationId: s.organizationId,
      operator: 'PERCENTAGE',
      value: 10,
      terms: 'Net 30',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toMatchObject({ state: 'pending', operator: 'PERCENTAGE', value: 10 });
    const again = await send('POST', '/api/v1/purchase_discount_requests', buyer.headers, {
      supplierOrganizationId: s.organizationId,
      operator: 'PERCENTAGE',
      value: 5,
    });
    expect(again.statusCode).toBe(409);

    const listed = await send('GET', '/api/v1/purchase_discount_requests', s.headers);
    expect(listed.json()).toEqual([expect.objectContaining({ id: asked.json().id, state: 'pending' })]);

    // The buyer cannot approve its own request; another supplier gets 404.
    const other = await supplier();
    const id = asked.json<{ id: number }>().id;
    expect(
      (await send('POST', `/api/v1/purchase_discount_requests/${id}/approve`, buyer.headers)).statusCode,
    ).toBe(404);
    expect(
      (await send('POST', `/api/v1/purchase_discount_requests/${id}/approve`, other.headers)).statusCode,
    ).toBe(404);

    expect((await cartPrice(buyer.headers, s))?.category).not.toBe('Purchase Discount');
    const approved = await send('POST', `/api/v1/purchase_discount_requests/${id}/approve`, s.headers);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ state: 'approved', decidedAt: expect.any(String) });
    expect(await cartPrice(buyer.headers, s)).toMatchObject({ value: 9_000, category: 'Purchase Discount' });

    const twice = await send('POST', `/api/v1/purchase_discount_requests/${id}/deny`, s.headers);
    expect(twice.statusCode).toBe(409);
  });

  it('a supplier denies; a buyer cannot ask its own company; a percentage above 100 is refused', async () => {
    const s = await supplier();
    const buyer = await signedInBuyer(t.db);
    const asked = await send('POST', '/api/v1/purchase_discount_requests', buyer.headers, {
      supplierOrganizationId: s.organizationId,
      operator: 'FLAT_RATE',
      value: 250,
    });
    const denied = await send(
      'POST',
      `/api/v1/purchase_discount_requests/${asked.json().id}/deny`,
      s.headers,
    );
    expect(denied.json()).toMatchObject({ state: 'denied' });
    expect(await cartPrice(buyer.headers, s)).not.toMatchObject({ category: 'Purchase Discount' });

    const own = await send('POST', '/api/v1/purchase_discount_requests', s.headers, {
      supplierOrganizationId: s.organizationId,
      operator: 'FLAT_RATE',
      value: 1,
    });
    expect(own.statusCode).toBe(400);
    const tooHigh = await send('POST', '/api/v1/purchase_discount_requests', buyer.headers, {
      supplierOrganizationId: s.organizationId,
      operator: 'PERCENTAGE',
      value: 101,
    });
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json().fields.value).toBe('A percentage discount must be 100 or less');
  });

  it('staff create and delete one; others get 403', async () => {
    const s = await supplier();
    const buyer = await signedInBuyer(t.db);
    const admin = await insertUser(t.db, { roles: ['admin'] });
    const adminHeaders = bearer(await tokenFor(t.db, admin.id));
    const payload = {
      buyerOrganizationId: buyer.organization?.id,
      supplierOrganizationId: s.organizationId,
      operator: 'PERCENTAGE',
      value: 20,
    };
    expect((await send('POST', '/api/internal/purchase_discounts', buyer.headers, payload)).statusCode).toBe(
      403,
    );
    const created = await send('POST', '/api/internal/purchase_discounts', adminHeaders, payload);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ state: 'approved', value: 20 });
    expect(await cartPrice(buyer.headers, s)).toMatchObject({ value: 8_000, category: 'Purchase Discount' });
    const removed = await send(
      'DELETE',
      `/api/internal/purchase_discounts/${created.json().id}`,
      adminHeaders,
    );
    expect(removed.statusCode).toBe(204);
    expect(await cartPrice(buyer.headers, s)).toMatchObject({ value: 10_000 });
  });
});
