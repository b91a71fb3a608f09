import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  branchNotListingMessage,
  cartNotOpenForStaffMessage,
  staffPriceInvalidMessage,
} from '../../../domain/carts/cart-staff';
import { queryRows } from '../../db/client';
import { signedInBuyer, supplierListing } from '../../test/cart-factories';
import { insertAvailability } from '../../test/catalog-factories';
import { bearer, insertBranch, insertUser, tokenFor } from '../../test/factories';
import { createTestApp } from '../../test/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Record<string, string>;
let support: Record<string, string>;
let logistics: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await tokenFor(t.db, (await insertUser(t.db, { roles: ['admin'] })).id));
  support = bearer(await tokenFor(t.db, (await insertUser(t.db, { roles: ['support'] })).id));
  logistics = bearer(await tokenFor(t.db, (await insertUser(t.db, { roles: ['logistics_admin'] })).id));
});
afterAll(() => t?.close());

const call = (headers: Record<string, string>, options: InjectOptions) =>
  t.app.inject({ ...options, headers: { ...options.headers, ...headers } });

/** A buyer's open cart with 4 of one size from a branch; a second branch lists the same size at $25. */
async function cartWithLine() {
  const buyer = await signedInBuyer(t.db);
  const listing = await supplierListing(t.db);
  const other = await insertBranch(t.db, listing.organizationId, { name: 'Second Yard' });
  await insertAvailability(t.db, {
    branchId: other.id,
    variant: listing.variant,
    priceTiers: [{ quantityMin: 1, price: 2_500 }],
  });
  const cart = (
    await call(buyer.headers, { method: 'POST', url: '/api/v1/carts', payload: { name: 'Riverside' } })
  ).json<{ id: number; cartNumber: string }>();
  const added = await call(buyer.headers, {
    method: 'POST',
    url: '/api/v1/cart_items',
    payload: {
      cartId: cart.id,
      branchId: listing.branch.id,
      productVariantId: listing.variant.id,
      quantity: 4,
    },
  });
  expect(added.statusCode, added.body).toBe(201);
  const itemId = added.json<{ id: number }>().id;
  return { buyer, listing, other, cart, itemId };
}

describe('Beehive carts: who may use them', () => {
  it('lets admins in and refuses support, logistics, buyers (403) and strangers (401)', async () => {
    const { cart, buyer } = await cartWithLine();
    const url = `/api/internal/carts/by_number/${cart.cartNumber}`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    for (const headers of [support, logistics, buyer.headers]) {
      expect((await call(headers, { method: 'GET', url })).statusCode).toBe(403);
      expect((await call(headers, { method: 'GET', url: '/api/internal/carts' })).statusCode).toBe(403);
    }
    const seen = await call(admin, { method: 'GET', url });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({ editable: true, cart: { id: cart.id, cartNumber: cart.cartNumber } });
    expect((await call(admin, { method: 'GET', url: '/api/internal/carts/by_number/Q-1' })).statusCode).toBe(
      404,
    );
  });

  it('lists carts found by number or buyer e-mail', async () => {
    const { cart, buyer } = await cartWithLine();
    const byNumber = await call(admin, {
      method: 'GET',
      url: `/api/internal/carts?query=${cart.cartNumber}`,
    });
    expect(byNumber.json().results).toEqual([
      expect.objectContaining({ id: cart.id, itemsCount: 1, state: 'draft', buyerEmail: buyer.user.email }),
    ]);
    const byEmail = await call(admin, {
      method: 'GET',
      url: `/api/internal/carts?query=${buyer.user.email}`,
    });
    expect(byEmail.json().results.map((row: { id: number }) => row.id)).toEqual([cart.id]);
  });
});

