import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { signedInBuyer, submittedOrder } from '../../test/cart-factories';
import { bearer, insertUser, tokenFor } from '../../test/factories';
import { createTestApp } from '../../test/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
type OrderBody = {
  state: string;
  version: number;
  displayState: { label: string };
  total: number;
  expectedOn: string | null;
  items: { id: number; quantity: number; total?: number; totalSupplierPrice?: number }[];
  proposals: { id: number; state: string; bailiwick: string }[];
  permissions: {
    respond: boolean;
    decideProposalIds: number[];
    proposeDateChange: boolean;
    fulfill: boolean;
  };
};

const getOrder = async (headers: Headers, id: number) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/orders/${id}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OrderBody>();
};

const post = (headers: Headers, url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });

describe('the supplier answers a purchase order', () => {
  it('confirms with shipping: the buyer sees Confirmed and a total with shipping, by e-mail too', async () => {
    const { buyer, supplierHeaders, orderId } = await submittedOrder(t.db, t.app);
    expect((await getOrder(supplierHeaders, orderId)).permissions.respond).toBe(true);
    const before = await getOrder(buyer.headers, orderId);
    expect(before.permissions.respond).toBe(false);
    const response = await post(supplierHeaders, `/api/v1/orders/${orderId}/respond`, {
      version: 1,
      respondedWith: 'confirm_with_shipping',
      shippingAmount: 7_500,
      shippingNotes: 'Flatbed, Tuesday morning',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ state: 'confirmed', displayState: { label: 'Confirmed' } });
    const seen = await getOrder(buyer.headers, orderId);
    expect(seen).toMatchObject({
      state: 'confirmed',
      displayState: { label: 'Confirmed' },
      total: before.total + 7_500,
    });
    // The history (the order's timeline of events) carries the shipping notes too.
    const confirmEvent = (
      seen as unknown as { events: { name: string; shippingNotes?: string | null }[] }
    ).events.find((event) => event.name === 'confirm');
    expect(confirmEvent?.shippingNotes).toBe('Flatbed, Tuesday morning');
    // The buyer hears of it through the notification job (its subscribed contacts), once.
    await t.app.deps.jobs.drain();
    const mails = await queryRows<{ text_body: string }>(
      t.db,
      sql`select text_body from outbox_emails where to_address = ${buyer.user.email} and text_body like '%confirmed this order%'`,
    );
    expect(mails).toHaveLength(1);
    // The supplier's shipping notes reach the buyer's mail as they reach the order page.
    expect(mails[0].text_body).toContain('Shipping notes: Flatbed, Tuesday morning');
  });

  it('refuses a second answer, an answer to an old version, the buyer and strangers', async () => {
    const { buyer, supplierHeaders, orderId } = await submittedOrder(t.db, t.app);
    const url = `/api/v1/orders/${orderId}/respond`;
    const byBuyer = await post(buyer.headers, url, { version: 1, respondedWith: 'confirm_order' });
    expect(byBuyer.statusCode).toBe(403);
    const stranger = await signedInBuyer(t.db);
    expect(
      (await post(stranger.headers, url, { version: 1, respondedWith: 'confirm_order' })).statusCode,
    ).toBe(404);
    const old = await post(supplierHeaders, url, { version: 7, respondedWith: 'confirm_order' });
    expect(old.statusCode).toBe(409);
    expect(old.json().message).toMatch(/version 1 is current/);
    expect(
      (await post(supplierHeaders, url, { version: 1, respondedWith: 'confirm_order' })).statusCode,
    ).toBe(200);
    const twice = await post(supplierHeaders, url, { version: 1, respondedWith: 'confirm_order' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This purchase order (version 1) has already been answered.');
  });

  it('rejects with a reason, which staff then review', async () => {
    const { buyer, supplierHeaders, orderId } = await submittedOrder(t.db, t.app);
    const url = `/api/v1/orders/${orderId}/respond`;
    const noReason = await post(supplierHeaders, url, { version: 1, respondedWith: 'reject_order' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields.rejectReason).toBe('Choose why you are rejecting this order');
    const rejected = await post(supplierHeaders, url, {
      version: 1,
      respondedWith: 'reject_order',
      rejectReason: 'inventory_issue',
    });
    expect(rejected.json()).toMatchObject({
      state: 'rejected',
      displayState: { label: 'Hedgerow Reviewing' },
    });
    expect((await getOrder(buyer.headers, orderId)).displayState.label).toBe('Hedgerow Reviewing');
  });
});

describe('change proposals', () => {
  it('refuses a proposal that changes nothing', async () => {
    const { supplierHeaders, orderId } = await submittedOrder(t.db, t.app);
    const order = await getOrder(supplierHeaders, orderId);
    const response = await post(supplierHeaders, `/api/v1/orders/${orderId}/respond`, {
      version: 1,
      respondedWith: 'changes_requested',
      changes: {
        items: [
          { orderItemId: order.items[0].id, quantity: order.items[0].quantity, reason: 'inventory_issue' },
        ],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/Propose at least one change/);
  });

  it('an item change accepted by the buyer makes version 2 and confirms a pickup order', async () => {
    const { buyer, supplierHeaders, orderId } = await submittedOrder(t.db, t.app, { quantity: 4 });
    const order = await getOrder(supplierHeaders, orderId);
    const proposed = await post(supplierHeaders, `/api/v1/orders/${orderId}/respond`, {
      version: 1,
      respondedWith: 'changes_requested',
      changes: {
        items: [
          { orderItemId: order.items[0].id, quantity: 3, reason: 'inventory_issue', comment: 'Only 3 ready' },
        ],
      },
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    const review = await getOrder(buyer.headers, orderId);
    expect(review).toMatchObject({
      state: 'needs_buyer_review',
      displayState: { label: 'Needs Proposal Review' },
    });
    const [proposal] = review.proposals;
    expect(review.permissions.decideProposalIds).toEqual([proposal.id]);
    const bySupplier = await post(
      supplierHeaders,
      `/api/v1/orders/${orderId}/proposals/${proposal.id}/accept`,
      { version: 1 },
    );
    expect(bySupplier.statusCode).toBe(403);
    const accepted = await post(buyer.headers, `/api/v1/orders/${orderId}/proposals/${proposal.id}/accept`, {
      version: 1,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ state: 'confirmed', version: 2, items: [{ quantity: 3 }] });
    // The supplier's $30.00 × 3, no tax change beyond the rate: the totals follow the new quantity.
    expect(accepted.json<OrderBody>().items[0].total).toBe(9_000);
    const versions = await queryRows<{ version: number; reason: string }>(
      t.db,
      sql`select version, reason from order_versions where order_id = ${orderId} order by version`,
    );
    expect(versions).toEqual([
      { version: 1, reason: 'submitted' },
      { version: 2, reason: 'item_change' },
    ]);
  });

  it('on a delivery order, accepted changes go back to the supplier, who answers the new version', async () => {
    const { buyer, supplierHeaders, orderId } = await submittedOrder(t.db, t.app, { delivery: true });
    const order = await getOrder(supplierHeaders, orderId);
    await post(supplierHeaders, `/api/v1/orders/${orderId}/respond`, {
      version: 1,
      respondedWith: 'changes_requested',
      changes: {
        items: [
          {
            orderItemId: order.items[0].id,
            price: 2_600,
            priceReason: 'outdated_price',
            reason: 'price_correction',
          },
        ],
        date: { proposedOn: '2099-05-08', reason: 'item_not_ready' },
      },
    });
    const review = await getOrder(buyer.headers, orderId);
    expect(review.proposals.map((proposal) => proposal.bailiwick)).toEqual([
      'order_item',
      'fulfillment_date',
    ]);
    const [itemProposal, dateProposal] = review.proposals;
    const first = await post(buyer.headers, `/api/v1/orders/${orderId}/proposals/${itemProposal.id}/accept`, {
      version: 1,
    });
    expect(first.json()).toMatchObject({ state: 'needs_buyer_review', version: 2 });
    const second = await post(
      buyer.headers,
      `/api/v1/orders/${orderId}/proposals/${dateProposal.id}/accept`,
      { version: 2 },
    );
    expect(second.json()).toMatchObject({
      state: 'needs_supplier_review',
      version: 3,
      expectedOn: '2099-05-08',
    });
    expect((await getOrder(supplierHeaders, orderId)).permissions.respond).toBe(true);
    const confirmed = await post(supplierHeaders, `/api/v1/orders/${orderId}/respond`, {
      version: 3,
      respondedWith: 'confirm_with_shipping',
      shippingAmount: 5_000,
    });
    expect(confirmed.json()).toMatchObject({ state: 'confirmed' });
  });

  it('a date change proposed by the buyer is accepted by the supplier; a rejected one goes to staff', async () => {
    const { buyer, supplierHeaders, orderId } = await submittedOrder(t.db, t.app);
    await post(supplierHeaders, `/api/v1/orders/${orderId}/respond`, {
      version: 1,
      respondedWith: 'confirm_order',
    });
    const proposed = await post(buyer.headers, `/api/v1/orders/${orderId}/proposals`, {
      version: 1,
      proposedOn: '2099-06-01',
      reason: 'job_site_delay',
      comment: 'Grading is late',
    });
    expect(proposed.statusCode, proposed.body).toBe(201);
    expect(proposed.json()).toMatchObject({
      state: 'needs_supplier_review',
      displayState: { label: 'Supplier Reviewing' },
    });
    const proposalId = proposed.json<OrderBody>().proposals[0].id;
    const byBuyer = await post(buyer.headers, `/api/v1/orders/${orderId}/proposals/${proposalId}/accept`, {
      version: 1,
    });
    expect(byBuyer.statusCode).toBe(403);
    const accepted = await post(supplierHeaders, `/api/v1/orders/${orderId}/proposals/${proposalId}/accept`, {
      version: 1,
    });
    expect(accepted.json()).toMatchObject({ state: 'confirmed', expectedOn: '2099-06-01', version: 2 });

    const again = await post(buyer.headers, `/api/v1/orders/${orderId}/proposals`, {
      version: 2,
      proposedOn: '2099-07-01',
      reason: 'other',
    });
    const secondId = again.json<OrderBody>().proposals[1].id;
    const rejected = await post(supplierHeaders, `/api/v1/orders/${orderId}/proposals/${secondId}/reject`, {
      version: 2,
    });
    expect(rejected.json()).toMatchObject({ state: 'needs_review', expectedOn: '2099-06-01' });
    const decidedTwice = await post(
      supplierHeaders,
      `/api/v1/orders/${orderId}/proposals/${secondId}/accept`,
      { version: 2 },
    );
    expect(decidedTwice.statusCode).toBe(409);
  });
});

describe('rules the answers keep', () => {
  it('refuses an answer while a buyer proposal waits, a plain confirm of a delivery order, and past or future days', async () => {
    const delivery = await submittedOrder(t.db, t.app, { delivery: true });
    const plain = await post(delivery.supplierHeaders, `/api/v1/orders/${delivery.orderId}/respond`, {
      version: 1,
      respondedWith: 'confirm_order',
    });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().message).toMatch(/This is a delivery order/);
    const past = await post(delivery.buyer.headers, `/api/v1/orders/${delivery.orderId}/proposals`, {
      version: 1,
      proposedOn: '2020-01-01',
      reason: 'job_site_delay',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().fields.proposedOn).toBe('Choose today or a later date');
    await post(delivery.buyer.headers, `/api/v1/orders/${delivery.orderId}/proposals`, {
      version: 1,
      proposedOn: '2099-09-01',
      reason: 'job_site_delay',
    });
    const blocked = await post(delivery.supplierHeaders, `/api/v1/orders/${delivery.orderId}/respond`, {
      version: 1,
      respondedWith: 'confirm_with_platform_shipping',
    });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().code).toBe('buyer_proposal_pending');

    const pickup = await submittedOrder(t.db, t.app);
    await post(pickup.supplierHeaders, `/api/v1/orders/${pickup.orderId}/respond`, {
      version: 1,
      respondedWith: 'confirm_order',
    });
    const future = await post(pickup.supplierHeaders, `/api/v1/orders/${pickup.orderId}/fulfill`, {
      version: 1,
      fulfilledOn: '2099-01-01',
    });
    expect(future.statusCode).toBe(400);
  });

  it("shows the buyer its own price in an item proposal, never the supplier's", async () => {
    const { buyer, supplierHeaders, orderId } = await submittedOrder(t.db, t.app);
    const order = await getOrder(supplierHeaders, orderId);
    await post(supplierHeaders, `/api/v1/orders/${orderId}/respond`, {
      version: 1,
      respondedWith: 'changes_requested',
      changes: {
        items: [
          {
            orderItemId: order.items[0].id,
            quantity: 2,
            reason: 'inventory_issue',
            comment: '[internal] margin',
          },
        ],
      },
    });
    const seenByBuyer = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${orderId}`,
      headers: buyer.headers,
    });
    const proposal = seenByBuyer.json().proposals[0].proposal;
    expect(proposal.current).not.toHaveProperty('supplierPrice');
    expect(proposal.current.price).toBe(3_000);
    expect(proposal.proposed).toMatchObject({ quantity: 2, price: 3_000 });
    expect(proposal.comment).toBeNull();
    const seenBySupplier = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${orderId}`,
      headers: supplierHeaders,
    });
    expect(seenBySupplier.json().proposals[0].proposal.current.supplierPrice).toBe(3_000);
  });
});

describe('fulfilment and staff', () => {
  it('the supplier fulfils a confirmed order; an unconfirmed one is refused with 422 naming its state', async () => {
    const { supplierHeaders, orderId } = await submittedOrder(t.db, t.app);
    const early = await post(supplierHeaders, `/api/v1/orders/${orderId}/fulfill`, {
      version: 1,
      fulfilledOn: new Date().toISOString().slice(0, 10),
    });
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe('An order that is waiting for the supplier cannot be fulfilled.');
    await post(supplierHeaders, `/api/v1/orders/${orderId}/respond`, {
      version: 1,
      respondedWith: 'confirm_order',
    });
    const today = new Date().toISOString().slice(0, 10);
    const done = await post(supplierHeaders, `/api/v1/orders/${orderId}/fulfill`, {
      version: 1,
      fulfilledOn: today,
    });
    // Fulfilling invoices the order at once (issue 18); the buyer still reads Fulfilled until it is paid.
    expect(done.json()).toMatchObject({
      state: 'invoiced',
      fulfilledOn: today,
      displayState: { label: 'Fulfilled' },
    });
  });

  it('fulfilling before the requested day needs confirmEarly: 422 without it, fulfilled with it', async () => {
    // A delivery order the buyer wants on May 1, 2099.
    const { buyer, supplierHeaders, orderId } = await submittedOrder(t.db, t.app, { delivery: true });
    await post(supplierHeaders, `/api/v1/orders/${orderId}/respond`, {
      version: 1,
      respondedWith: 'confirm_with_shipping',
      shippingAmount: 2_000,
    });
    const today = new Date().toISOString().slice(0, 10);
    const unconfirmed = await post(supplierHeaders, `/api/v1/orders/${orderId}/fulfill`, {
      version: 1,
      fulfilledOn: today,
    });
    expect(unconfirmed.statusCode).toBe(422);
    expect(unconfirmed.json()).toMatchObject({
      code: 'early_fulfilment',
      message:
        'The buyer asked for this order on May 1, 2099. Confirm that it was fulfilled before that day.',
    });
    expect((await getOrder(buyer.headers, orderId)).state).toBe('confirmed');
    const confirmed = await post(supplierHeaders, `/api/v1/orders/${orderId}/fulfill`, {
      version: 1,
      fulfilledOn: today,
      confirmEarly: true,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // Fulfilled, then invoiced in the same transaction (the invoice-order workflow).
    expect(confirmed.json()).toMatchObject({ state: 'invoiced', fulfilledOn: today });
  });

  it('of two staff members moving the same order at once, one wins and the other gets 409 with the new state', async () => {
    const { buyer, orderId } = await submittedOrder(t.db, t.app);
    const admin = await insertUser(t.db, { roles: ['admin'] });
    const adminHeaders = bearer(await tokenFor(t.db, admin.id));
    const url = `/api/internal/orders/${orderId}/transition`;
    expect(
      (await post(buyer.headers, url, { event: 'cancel', expectedState: 'purchase_order_sent' })).statusCode,
    ).toBe(403);
    const [first, second] = await Promise.all([
      post(adminHeaders, url, { event: 'staff_review', expectedState: 'purchase_order_sent' }),
      post(adminHeaders, url, { event: 'cancel', expectedState: 'purchase_order_sent' }),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = first.statusCode === 409 ? first : second;
    expect(loser.json().details.order.state).toMatch(/needs_review|cancelled/);
    expect(loser.json().fields).toBeUndefined();
    const notAllowed = await post(adminHeaders, url, {
      event: 'pay',
      expectedState: (await getOrder(adminHeaders, orderId)).state,
    });
    expect(notAllowed.statusCode).toBe(422);
  });
});
