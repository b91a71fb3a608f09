import { sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { signedInBuyer, submittedOrder, supplierListing } from '../../test/cart-factories';
import {
  insertAvailability,
  insertDiscount,
  insertProduct,
  insertVariant,
} from '../../test/catalog-factories';
import { bearer, insertBranch, insertOrganization, insertUser, tokenFor } from '../../test/factories';
import { createTestApp } from '../../test/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Record<string, string>;
let otherAdmin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await tokenFor(t.db, (await insertUser(t.db, { roles: ['admin'] })).id));
  otherAdmin = bearer(await tokenFor(t.db, (await insertUser(t.db, { roles: ['admin'] })).id));
});
afterAll(() => t?.close());

type Headers = Record<string, string>;
type AdminOrder = {
  id: number;
  state: string;
  version: number;
  branchId: number;
  userId: number;
  total: number;
  amounts: { subtotal: { data: number }; total: { data: number } };
  deactivated: { at: string; reason: string | null } | null;
  items: {
    id: number;
    primaryName: string;
    price: number | null;
    supplierPrice: number | null;
    total: number;
  }[];
  versions: { version: number; reason: string }[];
  events: { name: string; userId: number | null; reason?: string | null }[];
  buyer: { id: number; email: string };
  supplier: { branchName: string };
  unlistedItems?: { orderItemId: number; primaryName: string }[];
};

const post = (headers: Headers | undefined, url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });

const adminView = async (id: number) => {
  const [row] = await queryRows<{ order_number: string }>(
    t.db,
    sql`select order_number from orders where id = ${id}`,
  );
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/internal/orders/by_number/${row.order_number}`,
    headers: admin,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminOrder>();
};

const listIds = async (headers: Headers, tab: 'buyer' | 'supplier') => {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/orders?tab=${tab}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ results: { id: number }[] }>().results.map((row) => row.id);
};

const eventCount = async (id: number, name: string) => {
  const [row] = await queryRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from order_events where order_id = ${id} and name = ${name}`,
  );
  return row.n;
};

/** The e-mails to an address containing a text, once the notification jobs have run. */
const mailsTo = async (email: string, containing: string) => {
  await t.app.deps.jobs.drain();
  return queryRows<{ subject: string; text_body: string }>(
    t.db,
    sql`select subject, text_body from outbox_emails where to_address = ${email} and text_body like ${`%${containing}%`}`,
  );
};

const pdfText = async (body: Buffer) => {
  const pdf = await getDocumentProxy(new Uint8Array(body));
  return (await extractText(pdf, { mergePages: true })).text;
};

/** Both admins act at once; exactly one wins and the other is told the order changed (409). */
async function race(first: () => ReturnType<typeof post>, second: () => ReturnType<typeof post>) {
  const answers = await Promise.all([first(), second()]);
  const codes = answers.map((answer) => answer.statusCode).sort();
  expect(codes, answers.map((answer) => answer.body).join('\n')).toEqual([200, 409]);
  return answers.find((answer) => answer.statusCode === 409) as Awaited<ReturnType<typeof post>>;
}

