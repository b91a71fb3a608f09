import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInBuyer, supplierListing } from '../../test/cart-factories';
import { insertDiscount } from '../../test/catalog-factories';
import { createTestApp } from '../../test/test-app';
import { branches } from '../organizations/organizations.tables';

// A supplier gives a buyer a 10 % Purchase Discount; one of its two branches does not honour it.
let t: Awaited<ReturnType<typeof createTestApp>>;
let buyer: Awaited<ReturnType<typeof signedInBuyer>>;
let honoring: Awaited<ReturnType<typeof supplierListing>>;
let declining: Awaited<ReturnType<typeof supplierListing>>;

beforeAll(async () => {
  t = await createTestApp();
  buyer = await signedInBuyer(t.db);
  honoring = await supplierListing(t.db);
  declining = await supplierListing(t.db, { organizationId: honoring.organizationId });
  await t.db
    .update(branches)
    .set({ honorsPurchaseDiscount: false })
    .where(eq(branches.id, declining.branch.id));
  await insertDiscount(t.db, {
    name: 'Contract price',
    kind: 'purchase',
    operator: 'PERCENTAGE',
    value: 1_000,
    buyerOrganizationId: buyer.organization?.id,
    supplierOrganizationId: honoring.organizationId,
  });
});
afterAll(() => t?.close());

async function search(query: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/products/search?perPage=100&${query}`,
    headers: buyer.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { results: { id: number; price: { value: number; category: string } | null }[] };
}

describe('branches.honors_purchase_discount', () => {
  it("leaves a declining branch out of 'Honor My Purchase Discount'", async () => {
    const ids = (await search('supplierFilter=true&evdSuppliers=true')).results.map((r) => r.id);
    expect(ids).toContain(honoring.product.id);
    expect(ids).not.toContain(declining.product.id);
  });

  it('prices search results at a declining branch without the purchase discount', async () => {
    const { results } = await search('');
    const at = (id: number) => results.find((r) => r.id === id)?.price;
    expect(at(honoring.product.id)).toMatchObject({ value: 2_700, category: 'Purchase Discount' });
    expect(at(declining.product.id)).toMatchObject({ value: 3_000 });
  });

  it('prices a cart line from a declining branch at book, and one from an honouring branch with the discount', async () => {
    const cart = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/carts',
        headers: buyer.headers,
        payload: { name: 'Job' },
      })
    ).json<{ id: number }>();
    const add = (listing: typeof honoring) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/cart_items',
        headers: buyer.headers,
        payload: {
          cartId: cart.id,
          branchId: listing.branch.id,
          productVariantId: listing.variant.id,
          quantity: 1,
        },
      });
    const declined = await add(declining);
    expect(declined.statusCode, declined.body).toBe(201);
    const honored = await add(honoring);
    const text = JSON.stringify(honored.json());
    expect(text).toContain('2700');
    expect(JSON.stringify(declined.json())).not.toContain('2700');
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/v1/carts/${cart.id}`,
      headers: buyer.headers,
    });
    expect(view.statusCode).toBe(200);
    const lines = JSON.stringify(view.json());
    expect(lines).toContain('2700');
  });

  it('prices the listings of a product at a declining branch without the purchase discount', async () => {
    const listingsOf = async (productId: number) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v1/availabilities?productId=${productId}`,
        headers: buyer.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().results as { price: { value: number } | null }[];
    };
    expect((await listingsOf(declining.product.id)).map((r) => r.price?.value)).toEqual([3_000]);
    expect((await listingsOf(honoring.product.id)).map((r) => r.price?.value)).toEqual([2_700]);
  });
});
