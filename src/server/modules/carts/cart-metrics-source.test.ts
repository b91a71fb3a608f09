import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricsSourceMessage } from '../../../domain/carts/cart-schemas';
import type { CartItemView, CartView } from '../../../domain/carts/cart-view';
import { signedInBuyer, supplierListing } from '../../test/cart-factories';
import { createTestApp } from '../../test/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;

async function newCart(headers: Headers) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/carts',
    headers,
    payload: { name: 'Specimen trees' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CartView>();
}

const addItem = (headers: Headers, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/cart_items', headers, payload });

describe('the metrics source of a cart line', () => {
  it("records 'Photo Request' for an item added from a photo reply, and keeps it when added again untold", async () => {
    const buyer = await signedInBuyer(t.db);
    const { branch, variant } = await supplierListing(t.db);
    const cart = await newCart(buyer.headers);
    const added = await addItem(buyer.headers, {
      cartId: cart.id,
      branchId: branch.id,
      productVariantId: variant.id,
      quantity: 2,
      metricsSource: 'Photo Request',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json<CartItemView>().metricsSource).toBe('Photo Request');

    const again = await addItem(buyer.headers, {
      cartId: cart.id,
      branchId: branch.id,
      productVariantId: variant.id,
      quantity: 1,
    });
    expect(again.statusCode, again.body).toBe(201);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/carts/${cart.id}`,
      headers: buyer.headers,
    });
    const [line] = read.json<CartView>().items;
    expect(line).toMatchObject({ quantity: 3, metricsSource: 'Photo Request' });
  });

  it('is null when the adder does not say, and refuses a source outside the fixed list', async () => {
    const buyer = await signedInBuyer(t.db);
    const { branch, variant } = await supplierListing(t.db);
    const cart = await newCart(buyer.headers);
    const refused = await addItem(buyer.headers, {
      cartId: cart.id,
      branchId: branch.id,
      productVariantId: variant.id,
      quantity: 1,
      metricsSource: 'Newsletter',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ fields: { metricsSource: metricsSourceMessage } });

    const plain = await addItem(buyer.headers, {
      cartId: cart.id,
      branchId: branch.id,
      productVariantId: variant.id,
      quantity: 1,
    });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json<CartItemView>().metricsSource).toBeNull();
  });
});