describe('who may use the staff order actions', () => {
  it('refuses signed-out callers, buyers and suppliers, and answers 404 for an unknown order', async () => {
    const order = await submittedOrder(t.db, t.app);
    const calls = (id: number) => [
      { method: 'POST' as const, url: `/api/internal/orders/${id}/deactivate`, payload: { reason: 'Test' } },
      { method: 'POST' as const, url: `/api/internal/orders/${id}/reactivate`, payload: { reason: 'Test' } },
      {
        method: 'POST' as const,
        url: `/api/internal/orders/${id}/swap_buyer`,
        payload: { version: 1, buyerId: order.buyer.user.id },
      },
      {
        method: 'POST' as const,
        url: `/api/internal/orders/${id}/swap_supplier`,
        payload: { version: 1, branchId: order.listing.branch.id },
      },
      {
        method: 'POST' as const,
        url: `/api/internal/orders/${id}/transition`,
        payload: { event: 'cancel', expectedState: 'purchase_order_sent' },
      },
      { method: 'GET' as const, url: `/api/internal/orders/${id}/branch_options` },
    ];
    for (const call of calls(order.orderId)) {
      expect((await t.app.inject(call)).statusCode, call.url).toBe(401);
      for (const headers of [order.buyer.headers, order.supplierHeaders]) {
        const answer = await t.app.inject({ ...call, headers });
        expect(answer.statusCode, `${call.url} ${answer.body}`).toBe(403);
      }
    }
    for (const call of calls(999_999)) {
      const answer = await t.app.inject({ ...call, headers: admin });
      expect(answer.statusCode, `${call.url} ${answer.body}`).toBe(404);
      expect(answer.json()).toMatchObject({ message: 'Order not found' });
    }
    // Nothing was written by any refused call.
    const view = await adminView(order.orderId);
    expect(view).toMatchObject({ state: 'purchase_order_sent', version: 1, deactivated: null });
  });
});

