import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartView } from '../../../domain/carts/cart-view';
import { queryRows } from '../../db/client';
import { signedInBuyer, supplierListing } from '../../test/cart-factories';
import { insertDiscount } from '../../test/catalog-factories';
import { insertUser } from '../../test/factories';
import { createTestApp } from '../../test/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;

async function createCart(headers: Headers, body: Record<string, unknown> = { name: 'Spring planting' }) {
  const response = await t.app.inject({ method: 'POST', url: '/api/v1/carts', headers, payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CartView>();
}

async function addItem(headers: Headers, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/v1/cart_items', headers, payload: body });
}

async function getCart(headers: Headers, id: number) {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/carts/${id}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CartView>();
}

describe('creating and reading carts', () => {
  it('creates a cart with job data, makes it current and reads it back', async () => {
    const buyer = await signedInBuyer(t.db);
    const cart = await createCart(buyer.headers, {
      name: 'Oak Street courtyard',
      jobData: { externalJobNumber: 'J-204', externalPhase: 'Phase 2', postalCode: '28202' },
    });
    expect(cart).toMatchObject({
      name: 'Oak Street courtyard',
      state: 'draft',
      version: 1,
      current: true,
      buyerUserId: buyer.user.id,
      organizationId: buyer.organization?.id,
      jobData: { externalJobNumber: 'J-204', externalPhase: 'Phase 2', postalCode: '28202' },
      items: [],
      subtotal: 0,
      total: 0,
    });
    expect(cart.cartNumber).toMatch(/^Q-\d{6,}$/);

    const current = await t.app.inject({
      method: 'GET',
      url: '/api/v1/carts/current',
      headers: buyer.headers,
    });
    expect(current.json()).toMatchObject({ cart: { id: cart.id, cartItemsCount: 0, current: true } });
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/users/current', headers: buyer.headers });
    expect(me.json()).toMatchObject({ currentCartId: cart.id, createdCart: true });
  });

  it('gives every cart its own cart number', async () => {
    const buyer = await signedInBuyer(t.db);
    const first = await createCart(buyer.headers);
    const second = await createCart(buyer.headers);
    expect(first.cartNumber).not.toBe(second.cartNumber);
  });

  it('refuses a blank name with the field message', async () => {
    const buyer = await signedInBuyer(t.db);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/carts',
      headers: buyer.headers,
      payload: { name: '  ' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ name: 'Enter a name for this cart' });
  });

  it('answers 401 to visitors and the suspended text to users without site access', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/carts' })).statusCode).toBe(401);
    const suspended = await signedInBuyer(t.db, { status: 'no_site_use' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/carts',
      headers: suspended.headers,
      payload: { name: 'Nope' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/access has been suspended/);
  });

  it("answers 404 for another organisation's cart on every route, and shares carts inside the organisation", async () => {
    const owner = await signedInBuyer(t.db);
    const colleague = await signedInBuyer(t.db, { organizationId: owner.organization?.id });
    const stranger = await signedInBuyer(t.db);
    const { branch, variant } = await supplierListing(t.db);
    const cart = await createCart(owner.headers);
    const added = await addItem(owner.headers, {
      cartId: cart.id,
      branchId: branch.id,
      productVariantId: variant.id,
      quantity: 2,
    });
    const item = added.json();

    const strangerCalls = [
      { method: 'GET', url: `/api/v1/carts/${cart.id}` },
      { method: 'PATCH', url: `/api/v1/carts/${cart.id}`, payload: { version: 1, name: 'Mine now' } },
      { method: 'DELETE', url: `/api/v1/carts/${cart.id}` },
      { method: 'POST', url: `/api/v1/carts/${cart.id}/duplicate` },
      { method: 'POST', url: `/api/v1/carts/${cart.id}/submit` },
      { method: 'GET', url: `/api/v1/carts/${cart.id}/quote.pdf` },
      { method: 'GET', url: `/api/v1/carts/${cart.id}/quote.csv` },
      { method: 'GET', url: `/api/v1/cart_items?cartId=${cart.id}` },
      { method: 'PATCH', url: `/api/v1/cart_items/${item.id}`, payload: { quantity: 5 } },
      { method: 'DELETE', url: `/api/v1/cart_items/${item.id}` },
      {
        method: 'POST',
        url: '/api/v1/cart_items',
        payload: { cartId: cart.id, branchId: branch.id, productVariantId: variant.id, quantity: 1 },
      },
      { method: 'POST', url: '/api/v1/cart_notes', payload: { cartId: cart.id, body: 'Hello' } },
    ] as const;
    for (const call of strangerCalls) {
      const response = await t.app.inject({ ...call, headers: stranger.headers });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(404);
    }

    const shared = await getCart(colleague.headers, cart.id);
    expect(shared.items).toHaveLength(1);
    expect(shared.permissions.edit).toBe(true);
    const colleagueEdit = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/cart_items/${item.id}`,
      headers: colleague.headers,
      payload: { quantity: 4 },
    });
    expect(colleagueEdit.statusCode).toBe(200);
  });
});

describe('cart items', () => {
  it('prices an item by tier and changes the tier when the quantity changes', async () => {
    const buyer = await signedInBuyer(t.db);
    const { branch, variant } = await supplierListing(t.db, {
      priceTiers: [
        { quantityMin: 1, price: 3_000 },
        { quantityMin: 10, price: 2_800 },
      ],
    });
    const cart = await createCart(buyer.headers);
    const added = await addItem(buyer.headers, {
      cartId: cart.id,
      branchId: branch.id,
      productVariantId: variant.id,
      quantity: 3,
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      quantity: 3,
      price: { base: 3_000, value: 3_000, category: 'Standard Pricing', quantityMin: 1 },
      buyerTotal: 9_000,
      version: 1,
      sortPosition: 1,
    });

    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/cart_items/${added.json().id}`,
      headers: buyer.headers,
      payload: { quantity: 12, version: 1 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      quantity: 12,
      price: { value: 2_800, quantityMin: 10 },
      buyerTotal: 33_600,
      version: 2,
    });
  });

  it('adds to the existing line when the same size from the same branch is added again', async () => {
    const buyer = await signedInBuyer(t.db);
    const { branch, variant } = await supplierListing(t.db);
    const cart = await createCart(buyer.headers);
    const first = await addItem(buyer.headers, {
      cartId: cart.id,
      branchId: branch.id,
      productVariantId: variant.id,
      quantity: 2,
    });
    const second = await addItem(buyer.headers, {
      cartId: cart.id,
      branchId: branch.id,
      productVariantId: variant.id,
      quantity: 3,
    });
    expect(second.json()).toMatchObject({ id: first.json().id, quantity: 5 });
    expect((await getCart(buyer.headers, cart.id)).items).toHaveLength(1);
  });

  it('labels a purchase discount and passes the platform discount cost to the platform, not the supplier', async () => {
    const buyer = await signedInBuyer(t.db);
    const evd = await supplierListing(t.db, { priceTiers: [{ quantityMin: 1, price: 10_000 }] });
    const promo = await supplierListing(t.db, { priceTiers: [{ quantityMin: 1, price: 10_000 }] });
    await insertDiscount(t.db, {
      name: 'Greenline EVD',
      kind: 'purchase',
      operator: 'PERCENTAGE',
      value: 1_000,
      buyerOrganizationId: buyer.organization?.id,
      supplierOrganizationId: evd.organizationId,
    });
    await insertDiscount(t.db, {
      name: 'Spring promo',
      kind: 'platform',
      operator: 'FLAT_RATE',
      value: 500,
      supplierOrganizationId: promo.organizationId,
    });
    const cart = await createCart(buyer.headers);
    const discounted = await addItem(buyer.headers, {
      cartId: cart.id,
      branchId: evd.branch.id,
      productVariantId: evd.variant.id,
      quantity: 1,
    });
    expect(discounted.json()).toMatchObject({
      price: { base: 10_000, value: 9_000, category: 'Purchase Discount', pricingType: 'EVD' },
      supplierPrice: 9_000,
    });
    const platform = await addItem(buyer.headers, {
      cartId: cart.id,
      branchId: promo.branch.id,
      productVariantId: promo.variant.id,
      quantity: 1,
    });
    expect(platform.json()).toMatchObject({
      price: { value: 9_500, category: 'Hedgerow Discount', pricingType: 'PLATFORM_DISCOUNT' },
      supplierPrice: 10_000,
    });
  });

  it.each([
    [0, 'Quantity must be more than 0'],
    [-2, 'Quantity must be more than 0'],
    [1.5, 'Quantity must be a whole number for this item'],
    ['ten', 'Enter a quantity'],
  ])('refuses quantity %s with 400 on the quantity field', async (quantity, message) => {
    const buyer = await signedInBuyer(t.db);
    const { branch, variant } = await supplierListing(t.db);
    const cart = await createCart(buyer.headers);
    const response = await addItem(buyer.headers, {
      cartId: cart.id,
      branchId: branch.id,
      productVariantId: variant.id,
      quantity,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.quantity).toBe(message);
  });

  it('accepts fractions for goods sold by measure', async () => {
    const buyer = await signedInBuyer(t.db);
    const { branch, variant } = await supplierListing(t.db, { unit: 'cu yd' });
    const cart = await createCart(buyer.headers);
    const response = await addItem(buyer.headers, {
      cartId: cart.id,
      branchId: branch.id,
      productVariantId: variant.id,
      quantity: 2.5,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ quantity: 2.5, unitAbbreviation: 'cu yd', buyerTotal: 7_500 });
  });

  it('answers 422 when the branch does not list the size', async () => {
    const buyer = await signedInBuyer(t.db);
    const listed = await supplierListing(t.db);
    const other = await supplierListing(t.db);
    const cart = await createCart(buyer.headers);
    const response = await addItem(buyer.headers, {
      cartId: cart.id,
      branchId: listed.branch.id,
      productVariantId: other.variant.id,
      quantity: 1,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toMatch(/does not list that size/);
  });

  it('refuses a restricted product of another supplier, a line past the largest quantity and a cart that was submitted', async () => {
    const buyer = await signedInBuyer(t.db);
    const restricted = await supplierListing(t.db, { restricted: true });
    const open = await supplierListing(t.db);
    const cart = await createCart(buyer.headers);
    const refused = await addItem(buyer.headers, {
      cartId: cart.id,
      branchId: restricted.branch.id,
      productVariantId: restricted.variant.id,
      quantity: 1,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('restricted');

    const line = { cartId: cart.id, branchId: open.branch.id, productVariantId: open.variant.id };
    expect((await addItem(buyer.headers, { ...line, quantity: 999_999 })).statusCode).toBe(201);
    const tooMany = await addItem(buyer.headers, { ...line, quantity: 2 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fields.quantity).toBe('Quantity must be 1,000,000 or less');
    expect((await getCart(buyer.headers, cart.id)).items[0].quantity).toBe(999_999);

    await t.db.execute(sql`update carts set state = 'submitted', submitted_at = now() where id = ${cart.id}`);
    const late = await addItem(buyer.headers, { ...line, quantity: 1 });
    expect(late.statusCode).toBe(422);
    expect(late.json().code).toBe('cart_submitted');
  });

  it('answers 409 to a stale quantity change and keeps the newer quantity', async () => {
    const buyer = await signedInBuyer(t.db);
    const { branch, variant } = await supplierListing(t.db);
    const cart = await createCart(buyer.headers);
    const item = (
      await addItem(buyer.headers, {
        cartId: cart.id,
        branchId: branch.id,
        productVariantId: variant.id,
        quantity: 1,
      })
    ).json();
    const url = `/api/v1/cart_items/${item.id}`;
    const first = await t.app.inject({
      method: 'PATCH',
      url,
      headers: buyer.headers,
      payload: { quantity: 4, version: 1 },
    });
    expect(first.statusCode).toBe(200);
    const stale = await t.app.inject({
      method: 'PATCH',
      url,
      headers: buyer.headers,
      payload: { quantity: 9, version: 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/changed somewhere else/);
    expect((await getCart(buyer.headers, cart.id)).items[0].quantity).toBe(4);
  });

  it('warns when the quantity is more than the branch has, and adds non-catalogue items', async () => {
    const buyer = await signedInBuyer(t.db);
    const { branch, variant } = await supplierListing(t.db, { quantity: 5 });
    const cart = await createCart(buyer.headers);
    await addItem(buyer.headers, {
      cartId: cart.id,
      branchId: branch.id,
      productVariantId: variant.id,
      quantity: 8,
    });
    const custom = await addItem(buyer.headers, {
      cartId: cart.id,
      branchId: branch.id,
      nonCatalog: true,
      name: 'Pine straw, long needle',
      size: 'Bale',
      quantity: 40,
      unitPrice: 650,
    });
    expect(custom.statusCode, custom.body).toBe(201);
    const view = await getCart(buyer.headers, cart.id);
    expect(view.items.map((item) => [item.name, item.exceedsAvailability, item.buyerTotal])).toEqual([
      [expect.any(String), true, 24_000],
      ['Pine straw, long needle', false, 26_000],
    ]);
    expect(view.subtotal).toBe(50_000);
    // Branches in the factories are in North Carolina: 4.75 % state base rate.
    expect(view.taxAmount).toBe(2_375);
    expect(view.total).toBe(52_375);
  });

  it('saves a new order of items, numbered from 1, and refuses a list that does not match the cart', async () => {
    const buyer = await signedInBuyer(t.db);
    const a = await supplierListing(t.db);
    const b = await supplierListing(t.db);
    const cart = await createCart(buyer.headers);
    const first = (
      await addItem(buyer.headers, {
        cartId: cart.id,
        branchId: a.branch.id,
        productVariantId: a.variant.id,
        quantity: 1,
      })
    ).json();
    const second = (
      await addItem(buyer.headers, {
        cartId: cart.id,
        branchId: b.branch.id,
        productVariantId: b.variant.id,
        quantity: 1,
      })
    ).json();
    const reordered = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cart_items/reorder',
      headers: buyer.headers,
      payload: {
        cartId: cart.id,
        cartItemsSort: [
          { id: second.id, sortPosition: 5 },
          { id: first.id, sortPosition: 9 },
        ],
      },
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json<CartView>().items.map((item) => [item.id, item.sortPosition])).toEqual([
      [second.id, 1],
      [first.id, 2],
    ]);
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cart_items/reorder',
      headers: buyer.headers,
      payload: { cartId: cart.id, cartItemsSort: [{ id: first.id, sortPosition: 1 }] },
    });
    expect(stale.statusCode).toBe(409);
  });
});

describe('cart changes', () => {
  it('answers 409 to a rename made on a stale version', async () => {
    const buyer = await signedInBuyer(t.db);
    const cart = await createCart(buyer.headers);
    const url = `/api/v1/carts/${cart.id}`;
    const renamed = await t.app.inject({
      method: 'PATCH',
      url,
      headers: buyer.headers,
      payload: { version: 1, name: 'Phase A' },
    });
    expect(renamed.json()).toMatchObject({ name: 'Phase A', version: 2 });
    const stale = await t.app.inject({
      method: 'PATCH',
      url,
      headers: buyer.headers,
      payload: { version: 1, name: 'Phase B' },
    });
    expect(stale.statusCode).toBe(409);
  });

  it('adds and deletes notes, refusing an empty body', async () => {
    const buyer = await signedInBuyer(t.db);
    const cart = await createCart(buyer.headers);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cart_notes',
      headers: buyer.headers,
      payload: { cartId: cart.id, body: '   ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ body: 'Enter a note' });
    const note = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cart_notes',
      headers: buyer.headers,
      payload: { cartId: cart.id, body: 'Deliver to the back gate' },
    });
    expect(note.statusCode).toBe(201);
    expect(note.json()).toMatchObject({
      body: 'Deliver to the back gate',
      authorId: buyer.user.id,
      internal: false,
    });
    expect((await getCart(buyer.headers, cart.id)).notes).toHaveLength(1);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/cart_notes/${note.json().id}`,
      headers: buyer.headers,
    });
    expect(deleted.statusCode).toBe(204);
    expect((await getCart(buyer.headers, cart.id)).notes).toHaveLength(0);
  });

  it('duplicates a cart with its items into a new current cart', async () => {
    const buyer = await signedInBuyer(t.db);
    const { branch, variant } = await supplierListing(t.db);
    const cart = await createCart(buyer.headers, { name: 'Lot 7' });
    await addItem(buyer.headers, {
      cartId: cart.id,
      branchId: branch.id,
      productVariantId: variant.id,
      quantity: 6,
    });
    const copy = await t.app.inject({
      method: 'POST',
      url: `/api/v1/carts/${cart.id}/duplicate`,
      headers: buyer.headers,
    });
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({ name: 'Lot 7 (copy)', current: true, items: [{ quantity: 6 }] });
    expect(copy.json().id).not.toBe(cart.id);
  });

  it('reassigns a cart to another buyer of the organisation and e-mails them', async () => {
    const owner = await signedInBuyer(t.db);
    const colleague = await insertUser(t.db, { organizationId: owner.organization?.id });
    const outsider = await insertUser(t.db);
    const cart = await createCart(owner.headers, { name: 'Handover' });
    const url = `/api/v1/carts/${cart.id}/assign_to_buyer_user`;
    const refused = await t.app.inject({
      method: 'POST',
      url,
      headers: owner.headers,
      payload: { buyerUserId: outsider.id },
    });
    expect(refused.statusCode).toBe(400);
    const assigned = await t.app.inject({
      method: 'POST',
      url,
      headers: owner.headers,
      payload: { buyerUserId: colleague.id, notifyBuyer: true, note: 'Please price the trees' },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json()).toMatchObject({ buyerUserId: colleague.id });
    const mails = await queryRows<{ text_body: string }>(
      t.db,
      sql`select text_body from outbox_emails where to_address = ${colleague.email}`,
    );
    expect(mails[0]?.text_body).toContain('Please price the trees');
  });

  it('lists open carts newest change first and submitted carts separately, 10 a page, with a search', async () => {
    const buyer = await signedInBuyer(t.db);
    for (let n = 1; n <= 12; n++)
      await createCart(buyer.headers, { name: `Job ${String(n).padStart(2, '0')}` });
    const page1 = await t.app.inject({
      method: 'GET',
      url: '/api/v1/carts?active=true',
      headers: buyer.headers,
    });
    expect(page1.json()).toMatchObject({ totalCount: 12, totalPages: 2, currentPage: 1 });
    expect(page1.json().results).toHaveLength(10);
    expect(page1.json().results[0]).toMatchObject({ name: 'Job 12', current: true });
    const byName = await t.app.inject({
      method: 'GET',
      url: '/api/v1/carts?active=true&sort=name|asc&query=job 0',
      headers: buyer.headers,
    });
    expect(byName.json().results.map((cart: { name: string }) => cart.name)).toEqual([
      'Job 01',
      'Job 02',
      'Job 03',
      'Job 04',
      'Job 05',
      'Job 06',
      'Job 07',
      'Job 08',
      'Job 09',
    ]);
    const submitted = await t.app.inject({
      method: 'GET',
      url: '/api/v1/carts?active=false',
      headers: buyer.headers,
    });
    expect(submitted.json()).toMatchObject({ totalCount: 0, results: [] });
    const badSort = await t.app.inject({
      method: 'GET',
      url: '/api/v1/carts?sort=price|asc',
      headers: buyer.headers,
    });
    expect(badSort.statusCode).toBe(400);
  });
});

describe('search "In Active Cart"', () => {
  it("finds only products listed by the branches of the caller's current cart", async () => {
    const buyer = await signedInBuyer(t.db);
    const inCart = await supplierListing(t.db);
    const elsewhere = await supplierListing(t.db);
    const cart = await createCart(buyer.headers);
    await addItem(buyer.headers, {
      cartId: cart.id,
      branchId: inCart.branch.id,
      productVariantId: inCart.variant.id,
      quantity: 1,
    });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/products/search?supplierFilter=true&activeCart=true&perPage=100',
      headers: buyer.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const ids = response.json().results.map((product: { id: number }) => product.id);
    expect(ids).toContain(inCart.product.id);
    expect(ids).not.toContain(elsewhere.product.id);
  });
});