describe('staff-only notes', () => {
  it('are shown to staff and never to the buyer', async () => {
    const { cart, buyer } = await cartWithLine();
    const noted = await call(admin, {
      method: 'POST',
      url: `/api/internal/carts/${cart.id}/internal_notes`,
      payload: { body: 'Buyer asked for a better price on the maples' },
    });
    expect(noted.statusCode, noted.body).toBe(200);
    expect(noted.json().internalNotes).toEqual([
      expect.objectContaining({ body: 'Buyer asked for a better price on the maples' }),
    ]);
    expect(noted.json().cart.notes).toEqual([]);
    const asBuyer = await call(buyer.headers, { method: 'GET', url: `/api/v1/carts/${cart.id}` });
    expect(asBuyer.body).not.toContain('better price');
    const empty = await call(admin, {
      method: 'POST',
      url: `/api/internal/carts/${cart.id}/internal_notes`,
      payload: { body: ' ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toMatchObject({ body: 'Enter a note' });
  });
});

describe('price overrides', () => {
  it('keep the original, change what the buyer sees and go into the submitted order', async () => {
    const { cart, buyer, itemId } = await cartWithLine();
    const set = await call(admin, {
      method: 'PUT',
      url: `/api/internal/cart_items/${itemId}/staff_prices`,
      payload: { bookPrice: 3_200, buyerPrice: 2_700, supplierPrice: 2_600 },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().lines[0]).toMatchObject({
      itemId,
      original: { bookPrice: 3_000, buyerPrice: 3_000, supplierPrice: 3_000 },
      staffPrices: { bookPrice: 3_200, buyerPrice: 2_700, supplierPrice: 2_600 },
    });
    const seen = (await call(buyer.headers, { method: 'GET', url: `/api/v1/carts/${cart.id}` })).json();
    expect(seen.items[0]).toMatchObject({ price: { value: 2_700 }, bookPrice: 3_200, buyerTotal: 10_800 });
    expect(seen.subtotal).toBe(10_800);
    const submitted = await call(buyer.headers, { method: 'POST', url: `/api/v1/carts/${cart.id}/submit` });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const [orderId] = submitted.json<{ orders: { id: number }[] }>().orders.map((order) => order.id);
    const [item] = await queryRows<{ book_price: number; buyer_price: number; supplier_price: number }>(
      t.db,
      sql`select book_price, buyer_price, supplier_price from order_items where order_id = ${orderId}`,
    );
    expect(item).toEqual({ book_price: 3_200, buyer_price: 2_700, supplier_price: 2_600 });
    const events = await queryRows<{ action: string }>(
      t.db,
      sql`select action from audit_events where subject_type = 'cart' and subject_id = ${cart.id}`,
    );
    expect(events.map((event) => event.action)).toContain('staff_set_prices');
    // A submitted cart is no longer changed from Beehive.
    const late = await call(admin, {
      method: 'PUT',
      url: `/api/internal/cart_items/${itemId}/staff_prices`,
      payload: { bookPrice: null, buyerPrice: null, supplierPrice: null },
    });
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toBe(cartNotOpenForStaffMessage);
  });

  it('refuse negative prices with every field at once and give the listing price back when cleared', async () => {
    const { cart, buyer, itemId } = await cartWithLine();
    const bad = await call(admin, {
      method: 'PUT',
      url: `/api/internal/cart_items/${itemId}/staff_prices`,
      payload: { bookPrice: -1, buyerPrice: -5, supplierPrice: null },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      bookPrice: staffPriceInvalidMessage,
      buyerPrice: staffPriceInvalidMessage,
    });
    const url = `/api/internal/cart_items/${itemId}/staff_prices`;
    await call(admin, {
      method: 'PUT',
      url,
      payload: { bookPrice: null, buyerPrice: 100, supplierPrice: null },
    });
    const cleared = await call(admin, {
      method: 'PUT',
      url,
      payload: { bookPrice: null, buyerPrice: null, supplierPrice: null },
    });
    expect(cleared.json().lines[0].staffPrices).toBeNull();
    const seen = (await call(buyer.headers, { method: 'GET', url: `/api/v1/carts/${cart.id}` })).json();
    expect(seen.items[0].price.value).toBe(3_000);
  });
});

describe('moving a line', () => {
  it('moves it to another branch listing the size, refuses one that does not', async () => {
    const { cart, buyer, itemId, other } = await cartWithLine();
    const stranger = await supplierListing(t.db);
    const refused = await call(admin, {
      method: 'POST',
      url: `/api/internal/cart_items/${itemId}/move`,
      payload: { branchId: stranger.branch.id },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ branchId: branchNotListingMessage });
    const before = (
      await call(admin, { method: 'GET', url: `/api/internal/carts/by_number/${cart.cartNumber}` })
    ).json();
    expect(before.lines[0].branchOptions).toEqual([
      expect.objectContaining({ id: other.id, name: 'Second Yard' }),
    ]);
    const moved = await call(admin, {
      method: 'POST',
      url: `/api/internal/cart_items/${itemId}/move`,
      payload: { branchId: other.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const seen = (await call(buyer.headers, { method: 'GET', url: `/api/v1/carts/${cart.id}` })).json();
    expect(seen.items[0]).toMatchObject({ branchId: other.id, price: { value: 2_500 } });
    expect(seen.branches.map((branch: { name: string }) => branch.name)).toEqual(['Second Yard']);
  });
});

describe('reassigning a cart', () => {
  it('hands it to another buyer with a transfer message and, when asked, an e-mail with the note', async () => {
    const { cart } = await cartWithLine();
    const next = await signedInBuyer(t.db);
    const moved = await call(admin, {
      method: 'POST',
      url: `/api/internal/carts/${cart.id}/reassign`,
      payload: { buyerUserId: next.user.id, notifyBuyer: true, note: 'Your colleague left; over to you' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().cart).toMatchObject({
      buyerUserId: next.user.id,
      organizationId: next.organization?.id,
    });
    const mails = await queryRows<{ text_body: string }>(
      t.db,
      sql`select text_body from outbox_emails where to_address = ${next.user.email}`,
    );
    expect(mails.some((mail) => mail.text_body.includes('Your colleague left; over to you'))).toBe(true);
    const transfers = await queryRows<{ content: string }>(
      t.db,
      sql`select content from messages where message_type = 'cart_transferred' and content like ${`%${cart.cartNumber}%`}`,
    );
    expect(transfers).toHaveLength(1);
    const asNewBuyer = await call(next.headers, { method: 'GET', url: `/api/v1/carts/${cart.id}` });
    expect(asNewBuyer.statusCode).toBe(200);
  });
});
