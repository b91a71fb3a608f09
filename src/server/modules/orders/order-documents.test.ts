import { sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartView } from '../../../domain/carts/cart-view';
import { signedInBuyer, supplierListing } from '../../test/cart-factories';
import { bearer, insertUser, tokenFor } from '../../test/factories';
import { createTestApp } from '../../test/test-app';
import { ensureKnownFeatures } from '../features/features.service';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;

const pdfText = async (body: Buffer) => {
  const pdf = await getDocumentProxy(new Uint8Array(body));
  return (await extractText(pdf, { mergePages: true })).text;
};

/**
 * A buyer submits a cart of 12 × $28.00 at one branch for delivery; the supplier's price is then set
 * to $25.00 so the two audiences' prices differ.
 */
async function submittedOrder() {
  const buyer = await signedInBuyer(t.db);
  const listing = await supplierListing(t.db, { branch: { name: 'Piedmont Growers' } });
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/carts',
    headers: buyer.headers,
    payload: { name: 'Riverside park' },
  });
  const cart = created.json<CartView>();
  const added = await t.app.inject({
    method: 'POST',
    url: '/api/v1/cart_items',
    headers: buyer.headers,
    payload: {
      cartId: cart.id,
      branchId: listing.branch.id,
      productVariantId: listing.variant.id,
      quantity: 12,
    },
  });
  expect(added.statusCode, added.body).toBe(201);
  const checkedOut = await t.app.inject({
    method: 'POST',
    url: `/api/v1/carts/${cart.id}/checkout`,
    headers: buyer.headers,
  });
  const saved = await t.app.inject({
    method: 'PUT',
    url: `/api/v1/carts/${cart.id}/fulfillments/${listing.branch.id}`,
    headers: buyer.headers,
    payload: {
      version: checkedOut.json<CartView>().version,
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
  const submitted = await t.app.inject({
    method: 'POST',
    url: `/api/v1/carts/${cart.id}/submit`,
    headers: buyer.headers,
  });
  expect(submitted.statusCode, submitted.body).toBe(200);
  const [order] = submitted.json<{ orders: { id: number; orderNumber: string }[] }>().orders;
  await t.db.execute(
    sql`update order_items set supplier_price = 2500, supplier_total = 30000 where order_id = ${order.id}`,
  );
  await t.db.execute(sql`update orders set supplier_subtotal = 30000 where id = ${order.id}`);
  const supplier = await insertUser(t.db, { organizationId: listing.organizationId });
  return { buyer, listing, order, supplierHeaders: bearer(await tokenFor(t.db, supplier.id)) };
}

const download = (headers: Headers, id: number, type: 'purchase_order' | 'bill_of_lading') =>
  t.app.inject({ method: 'GET', url: `/api/v1/orders/${id}/documents/${type}.pdf`, headers });

describe('order documents', () => {
  it('gives the buyer a purchase order with buyer prices, delivery details and notes', async () => {
    const { buyer, order } = await submittedOrder();
    const response = await download(buyer.headers, order.id, 'purchase_order');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(
      `filename="Purchase Order ${order.orderNumber}.pdf"`,
    );
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Hedgerow');
    expect(text).toContain('Purchase Order');
    expect(text).toContain(order.orderNumber);
    expect(text).toContain('Version 1');
    expect(text).toContain('Piedmont Growers');
    expect(text).toContain('100 Riverside Dr');
    // Delivery instructions show only with DELIVERY_INSTRUCTIONS on, as on the order page.
    expect(text).not.toContain('Gate code 4411');
    await ensureKnownFeatures(t.db);
    await t.db.execute(sql`insert into feature_enablements (feature_id, user_id)
      select f.id, ${buyer.user.id} from features f where f.name = 'DELIVERY_INSTRUCTIONS'`);
    await t.db.execute(sql`update features set active = true where name = 'DELIVERY_INSTRUCTIONS'`);
    t.app.deps.features.invalidate();
    const withFlag = await pdfText((await download(buyer.headers, order.id, 'purchase_order')).rawPayload);
    expect(withFlag).toContain('Gate code 4411');
    expect(text).toContain('Call on arrival');
    expect(text).toContain('$28.00');
    expect(text).toContain('$336.00');
    expect(text).toContain('Estimated tax');
    expect(text).not.toContain('$25.00');
  });

  it("gives the branch's supplier its own prices and an admin the buyer's", async () => {
    const { order, supplierHeaders } = await submittedOrder();
    const supplierPdf = await download(supplierHeaders, order.id, 'purchase_order');
    expect(supplierPdf.statusCode, supplierPdf.body).toBe(200);
    const supplierText = await pdfText(supplierPdf.rawPayload);
    expect(supplierText).toContain(order.orderNumber);
    expect(supplierText).toContain('$25.00');
    expect(supplierText).toContain('$300.00');
    expect(supplierText).not.toContain('$28.00');

    const admin = await insertUser(t.db, { roles: ['admin'] });
    const adminPdf = await download(bearer(await tokenFor(t.db, admin.id)), order.id, 'purchase_order');
    expect(adminPdf.statusCode, adminPdf.body).toBe(200);
    const adminText = await pdfText(adminPdf.rawPayload);
    expect(adminText).toContain(order.orderNumber);
    expect(adminText).toContain('$28.00');
    expect(adminText).not.toContain('$25.00');
  });

  it('makes a bill of lading with shipper, consignee, quantities, signature lines and no prices', async () => {
    const { buyer, order, supplierHeaders } = await submittedOrder();
    for (const headers of [buyer.headers, supplierHeaders]) {
      const response = await download(headers, order.id, 'bill_of_lading');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-disposition']).toContain(`Bill of Lading ${order.orderNumber}.pdf`);
      const text = await pdfText(response.rawPayload);
      expect(text).toContain('Bill of Lading');
      expect(text).toContain(order.orderNumber);
      expect(text).toMatch(/SHIPPER[\s\S]*Piedmont Growers/);
      expect(text).toContain('CONSIGNEE');
      expect(text).toContain('100 Riverside Dr');
      expect(text).toContain('12 ea');
      for (const signer of ['Shipper signature', 'Carrier signature', 'Consignee signature', 'Date']) {
        expect(text).toContain(signer);
      }
      expect(text).not.toContain('$');
    }
  });

  it('paginates a long order with the table heading repeated', async () => {
    const { buyer, order } = await submittedOrder();
    await t.db.execute(sql`
      insert into order_items (order_id, position, primary_name, secondary_name, size, unit, quantity,
        buyer_price, supplier_price, buyer_total, supplier_total)
      select ${order.id}, 1 + n, 'Acer rubrum ' || n, 'Red maple', '#3', 'each', 2, 2800, 2500, 5600, 5000
      from generate_series(1, 80) as n`);
    const response = await download(buyer.headers, order.id, 'purchase_order');
    expect(response.statusCode, response.body).toBe(200);
    const pdf = await getDocumentProxy(new Uint8Array(response.rawPayload));
    expect(pdf.numPages).toBeGreaterThan(1);
    const { text } = await extractText(pdf, { mergePages: true });
    expect(text).toContain('Items (continued)');
    expect(text).toContain('Acer rubrum 80');
    expect(text).toContain(`Page 1 of ${pdf.numPages}`);
  });

  it('answers 404 to a stranger, another supplier and for an unknown order', async () => {
    const { order } = await submittedOrder();
    const stranger = await signedInBuyer(t.db);
    const other = await supplierListing(t.db);
    const otherSupplier = await insertUser(t.db, { organizationId: other.organizationId });
    for (const headers of [stranger.headers, bearer(await tokenFor(t.db, otherSupplier.id))]) {
      for (const type of ['purchase_order', 'bill_of_lading'] as const) {
        const response = await download(headers, order.id, type);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ message: 'Order not found' });
      }
      const parties = await t.app.inject({
        method: 'GET',
        url: `/api/v1/orders/${order.id}/parties`,
        headers,
      });
      expect(parties.statusCode).toBe(404);
    }
    expect((await download(stranger.headers, 999_999, 'purchase_order')).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/orders/${order.id}/documents/purchase_order.pdf` }))
        .statusCode,
    ).toBe(401);
  });

  it('names the parties of the order for the order page', async () => {
    const { buyer, order, supplierHeaders } = await submittedOrder();
    for (const headers of [buyer.headers, supplierHeaders]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v1/orders/${order.id}/parties`,
        headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        buyerOrganizationName: 'Greenline Test',
        branchName: 'Piedmont Growers',
        branchAddress: ['1 Main St', 'Charlotte, NC 28202'],
      });
      expect(Object.values(response.json().userNames)).toContain(
        `${buyer.user.firstName} ${buyer.user.lastName}`,
      );
    }
  });
});
