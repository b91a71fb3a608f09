import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { impossibleDateMessage } from '../../domain/calendar-date';
import { controlCharacterMessage } from '../../domain/text/control-characters';
import { signedInBuyer, submittedOrder } from '../test/cart-factories';
import { bearer, insertUser, tokenFor } from '../test/factories';
import { csvOf, multipartUpload } from '../test/hubsheet-factories';
import { createTestApp } from '../test/test-app';
import { signInRequiredMessage } from './auth';
import { bodyNotObjectMessage } from './hostile-input';
import { nothingToChangeMessage } from './patch-bodies';

/** One focused test per input rule of the contract layer (the fuzz in hostile-input.test.ts sweeps them all). */

let t: Awaited<ReturnType<typeof createTestApp>>;
let buyer: Awaited<ReturnType<typeof signedInBuyer>>;
let adminHeaders: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  buyer = await signedInBuyer(t.db);
  const admin = await insertUser(t.db, { roles: ['admin'] });
  adminHeaders = bearer(await tokenFor(t.db, admin.id));
});

afterAll(async () => {
  await t?.close();
});

const json = (method: 'POST' | 'PATCH' | 'PUT', url: string, body: string, headers = buyer.headers) =>
  t.app.inject({ method, url, headers: { ...headers, 'content-type': 'application/json' }, payload: body });

describe('a NUL character in any text', () => {
  test('an anonymous search with a NUL in its query answers 400 naming the query', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/products/search?query=a%00b' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: controlCharacterMessage,
      code: 'invalid_data',
      fields: { query: controlCharacterMessage },
    });
  });

  test('a NUL in a path slug and in nested body text is named by its field', async () => {
    const slug = await t.app.inject({ method: 'GET', url: '/api/v1/brands/a%00b' });
    expect(slug.statusCode).toBe(400);
    expect(slug.json().fields).toEqual({ slug: controlCharacterMessage });

    const address = await json(
      'POST',
      '/api/v1/addresses',
      JSON.stringify({
        name: 'Yard',
        street1: '1 Oak\u0000 St',
        city: 'Durham',
        state: 'NC',
        postalCode: '27701',
      }),
    );
    expect(address.statusCode).toBe(400);
    expect(address.json().fields).toEqual({ street1: controlCharacterMessage });
  });

  test('a NUL in an uploaded list file name is refused, and one in its cells is not stored as text', async () => {
    const upload = (filename: string, cells: string) => {
      const { payload, contentType } = multipartUpload({
        filename,
        data: csvOf([
          ['Plant', 'Qty'],
          [cells, '3'],
        ]),
      });
      return t.app.inject({
        method: 'POST',
        url: '/api/v1/import_lists',
        headers: { ...buyer.headers, 'content-type': contentType },
        payload,
      });
    };
    const named = await upload('list\u0000.csv', 'Acer rubrum');
    expect(named.statusCode, named.body).toBe(400);
    expect(named.json().fields).toEqual({ file: controlCharacterMessage });
    const cells = await upload('list.csv', 'Acer\u0000 rubrum');
    expect(cells.statusCode, cells.body).toBeLessThan(500);
  });
});

describe('bodies that are not what a route takes', () => {
  test('a JSON array or null where an object is expected answers 400', async () => {
    for (const body of ['[[[1]]]', 'null', '"text"', '12']) {
      const response = await json('POST', '/api/v1/addresses', body);
      expect(response.statusCode, body).toBe(400);
      expect(response.json()).toMatchObject({ message: bodyNotObjectMessage, code: 'invalid_data' });
      expect(response.json().fields).toBeUndefined();
    }
  });

  test('a PATCH naming no known field answers 400 before the database is asked to update nothing', async () => {
    for (const body of ['{}', '{"notAField":1}']) {
      const response = await json('PATCH', '/api/v1/users/current/preferences', body);
      expect(response.statusCode, body).toBe(400);
      expect(response.json()).toEqual({ message: nothingToChangeMessage, code: 'nothing_to_change' });
    }
    const hubsheet = await json(
      'POST',
      '/api/v1/hubsheets',
      JSON.stringify({ name: 'Job', postalCode: '27701', radiusRestriction: 100, jobDate: null }),
    );
    expect(hubsheet.statusCode, hubsheet.body).toBe(201);
    // This route parses its body in the handler (its schema needs the user's day): the same rule holds.
    const unknownOnly = await json('PATCH', `/api/v1/hubsheets/${hubsheet.json().id}`, '{"notAField":1}');
    expect(unknownOnly.statusCode).toBe(400);
    expect(unknownOnly.json().code).toBe('nothing_to_change');
  });
});

describe('values no column stores', () => {
  test('an impossible day answers 400 with the calendar message', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/orders/buyer_order_schedule?startDate=2026-02-30',
      headers: buyer.headers,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ startDate: impossibleDateMessage });
  });

  test('1e308 as a budget price answers 400 naming the price', async () => {
    const hubsheet = await json(
      'POST',
      '/api/v1/hubsheets',
      JSON.stringify({ name: 'Budget job', postalCode: '27701', radiusRestriction: 100, jobDate: null }),
    );
    const response = await json(
      'POST',
      `/api/v1/hubsheets/${hubsheet.json().id}/list_items`,
      JSON.stringify({ originalText: 'Limelight hydrangea', quantity: 3, budgetPrice: 1e308 }),
    );
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields)).toEqual(['budgetPrice']);
  });

  test('a 20-digit id in a path answers 400 naming the id; a version past int4 too', async () => {
    const id = await t.app.inject({
      method: 'GET',
      url: '/api/v1/carts/12345678901234567890',
      headers: buyer.headers,
    });
    expect(id.statusCode).toBe(400);
    expect(id.json().fields).toEqual({ id: 'Choose a cart' });

    const cart = await json('POST', '/api/v1/carts', JSON.stringify({ name: 'Job' }));
    const version = await json(
      'PATCH',
      `/api/v1/carts/${cart.json().id}`,
      JSON.stringify({ version: 2_147_483_648, name: 'Renamed' }),
    );
    expect(version.statusCode).toBe(400);
    expect(Object.keys(version.json().fields)).toEqual(['version']);
  });
});

describe('who may call, before what they send', () => {
  test('an anonymous caller of a private route gets 401, not the field messages of its body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/carts',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": 42}',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: signInRequiredMessage, code: 'unauthorized' });
  });

  test('the admin transition route answers an anonymous caller 401 and a buyer 403, listing no events', async () => {
    const order = await submittedOrder(t.db, t.app);
    const url = `/api/internal/orders/${order.orderId}/transition`;
    const payload = { event: 'not-an-event', expectedState: 'purchase_order_sent' };
    const anonymous = await t.app.inject({ method: 'POST', url, payload });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toMatch(/staff_review|cancel/);
    const asBuyer = await t.app.inject({ method: 'POST', url, headers: order.buyer.headers, payload });
    expect(asBuyer.statusCode).toBe(403);
    expect(asBuyer.body).not.toMatch(/staff_review|cancel/);
    const asAdmin = await t.app.inject({ method: 'POST', url, headers: adminHeaders, payload });
    expect(asAdmin.statusCode).toBe(400);
  });

  test('a dead token is anonymous: 401 on private routes, public ones still answer', async () => {
    const headers = bearer('not-a-real-token');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/carts', headers })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/brands', headers })).statusCode).toBe(200);
  });
});
