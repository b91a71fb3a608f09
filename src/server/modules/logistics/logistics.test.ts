import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freightTexts } from '../../../domain/logistics/freight';
import { queryRows } from '../../db/client';
import { signedInBuyer, submittedOrder, supplierListing } from '../../test/cart-factories';
import { bearer, insertUser, tokenFor } from '../../test/factories';
import { multipartForm } from '../../test/multipart';
import { createTestApp } from '../../test/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
let logistics: Record<string, string>;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  logistics = bearer(await tokenFor(t.db, (await insertUser(t.db, { roles: ['logistics_admin'] })).id));
  admin = bearer(await tokenFor(t.db, (await insertUser(t.db, { roles: ['admin'] })).id));
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const inject = (method: string, url: string, headers: Headers, payload?: unknown) =>
  t.app.inject({ method: method as 'GET', url, headers, payload: payload as Record<string, unknown> });
const truck = {
  name: 'Flatbed 48',
  palletCapacity: 24,
  weightCapacityLb: 48_000,
  ratePerMile: 350,
  minimumCharge: 25_000,
};
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function platformFreightOrder() {
  const order = await submittedOrder(t.db, t.app, { delivery: true });
  const confirmed = await inject('POST', `/api/v1/orders/${order.orderId}/respond`, order.supplierHeaders, {
    version: 1,
    respondedWith: 'confirm_with_platform_shipping',
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const [request] = await queryRows<{ id: number; thread_id: number }>(
    t.db,
    sql`select id::int, thread_id::int from freight_requests where order_id = ${order.orderId}`,
  );
  return { ...order, requestId: request.id, threadId: request.thread_id };
}

describe('trucks', () => {
  it('the logistics team and admins keep the trucks; buyers and suppliers are refused', async () => {
    const created = await inject('POST', '/api/internal/trucks', logistics, truck);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    expect(
      (await inject('POST', '/api/internal/trucks', admin, { ...truck, name: 'flatbed 48' })).statusCode,
    ).toBe(409);
    const patched = await inject('PATCH', `/api/internal/trucks/${id}`, admin, { ratePerMile: 400 });
    expect(patched.json()).toMatchObject({ name: 'Flatbed 48', ratePerMile: 400 });
    const list = await inject('GET', '/api/internal/trucks', logistics);
    expect(list.json<{ results: { id: number }[] }>().results.map((row) => row.id)).toContain(id);
    const buyer = await signedInBuyer(t.db);
    expect((await inject('GET', '/api/internal/trucks', buyer.headers)).statusCode).toBe(403);
    expect((await inject('POST', '/api/internal/trucks', buyer.headers, truck)).statusCode).toBe(403);
    const bad = await inject('POST', '/api/internal/trucks', logistics, {
      name: '',
      palletCapacity: 0,
      weightCapacityLb: 1,
      ratePerMile: -1,
      minimumCharge: 0,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['name', 'palletCapacity', 'ratePerMile']);
    await inject('PATCH', `/api/internal/trucks/${id}`, admin, { ratePerMile: 350 });
  });
});

describe('freight requests from a cart', () => {
  it('needs FREIGHT_REQUEST, opens a Freight Estimate thread to staff, and hides it from strangers', async () => {
    const buyer = await signedInBuyer(t.db);
    const listing = await supplierListing(t.db);
    const cart = (await inject('POST', '/api/v1/carts', buyer.headers, { name: 'Riverside park' })).json<{
      id: number;
    }>();
    await inject('POST', '/api/v1/cart_items', buyer.headers, {
      cartId: cart.id,
      branchId: listing.branch.id,
      productVariantId: listing.variant.id,
      quantity: 10,
    });
    const body = {
      destinationCity: 'Durham',
      destinationState: 'NC',
      destinationPostalCode: '27701',
      expectedShipDate: '2099-04-01',
      fulfillmentHours: '7am-3pm',
      needsDeliveryAssist: true,
      notes: 'Forklift on site',
    };
    const url = `/api/v1/carts/${cart.id}/freight_requests`;
    const off = await inject('POST', url, buyer.headers, body);
    expect(off.statusCode).toBe(403);
    expect(off.json().message).toBe(freightTexts.featureOff);
    await t.db.execute(
      sql`insert into features (name, active, enabled_globally) values ('FREIGHT_REQUEST', true, true)
          on conflict (name) do update set active = true, enabled_globally = true`,
    );
    t.app.deps.features.invalidate();
    const bad = await inject('POST', url, buyer.headers, {
      ...body,
      destinationCity: '',
      destinationPostalCode: '123',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      destinationCity: freightTexts.cityRequired,
      destinationPostalCode: freightTexts.postalCodeInvalid,
    });
    const stranger = await signedInBuyer(t.db);
    expect((await inject('POST', url, stranger.headers, body)).statusCode).toBe(404);

    const created = await inject('POST', url, buyer.headers, body);
    expect(created.statusCode, created.body).toBe(201);
    const request = created.json<{ id: number; threadId: number; distanceMiles: number; lines: unknown[] }>();
    // Charlotte (28202) to Durham (27701) is about 130 miles as the crow flies.
    expect(request.distanceMiles).toBeGreaterThan(100);
    expect(request.distanceMiles).toBeLessThan(160);
    expect(request.lines).toHaveLength(1);

    const feed = await inject('GET', `/api/v1/message_threads/${request.threadId}/messages`, logistics);
    expect(feed.statusCode).toBe(200);
    const [message] = feed.json<{
      results: { messageType: string; actions: { label: string; resourceId?: number }[] }[];
    }>().results;
    expect(message.messageType).toBe('freight_quote_request');
    expect(message.actions[0]).toMatchObject({ label: 'Create Freight Estimate', resourceId: request.id });
    const buyerFeed = await inject(
      'GET',
      `/api/v1/message_threads/${request.threadId}/messages`,
      buyer.headers,
    );
    expect(buyerFeed.json().results[0].actions.map((action: { label: string }) => action.label)).toEqual([
      'View Cart',
    ]);
    expect(
      (await inject('GET', `/api/v1/message_threads/${request.threadId}/messages`, stranger.headers))
        .statusCode,
    ).toBe(404);
    const counts = await inject('GET', '/api/v1/message_threads/unread_count', logistics);
    expect(counts.json().freight).toBeGreaterThan(0);

    const queue = await inject('GET', '/api/internal/freight_requests', logistics);
    expect(queue.json<{ results: { id: number }[] }>().results.map((row) => row.id)).toContain(request.id);
    expect((await inject('GET', '/api/internal/freight_requests', buyer.headers)).statusCode).toBe(403);

    const estimate = await inject('POST', '/api/v1/freight_estimates', logistics, {
      freightRequestId: request.id,
      cost: 42_500,
      notes: 'Two stops',
    });
    expect(estimate.statusCode, estimate.body).toBe(201);
    const again = await inject('GET', `/api/v1/message_threads/${request.threadId}/messages`, buyer.headers);
    const results = again.json<{ results: { messageType: string; content: string }[] }>().results;
    expect(results.at(-1)).toMatchObject({ messageType: 'freight_quote_response' });
    expect(results.at(-1)?.content).toContain('$425.00');
  });
});

describe('an order confirmed with platform freight', () => {
  it('asks the logistics team at once; the estimate with a PDF sets shipping in a new version and clears Freight Pending', async () => {
    const { buyer, supplierHeaders, orderId, requestId, threadId } = await platformFreightOrder();
    const before = (await inject('GET', `/api/v1/orders/${orderId}`, buyer.headers)).json<{
      version: number;
      total: number;
      displayState: { label: string };
    }>();
    expect(before.displayState.label).toBe('Confirmed (Freight Pending)');

    const trucks = (await inject('GET', '/api/internal/trucks', logistics)).json<{
      results: { id: number }[];
    }>();
    const truckId =
      trucks.results[0]?.id ??
      (await inject('POST', '/api/internal/trucks', logistics, { ...truck, name: 'Box 26' })).json<{
        id: number;
      }>().id;
    const form = await inject('GET', `/api/internal/freight_requests/${requestId}`, logistics);
    expect(form.statusCode, form.body).toBe(200);
    const { request, suggestions } = form.json<{
      request: { distanceMiles: number };
      suggestions: { truckId: number; cost: number }[];
    }>();
    const suggested = suggestions.find((row) => row.truckId === truckId);
    expect(suggested?.cost).toBe(Math.max(25_000, Math.round(request.distanceMiles * 350)));

    // The logistics admin reads the order (Beehive orders), but cannot change it.
    expect((await inject('GET', `/api/v1/orders/${orderId}`, logistics)).statusCode).toBe(200);

    const refusals = [
      [{ freightRequestId: String(requestId), cost: '-500' }, freightTexts.costNegative],
      [{ freightRequestId: String(requestId), cost: 'lots' }, freightTexts.costNotNumber],
    ] as const;
    for (const [fields, message] of refusals) {
      const form = multipartForm([], fields);
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/v1/freight_estimates',
        headers: { ...logistics, 'content-type': form.contentType },
        payload: form.payload,
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().fields.cost).toBe(message);
    }
    const notPdf = multipartForm([{ field: 'pdf', filename: 'quote.pdf', data: 'hello' }], {
      freightRequestId: String(requestId),
      cost: 'x',
    });
    const both = await t.app.inject({
      method: 'POST',
      url: '/api/v1/freight_estimates',
      headers: { ...logistics, 'content-type': notPdf.contentType },
      payload: notPdf.payload,
    });
    expect(both.statusCode).toBe(422);
    expect(both.json().fields).toEqual({ cost: freightTexts.costNotNumber, pdf: freightTexts.pdfType });

    const goodForm = multipartForm(
      [{ field: 'pdf', filename: 'estimate.pdf', data: pdf, contentType: 'application/pdf' }],
      {
        freightRequestId: String(requestId),
        cost: '61250',
        notes: 'Liftgate included',
        truckId: String(truckId),
      },
    );
    const post = (headers: Headers) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/freight_estimates',
        headers: { ...headers, 'content-type': goodForm.contentType },
        payload: goodForm.payload,
      });
    expect((await post(buyer.headers)).statusCode).toBe(403);
    expect((await post(supplierHeaders)).statusCode).toBe(403);
    const estimated = await post(logistics);
    expect(estimated.statusCode, estimated.body).toBe(201);
    expect(estimated.json()).toMatchObject({ estimate: { cost: 61_250, pdfName: 'estimate.pdf' } });
    const second = await post(admin);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(freightTexts.alreadyEstimated);

    const after = (await inject('GET', `/api/v1/orders/${orderId}`, buyer.headers)).json<{
      version: number;
      total: number;
      freightPending: boolean;
      displayState: { label: string };
      amounts: { shipping?: { data: number }; total: { data: number } };
      permissions: { respond: boolean };
    }>();
    expect(after).toMatchObject({
      version: before.version + 1,
      freightPending: false,
      displayState: { label: 'Confirmed' },
    });
    expect(after.total).toBe(before.total + 61_250);
    expect(after.amounts.shipping?.data).toBe(61_250);
    expect(after.amounts.total.data).toBe(after.total);
    const supplierView = (await inject('GET', `/api/v1/orders/${orderId}`, supplierHeaders)).json<{
      permissions: { respond: boolean };
    }>();
    expect(supplierView.permissions.respond).toBe(false);

    const feed = (await inject('GET', `/api/v1/message_threads/${threadId}/messages`, logistics)).json<{
      results: {
        messageType: string;
        actions: { label: string; disabled: boolean }[];
        messageAttachments: { filename: string }[];
      }[];
    }>().results;
    expect(feed[0].actions[0]).toMatchObject({ label: 'Freight Estimate Added', disabled: true });
    expect(feed.at(-1)?.messageAttachments.map((file) => file.filename)).toEqual(['estimate.pdf']);
    const buyerFeed = await inject('GET', `/api/v1/message_threads/${threadId}/messages`, buyer.headers);
    expect(buyerFeed.statusCode).toBe(200);
  });

  it('answers an estimate by order id, and refuses an order that waits for no freight', async () => {
    const { orderId, buyer } = await platformFreightOrder();
    const byOrder = await inject('POST', '/api/v1/freight_estimates', admin, { orderId, cost: 10_000 });
    expect(byOrder.statusCode, byOrder.body).toBe(201);
    expect((await inject('GET', `/api/v1/orders/${orderId}`, buyer.headers)).json()).toMatchObject({
      freightPending: false,
    });
    const pickup = await submittedOrder(t.db, t.app);
    const refused = await inject('POST', '/api/v1/freight_estimates', admin, {
      orderId: pickup.orderId,
      cost: 10_000,
    });
    expect(refused.statusCode).toBe(409);
    const [{ count }] = await queryRows<{ count: number }>(
      t.db,
      sql`select count(*)::int as count from freight_requests where order_id = ${pickup.orderId}`,
    );
    expect(count).toBe(0);
  });
});
