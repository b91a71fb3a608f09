import { sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartView } from '../../../domain/carts/cart-view';
import { queryRows } from '../../db/client';
import { signedInBuyer, supplierListing } from '../../test/cart-factories';
import { bearer, insertUser, tokenFor } from '../../test/factories';
import { createTestApp } from '../../test/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;

/** A buyer's cart with two items from one supplier branch and one from another. */
async function cartWithTwoSuppliers(headers: Headers, name = 'Riverside park') {
  const a = await supplierListing(t.db, { branch: { name: 'Blue Ridge North' } });
  const b = await supplierListing(t.db, { branch: { name: 'Piedmont Growers' } });
  const second = await supplierListing(t.db, { organizationId: a.organizationId });
  const created = await t.app.inject({ method: 'POST', url: '/api/v1/carts', headers, payload: { name } });
  const cart = created.json<CartView>();
  for (const [listing, quantity] of [
    [a, 3],
    [b, 12],
  ] as const) {
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
  // A second product at the first branch: still one order for that branch.
  await t.app.inject({
    method: 'POST',
    url: '/api/v1/cart_items',
    headers,
    payload: {
      cartId: cart.id,
      branchId: second.branch.id,
      productVariantId: second.variant.id,
      quantity: 1,
    },
  });
  return { cart, a, b, second };
}

const submit = (headers: Headers, id: number, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/carts/${id}/submit`,
    headers: key ? { ...headers, 'idempotency-key': key } : headers,
  });

describe('POST /api/v1/carts/:id/submit', () => {
  it('splits the cart into one order per supplier branch with the prices shown, and e-mails buyer and suppliers', async () => {
    const buyer = await signedInBuyer(t.db);
    const { cart, a, b, second } = await cartWithTwoSuppliers(buyer.headers);
    const supplierUser = await insertUser(t.db, { organizationId: b.organizationId });
    // Every supplier here has someone to receive its order (see 'orders nobody receives' below).
    for (const organizationId of new Set([a.organizationId, second.organizationId])) {
      if (organizationId !== b.organizationId) await insertUser(t.db, { organizationId });
    }
    const before = await t.app.inject({
      method: 'GET',
      url: `/api/v1/carts/${cart.id}`,
      headers: buyer.headers,
    });
    const shown = before.json<CartView>();

    const response = await submit(buyer.headers, cart.id, 'submit-key-0001');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{
      cart: CartView;
      orders: { id: number; branchId: number; total: number }[];
    }>();
    expect(body.cart).toMatchObject({
      state: 'submitted',
      current: false,
      permissions: { edit: false, submit: false },
    });
    expect(body.cart.submittedAt).not.toBeNull();
    expect(body.orders.map((order) => order.branchId).sort()).toEqual(
      [a.branch.id, b.branch.id, second.branch.id].sort(),
    );
    for (const order of body.orders) {
      const branch = shown.branches.find((group) => group.id === order.branchId);
      expect(order.total).toBe(branch?.total);
    }

    const buyerView = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${body.orders[0].id}`,
      headers: buyer.headers,
    });
    expect(buyerView.statusCode).toBe(200);
    expect(buyerView.json()).toMatchObject({
      state: 'purchase_order_sent',
      displayState: { label: 'Supplier Reviewing', color: 'blue' },
      audience: 'buyer',
      name: 'Riverside park',
      pickup: true,
    });
    const shownItem = shown.items.find((item) => item.branchId === body.orders[0].branchId);
    expect(buyerView.json().items[0]).toMatchObject({
      price: shownItem?.price?.value,
      quantity: shownItem?.quantity,
    });

    const bOrder = body.orders.find((order) => order.branchId === b.branch.id);
    const supplierView = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${bOrder?.id}`,
      headers: bearer(await tokenFor(t.db, supplierUser.id)),
    });
    expect(supplierView.statusCode).toBe(200);
    expect(supplierView.json()).toMatchObject({
      audience: 'supplier',
      items: [{ supplierPrice: 2_800, totalSupplierPrice: 33_600 }],
    });
    const otherOrder = body.orders.find((order) => order.branchId === a.branch.id);
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${otherOrder?.id}`,
      headers: bearer(await tokenFor(t.db, supplierUser.id)),
    });
    expect(refused.statusCode).toBe(404);

    const events = await queryRows<{ name: string }>(
      t.db,
      sql`select name from order_events where order_id = ${body.orders[0].id}`,
    );
    expect(events).toEqual([{ name: 'submit' }, { name: 'send_purchase_order' }]);
    // The mails go out through the notification job, to each side's subscribed contacts (here each
    // company's first member, subscribed by default): the buyer once, the supplier once.
    await t.app.deps.jobs.drain();
    const mails = await queryRows<{ to_address: string; subject: string }>(
      t.db,
      sql`select to_address, subject from outbox_emails where to_address in (${buyer.user.email}, ${supplierUser.email})`,
    );
    expect(mails.map((mail) => mail.to_address).sort()).toEqual(
      [buyer.user.email, supplierUser.email].sort(),
    );
    expect(mails.find((mail) => mail.to_address === buyer.user.email)?.subject).toContain('3 suppliers');

    const current = await t.app.inject({
      method: 'GET',
      url: '/api/v1/carts/current',
      headers: buyer.headers,
    });
    expect(current.json()).toEqual({ cart: null });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/carts?active=false',
      headers: buyer.headers,
    });
    expect(list.json().results[0]).toMatchObject({ id: cart.id, ordersCount: 3, total: shown.total });

    const again = await submit(buyer.headers, cart.id);
    expect(again.statusCode).toBe(422);
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/carts/${cart.id}`,
      headers: buyer.headers,
      payload: { version: body.cart.version, name: 'Too late' },
    });
    expect(edit.statusCode).toBe(422);
  });

  it('creates one set of orders for two concurrent submits with one key and answers both alike', async () => {
    const buyer = await signedInBuyer(t.db);
    const { cart } = await cartWithTwoSuppliers(buyer.headers);
    const [first, second] = await Promise.all([
      submit(buyer.headers, cart.id, 'double-click-key'),
      submit(buyer.headers, cart.id, 'double-click-key'),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().orders).toEqual(first.json().orders);
    const orders = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from orders where cart_id = ${cart.id}`,
    );
    expect(orders[0].n).toBe(3);
    const replay = await submit(buyer.headers, cart.id, 'double-click-key');
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
  });

  it('refuses an empty cart, an unapproved buyer and a buyer without an organisation', async () => {
    const buyer = await signedInBuyer(t.db);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/v1/carts',
      headers: buyer.headers,
      payload: { name: 'Empty' },
    });
    const emptySubmit = await submit(buyer.headers, empty.json().id);
    expect(emptySubmit.statusCode).toBe(422);
    expect(emptySubmit.json().message).toBe('Add at least one item to this cart before submitting it.');

    const unapproved = await signedInBuyer(t.db, { status: 'approved_for_site_use_only' });
    const { cart: unapprovedCart } = await cartWithTwoSuppliers(unapproved.headers);
    const refused = await submit(unapproved.headers, unapprovedCart.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/Only approved buyers can submit orders/);

    const loner = await signedInBuyer(t.db, { organizationId: null });
    const { cart: lonerCart } = await cartWithTwoSuppliers(loner.headers);
    const noOrganization = await submit(loner.headers, lonerCart.id);
    expect(noOrganization.statusCode).toBe(422);
    expect(noOrganization.json().message).toBe('Buyer must have an organization');
    const orders = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from orders where cart_id in (${unapprovedCart.id}, ${lonerCart.id})`,
    );
    expect(orders[0].n).toBe(0);
  });
});

describe('checkout', () => {
  it('saves pickup or delivery per branch, checks the date and address, and taxes delivery at its state', async () => {
    const buyer = await signedInBuyer(t.db);
    const { cart, b } = await cartWithTwoSuppliers(buyer.headers);
    const checkedOut = await t.app.inject({
      method: 'POST',
      url: `/api/v1/carts/${cart.id}/checkout`,
      headers: buyer.headers,
    });
    expect(checkedOut.json()).toMatchObject({ state: 'in_review' });
    const url = `/api/v1/carts/${cart.id}/fulfillments/${b.branch.id}`;
    const version = checkedOut.json<CartView>().version;

    const noAddress = await t.app.inject({
      method: 'PUT',
      url,
      headers: buyer.headers,
      payload: { version, fulfillment: 'delivery' },
    });
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().fields.deliveryAddress).toBe('Enter the delivery address for delivery orders');
    const past = await t.app.inject({
      method: 'PUT',
      url,
      headers: buyer.headers,
      payload: { version, fulfillment: 'pickup', requestedOn: '2020-01-01' },
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().fields.requestedOn).toBe('Choose today or a later date');

    const saved = await t.app.inject({
      method: 'PUT',
      url,
      headers: buyer.headers,
      payload: {
        version,
        fulfillment: 'delivery',
        requestedOn: '2099-04-01',
        deliveryAddress: {
          name: 'Site office',
          street1: '100 Riverside Dr',
          city: 'Greenville',
          state: 'SC',
          postalCode: '29601',
          phone: '(864) 555-0100',
        },
        deliveryInstructions: 'Gate code 4411',
        notesToSupplier: 'Call on arrival',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const branch = saved.json<CartView>().branches.find((group) => group.id === b.branch.id);
    expect(branch?.fulfillment).toMatchObject({
      fulfillment: 'delivery',
      requestedOn: '2099-04-01',
      deliveryInstructions: 'Gate code 4411',
    });
    // 12 × $28.00 delivered to South Carolina (6 %).
    expect(branch).toMatchObject({ subtotal: 33_600, taxAmount: 2_016, total: 35_616 });

    const stale = await t.app.inject({
      method: 'PUT',
      url,
      headers: buyer.headers,
      payload: { version, fulfillment: 'pickup' },
    });
    expect(stale.statusCode).toBe(409);

    const reopened = await t.app.inject({
      method: 'POST',
      url: `/api/v1/carts/${cart.id}/reopen`,
      headers: buyer.headers,
    });
    expect(reopened.json()).toMatchObject({ state: 'draft' });
  });
});

describe('quote downloads', () => {
  it('serves a PDF whose text has the cart and a CSV of the chosen format', async () => {
    const buyer = await signedInBuyer(t.db);
    const { cart } = await cartWithTwoSuppliers(buyer.headers, 'Library lawn');
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/v1/carts/${cart.id}/quote.pdf`,
      headers: buyer.headers,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`Quote ${cart.cartNumber} Library lawn.pdf`);
    const document = await getDocumentProxy(new Uint8Array(pdf.rawPayload));
    const { text } = await extractText(document, { mergePages: true });
    expect(text).toContain(cart.cartNumber);
    expect(text).toContain('Blue Ridge North');
    const hidden = await t.app.inject({
      method: 'GET',
      url: `/api/v1/carts/${cart.id}/quote.pdf?show_supplier=false`,
      headers: buyer.headers,
    });
    const hiddenText = (
      await extractText(await getDocumentProxy(new Uint8Array(hidden.rawPayload)), { mergePages: true })
    ).text;
    expect(hiddenText).not.toContain('Blue Ridge North');
    // The two PDFs of one cart do not share a file name.
    expect(hidden.headers['content-disposition']).toContain(
      `Quote ${cart.cartNumber} Library lawn - without suppliers.pdf`,
    );

    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/v1/carts/${cart.id}/quote.csv?format=QUOTE_CSV`,
      headers: buyer.headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain(`Quote ${cart.cartNumber} Library lawn - quote.csv`);
    expect(csv.body.split('\r\n')[0]).toBe(
      '\uFEFFLine,Product,Common Name,Size,Quantity,Unit,Unit Price,Total',
    );
    expect(csv.body.split('\r\n').filter(Boolean)).toHaveLength(4);
    const badFormat = await t.app.inject({
      method: 'GET',
      url: `/api/v1/carts/${cart.id}/quote.csv?format=XLS`,
      headers: buyer.headers,
    });
    expect(badFormat.statusCode).toBe(400);
  });
});