describe('deactivate and reactivate', () => {
  it('needs a reason', async () => {
    const order = await submittedOrder(t.db, t.app);
    const answer = await post(admin, `/api/internal/orders/${order.orderId}/deactivate`, { reason: '  ' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ fields: { reason: 'Enter a reason for this order' } });
    expect(await eventCount(order.orderId, 'deactivate')).toBe(0);
  });

  it('takes the order out of both lists with a notice, freezes it for both sides, and puts it back', async () => {
    const order = await submittedOrder(t.db, t.app);
    expect(await listIds(order.buyer.headers, 'buyer')).toContain(order.orderId);
    expect(await listIds(order.supplierHeaders, 'supplier')).toContain(order.orderId);

    const answer = await post(admin, `/api/internal/orders/${order.orderId}/deactivate`, {
      reason: 'Duplicate of another order',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const view = answer.json<AdminOrder>();
    expect(view.deactivated).toMatchObject({ reason: 'Duplicate of another order' });
    expect(view.state).toBe('purchase_order_sent');
    expect(view.events.at(-1)).toMatchObject({ name: 'deactivate', reason: 'Duplicate of another order' });

    expect(await listIds(order.buyer.headers, 'buyer')).not.toContain(order.orderId);
    expect(await listIds(order.supplierHeaders, 'supplier')).not.toContain(order.orderId);
    // The order page still opens for the buyer, with the notice but not staff's reason.
    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${order.orderId}`,
      headers: order.buyer.headers,
    });
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({
      deactivated: { reason: null },
      permissions: { respond: false, proposeDateChange: false },
    });
    const refused = await post(order.supplierHeaders, `/api/v1/orders/${order.orderId}/respond`, {
      version: 1,
      respondedWith: 'confirm_order',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      message: 'This order was deactivated by staff and cannot be changed.',
    });

    const again = await post(admin, `/api/internal/orders/${order.orderId}/deactivate`, { reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'already_deactivated' });

    const back = await post(admin, `/api/internal/orders/${order.orderId}/reactivate`, {
      reason: 'Not a duplicate',
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<AdminOrder>().deactivated).toBeNull();
    expect(await listIds(order.buyer.headers, 'buyer')).toContain(order.orderId);
    expect(await listIds(order.supplierHeaders, 'supplier')).toContain(order.orderId);
    const reactivatedAgain = await post(admin, `/api/internal/orders/${order.orderId}/reactivate`, {
      reason: 'x',
    });
    expect(reactivatedAgain.statusCode).toBe(409);
    expect(reactivatedAgain.json()).toMatchObject({ code: 'not_deactivated' });

    const [event] = await queryRows<{ user_id: number; payload: { reason: string } }>(
      t.db,
      sql`select user_id::int, payload from order_events where order_id = ${order.orderId} and name = 'reactivate'`,
    );
    expect(event.payload.reason).toBe('Not a duplicate');
    expect(event.user_id).toBeGreaterThan(0);
  });

  it('two staff members deactivating at once: one wins, the other gets 409', async () => {
    const order = await submittedOrder(t.db, t.app);
    const url = `/api/internal/orders/${order.orderId}/deactivate`;
    const loser = await race(
      () => post(admin, url, { reason: 'First' }),
      () => post(otherAdmin, url, { reason: 'Second' }),
    );
    expect(loser.json()).toMatchObject({
      code: 'already_deactivated',
      details: { order: { state: 'purchase_order_sent', deactivated: true } },
    });
    expect(await eventCount(order.orderId, 'deactivate')).toBe(1);
  });
});

describe('swap buyer', () => {
  it('gives the order to another buyer as a new version and tells old buyer, new buyer and supplier', async () => {
    const order = await submittedOrder(t.db, t.app);
    const other = await signedInBuyer(t.db);
    const answer = await post(admin, `/api/internal/orders/${order.orderId}/swap_buyer`, {
      version: 1,
      buyerId: other.user.id,
      reason: 'Placed under the wrong account',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const view = answer.json<AdminOrder>();
    expect(view).toMatchObject({ version: 2, userId: other.user.id, buyer: { id: other.user.id } });
    expect(view.versions.map((version) => version.reason)).toEqual(['submitted', 'swap_buyer']);
    expect(view.events.at(-1)).toMatchObject({
      name: 'swap_buyer',
      reason: 'Placed under the wrong account',
    });

    const oldSees = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${order.orderId}`,
      headers: order.buyer.headers,
    });
    expect(oldSees.statusCode).toBe(404);
    const newSees = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${order.orderId}`,
      headers: other.headers,
    });
    expect(newSees.statusCode).toBe(200);
    expect(await listIds(other.headers, 'buyer')).toContain(order.orderId);

    expect(await mailsTo(order.buyer.user.email, 'moved this order to another buyer')).toHaveLength(1);
    // Each company hears of it through its subscribed contacts: the new buyer's company names its buyer.
    expect(
      await mailsTo(
        other.user.email,
        `made ${other.user.firstName} ${other.user.lastName} the buyer of this order (version 2)`,
      ),
    ).toHaveLength(1);
    expect(await mailsTo(order.supplierUser.email, 'changed the buyer of this order')).toHaveLength(1);
  });

  it('with updatePricing gives the items the new buyer company’s prices at the same branch', async () => {
    const order = await submittedOrder(t.db, t.app);
    const other = await signedInBuyer(t.db);
    // The new buyer's company has a 10 % purchase discount with this supplier.
    await insertDiscount(t.db, {
      name: 'Contract price',
      kind: 'purchase',
      operator: 'PERCENTAGE',
      value: 1_000,
      buyerOrganizationId: other.organization?.id,
      supplierOrganizationId: order.listing.organizationId,
    });
    const answer = await post(admin, `/api/internal/orders/${order.orderId}/swap_buyer`, {
      version: 1,
      buyerId: other.user.id,
      updatePricing: true,
      sendEmail: false,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const view = answer.json<AdminOrder>();
    expect(view.items.map((item) => [item.price, item.total])).toEqual([[2_700, 10_800]]);
    expect(view.amounts.subtotal.data).toBe(10_800);
    expect(view.unlistedItems).toEqual([]);
  });

  it('refuses a buyer without a company, a stale version and a finished order, writing nothing', async () => {
    const order = await submittedOrder(t.db, t.app);
    const loner = await insertUser(t.db, { organizationId: null });
    const url = `/api/internal/orders/${order.orderId}/swap_buyer`;
    const noCompany = await post(admin, url, { version: 1, buyerId: loner.id });
    expect(noCompany.statusCode).toBe(422);
    expect(noCompany.json()).toMatchObject({ message: 'Buyer must have an organization' });
    const unknown = await post(admin, url, { version: 1, buyerId: 999_999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ fields: { buyerId: 'Choose a buyer' } });
    const same = await post(admin, url, { version: 1, buyerId: order.buyer.user.id });
    expect(same.statusCode).toBe(400);
    const other = await signedInBuyer(t.db);
    const stale = await post(admin, url, { version: 7, buyerId: other.user.id });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'stale_version', details: { order: { version: 1 } } });
    expect(await eventCount(order.orderId, 'swap_buyer')).toBe(0);
    expect((await adminView(order.orderId)).version).toBe(1);

    const cancelled = await post(admin, `/api/internal/orders/${order.orderId}/transition`, {
      event: 'cancel',
      expectedState: 'purchase_order_sent',
    });
    expect(cancelled.statusCode).toBe(200);
    const finished = await post(admin, url, { version: 1, buyerId: other.user.id });
    expect(finished.statusCode).toBe(422);
    expect(finished.json()).toMatchObject({
      message: 'An order that is cancelled cannot change its buyer or supplier.',
    });
  });

  it('two staff members swapping at once: one wins, the other gets 409 with the new version', async () => {
    const order = await submittedOrder(t.db, t.app);
    const [a, b] = [await signedInBuyer(t.db), await signedInBuyer(t.db)];
    const url = `/api/internal/orders/${order.orderId}/swap_buyer`;
    const loser = await race(
      () => post(admin, url, { version: 1, buyerId: a.user.id, sendEmail: false }),
      () => post(otherAdmin, url, { version: 1, buyerId: b.user.id, sendEmail: false }),
    );
    expect(loser.json()).toMatchObject({ code: 'stale_version', details: { order: { version: 2 } } });
    expect(await eventCount(order.orderId, 'swap_buyer')).toBe(1);
    expect((await adminView(order.orderId)).versions).toHaveLength(2);
  });
});

/**
 * An order of two sizes from one branch ($30.00 each for 4), and a second supplier's branch that
 * lists only the first size, at $25.00.
 */
async function twoItemOrder() {
  const buyer = await signedInBuyer(t.db);
  const listing = await supplierListing(t.db, { branch: { name: 'Old Mill Nursery' } });
  const supplierUser = await insertUser(t.db, { organizationId: listing.organizationId });
  const product2 = await insertProduct(t.db, { primaryName: 'Blue Fescue' });
  const variant2 = await insertVariant(t.db, product2.id, { size: '#1' });
  await insertAvailability(t.db, { branchId: listing.branch.id, variant: variant2 });
  const created = await post(buyer.headers, '/api/v1/carts', { name: 'Two sizes' });
  const cartId = created.json<{ id: number }>().id;
  for (const variant of [listing.variant, variant2]) {
    const added = await post(buyer.headers, '/api/v1/cart_items', {
      cartId,
      branchId: listing.branch.id,
      productVariantId: variant.id,
      quantity: 4,
    });
    expect(added.statusCode, added.body).toBe(201);
  }
  const submitted = await post(buyer.headers, `/api/v1/carts/${cartId}/submit`, undefined);
  expect(submitted.statusCode, submitted.body).toBe(200);
  const orderId = submitted.json<{ orders: { id: number }[] }>().orders[0].id;

  const newOrganization = await insertOrganization(t.db, { name: 'Ridge Supply Co', isBuyer: false });
  const newBranch = await insertBranch(t.db, newOrganization.id, { name: 'Ridge Supply East' });
  await insertAvailability(t.db, {
    branchId: newBranch.id,
    variant: listing.variant,
    priceTiers: [{ quantityMin: 1, price: 2_500 }],
  });
  const newSupplierUser = await insertUser(t.db, { organizationId: newOrganization.id });
  return {
    buyer,
    listing,
    supplierHeaders: bearer(await tokenFor(t.db, supplierUser.id)),
    supplierUser,
    orderId,
    product2,
    newBranch,
    newSupplierUser,
    newSupplierHeaders: bearer(await tokenFor(t.db, newSupplierUser.id)),
  };
}

describe('swap supplier', () => {
  it('moves the order to another branch, re-prices what it lists, flags what it does not, and keeps old versions printable', async () => {
    const setup = await twoItemOrder();
    const before = await adminView(setup.orderId);
    expect(before.items.map((item) => item.price)).toEqual([3_000, 3_000]);

    const options = await t.app.inject({
      method: 'GET',
      url: `/api/internal/orders/${setup.orderId}/branch_options?query=ridge`,
      headers: admin,
    });
    expect(options.statusCode, options.body).toBe(200);
    expect(options.json()).toMatchObject({
      itemsCount: 2,
      results: [
        {
          id: setup.newBranch.id,
          name: 'Ridge Supply East',
          organizationName: 'Ridge Supply Co',
          listedItems: 1,
        },
      ],
    });

    const answer = await post(admin, `/api/internal/orders/${setup.orderId}/swap_supplier`, {
      version: 1,
      branchId: setup.newBranch.id,
      updatePricing: true,
      supplierNote: 'Please call the buyer before delivery',
      reason: 'Old Mill is out of stock',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const view = answer.json<AdminOrder>();
    expect(view).toMatchObject({
      version: 2,
      branchId: setup.newBranch.id,
      supplier: { branchName: 'Ridge Supply East' },
    });
    expect(view.items.map((item) => [item.price, item.total])).toEqual([
      [2_500, 10_000],
      [3_000, 12_000],
    ]);
    expect(view.amounts.subtotal.data).toBe(22_000);
    expect(view.unlistedItems).toEqual([
      { orderItemId: view.items[1].id, primaryName: 'Blue Fescue', size: expect.any(String) },
    ]);
    expect(view.events.at(-1)).toMatchObject({ name: 'swap_supplier', reason: 'Old Mill is out of stock' });

    // The old supplier no longer sees it; the new one does, and was told with the note.
    const oldSees = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${setup.orderId}`,
      headers: setup.supplierHeaders,
    });
    expect(oldSees.statusCode).toBe(404);
    expect(await listIds(setup.newSupplierHeaders, 'supplier')).toContain(setup.orderId);
    expect(await mailsTo(setup.newSupplierUser.email, 'Please call the buyer before delivery')).toHaveLength(
      1,
    );
    expect(await mailsTo(setup.supplierUser.email, 'moved this order to another supplier')).toHaveLength(1);
    expect(await mailsTo(setup.buyer.user.email, 'moved this order to Ridge Supply East')).toHaveLength(1);

    // Each version's purchase order: version 1 from Old Mill at $30.00, the current from Ridge at $25.00.
    const pdf = async (query: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v1/orders/${setup.orderId}/documents/purchase_order.pdf${query}`,
        headers: setup.buyer.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      return {
        text: await pdfText(response.rawPayload),
        disposition: response.headers['content-disposition'],
      };
    };
    const first = await pdf('?version=1');
    expect(first.text).toContain('Version 1');
    expect(first.text).toContain('Old Mill Nursery');
    expect(first.text).not.toContain('Ridge Supply East');
    expect(first.text).toContain('$30.00');
    expect(first.disposition).toContain('v1.pdf');
    const current = await pdf('');
    expect(current.text).toContain('Version 2');
    expect(current.text).toContain('Ridge Supply East');
    expect(current.text).toContain('$25.00');
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${setup.orderId}/documents/bill_of_lading.pdf?version=9`,
      headers: setup.buyer.headers,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'This order has no version 9.' });
    const billV1 = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${setup.orderId}/documents/bill_of_lading.pdf?version=1`,
      headers: setup.newSupplierHeaders,
    });
    expect(billV1.statusCode).toBe(200);
    expect(await pdfText(billV1.rawPayload)).toContain('Old Mill Nursery');
  });

  it('without updatePricing keeps every price; an unknown branch changes nothing', async () => {
    const setup = await twoItemOrder();
    const unknown = await post(admin, `/api/internal/orders/${setup.orderId}/swap_supplier`, {
      version: 1,
      branchId: 999_999,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ fields: { branchId: 'Choose a supplier branch' } });
    expect(await eventCount(setup.orderId, 'swap_supplier')).toBe(0);

    const answer = await post(admin, `/api/internal/orders/${setup.orderId}/swap_supplier`, {
      version: 1,
      branchId: setup.newBranch.id,
      sendEmail: false,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const view = answer.json<AdminOrder>();
    expect(view.items.map((item) => item.price)).toEqual([3_000, 3_000]);
    expect(view.unlistedItems).toEqual([]);
    expect(await mailsTo(setup.newSupplierUser.email, 'sent you this order')).toHaveLength(0);
  });

  it('two staff members swapping at once: one wins, the other gets 409', async () => {
    const setup = await twoItemOrder();
    const third = await supplierListing(t.db);
    const url = `/api/internal/orders/${setup.orderId}/swap_supplier`;
    const loser = await race(
      () => post(admin, url, { version: 1, branchId: setup.newBranch.id, sendEmail: false }),
      () => post(otherAdmin, url, { version: 1, branchId: third.branch.id, sendEmail: false }),
    );
    expect(loser.json()).toMatchObject({ code: 'stale_version' });
    expect(await eventCount(setup.orderId, 'swap_supplier')).toBe(1);
  });
});

describe('staff cancel', () => {
  it('e-mails the buyer and the supplier only when staff choose to', async () => {
    const quiet = await submittedOrder(t.db, t.app);
    const answer = await post(admin, `/api/internal/orders/${quiet.orderId}/transition`, {
      event: 'cancel',
      expectedState: 'purchase_order_sent',
      reason: 'Buyer phoned to cancel',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ state: 'cancelled' });
    expect(await mailsTo(quiet.buyer.user.email, 'cancelled this order')).toHaveLength(0);
    expect(await mailsTo(quiet.supplierUser.email, 'cancelled this order')).toHaveLength(0);
    const [event] = await queryRows<{ payload: { reason: string } }>(
      t.db,
      sql`select payload from order_events where order_id = ${quiet.orderId} and name = 'cancel'`,
    );
    expect(event.payload.reason).toBe('Buyer phoned to cancel');

    const told = await submittedOrder(t.db, t.app);
    const second = await post(admin, `/api/internal/orders/${told.orderId}/transition`, {
      event: 'cancel',
      expectedState: 'purchase_order_sent',
      sendCancelEmail: true,
      reason: 'Site closed',
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(await mailsTo(told.buyer.user.email, 'cancelled this order. Reason: Site closed')).toHaveLength(1);
    expect(await mailsTo(told.supplierUser.email, 'cancelled this order. Reason: Site closed')).toHaveLength(
      1,
    );
  });

  it('two staff members moving the order at once: one wins, the other gets 409 with the new state', async () => {
    const order = await submittedOrder(t.db, t.app);
    const url = `/api/internal/orders/${order.orderId}/transition`;
    const loser = await race(
      () => post(admin, url, { event: 'cancel', expectedState: 'purchase_order_sent' }),
      () => post(otherAdmin, url, { event: 'staff_review', expectedState: 'purchase_order_sent' }),
    );
    const state = loser.json<{ details: { order: { state: string } } }>().details.order.state;
    expect(['cancelled', 'needs_review']).toContain(state);
    expect((await adminView(order.orderId)).state).toBe(state);
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from order_events where order_id = ${order.orderId} and name in ('cancel', 'staff_review')`,
    );
    expect(row.n).toBe(1);
  });
});
