import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../core/clock';
import { queryRows } from '../db/client';
import { insertPaymentMethod, signedInBuyer, submittedOrder } from '../test/cart-factories';
import { bearer, insertOrganization, insertUser, tokenFor } from '../test/factories';
import { fulfilledOrder } from '../test/invoice-factories';
import { createTestApp } from '../test/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
let staffHeaders: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock('2026-03-20T15:00:00Z') });
  const admin = await insertUser(t.db, { roles: ['admin'] });
  staffHeaders = bearer(await tokenFor(t.db, admin.id));
});
afterAll(() => t.close());

type Headers = Record<string, string>;
type InboxRow = { messageType: string; toFrom: string; content: string; order: { id: number } | null };
const get = (headers: Headers, url: string) => t.app.inject({ method: 'GET', url, headers });
const send = (method: 'POST' | 'PUT', headers: Headers, url: string, payload: unknown) =>
  t.app.inject({ method, url, headers, payload: payload as Record<string, unknown> });
const orderOf = async (headers: Headers, id: number) => {
  const response = await get(headers, `/api/v1/orders/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ state: string; displayState: { label: string; color: string } }>();
};
const inbox = async (headers: Headers) => {
  const response = await get(headers, '/api/v1/messages?view=inbox');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ results: InboxRow[] }>().results;
};
const stateOf = async (id: number) =>
  (await queryRows<{ state: string }>(t.db, sql`select state from orders where id = ${id}`))[0].state;

describe('an order of a buyer who cannot pay waits for payment information', () => {
  it('is held in needs_payment_info with the contact-support wording and a missing-payment-method message; the supplier hears nothing yet', async () => {
    const buyer = await signedInBuyer(t.db, { paymentMethod: false });
    const held = await submittedOrder(t.db, t.app, { buyer });

    const order = await orderOf(buyer.headers, held.orderId);
    expect(order.state).toBe('needs_payment_info');
    expect(order.displayState).toEqual({ label: 'Needs Payment Info', color: 'orange' });
    const message = (await inbox(buyer.headers)).find((row) => row.messageType === 'missing_payment_method');
    expect(message).toMatchObject({ toFrom: 'Hedgerow Support' });
    expect(message?.content).toContain('is waiting for a payment method');
    const cartMessage = (await inbox(buyer.headers)).find((row) => row.messageType === 'cart_submitted');
    expect(cartMessage?.content).toContain('waiting for payment information');
    expect((await inbox(held.supplierHeaders)).map((row) => row.messageType)).not.toContain(
      'new_order_received',
    );
    // The e-mails are the notifications of the messages, composed by their job.
    await t.app.deps.jobs.drain();
    const mails = await queryRows<{ to_address: string; text_body: string }>(
      t.db,
      sql`select to_address, text_body from outbox_emails
           where to_address in (${buyer.user.email}, ${held.supplierUser.email})`,
    );
    expect(mails.map((mail) => mail.to_address)).not.toContain(held.supplierUser.email);
    expect(mails.some((mail) => mail.text_body.includes('waiting for payment information'))).toBe(true);
  });

  it('a buyer with a saved card, or whose organisation has trade credit, sends the order to the supplier', async () => {
    const withCard = await submittedOrder(t.db, t.app);
    expect(await stateOf(withCard.orderId)).toBe('purchase_order_sent');
    const onCredit = await insertOrganization(t.db, { paymentTermsDays: 30 });
    const creditBuyer = await signedInBuyer(t.db, { organizationId: onCredit.id, paymentMethod: false });
    const order = await submittedOrder(t.db, t.app, { buyer: creditBuyer });
    expect(await stateOf(order.orderId)).toBe('purchase_order_sent');
  });

  it('adding a card sends the held orders to their suppliers, who receive them as new orders', async () => {
    const buyer = await signedInBuyer(t.db, { paymentMethod: false });
    const first = await submittedOrder(t.db, t.app, { buyer });
    const second = await submittedOrder(t.db, t.app, { buyer });
    const notice = await get(buyer.headers, '/api/v1/dashboard/notices');
    expect(notice.json()).toMatchObject({ needsPaymentWarning: true });

    const added = await send('POST', buyer.headers, '/api/v1/payment_methods', {
      paymentType: 'credit_card',
      token: 'pm_card_visa',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(await stateOf(first.orderId)).toBe('purchase_order_sent');
    expect(await stateOf(second.orderId)).toBe('purchase_order_sent');
    const received = (await inbox(first.supplierHeaders)).find(
      (row) => row.messageType === 'new_order_received',
    );
    expect(received?.content).toContain('New order received');
    const events = await queryRows<{ name: string; from_state: string }>(
      t.db,
      sql`select name, from_state from order_events where order_id = ${first.orderId} order by id`,
    );
    expect(events.map((event) => event.name)).toEqual([
      'submit',
      'needs_payment_info',
      'send_purchase_order',
    ]);
  });
});

describe('PUT /api/internal/organizations/:id/trade_credit', () => {
  it('only staff who may edit organisations set terms; unknown organisations 404; only Net 30 or due on receipt', async () => {
    const organization = await insertOrganization(t.db);
    const url = `/api/internal/organizations/${organization.id}/trade_credit`;
    const support = await insertUser(t.db, { roles: ['support'] });
    const buyer = await signedInBuyer(t.db);
    expect(
      (await send('PUT', bearer(await tokenFor(t.db, support.id)), url, { paymentTermsDays: 30 })).statusCode,
    ).toBe(403);
    expect((await send('PUT', buyer.headers, url, { paymentTermsDays: 30 })).statusCode).toBe(403);
    expect(
      (
        await send('PUT', staffHeaders, '/api/internal/organizations/999999/trade_credit', {
          paymentTermsDays: 30,
        })
      ).statusCode,
    ).toBe(404);
    const bad = await send('PUT', staffHeaders, url, { paymentTermsDays: 45 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ fields: { paymentTermsDays: 'Choose Net 30 or due on receipt' } });
    expect(await stateOfTerms(organization.id)).toBe(0);
  });

  it('granting Net 30 is audited, sends held orders on and dues the next invoice in 30 days; removing it dues on receipt', async () => {
    const buyer = await signedInBuyer(t.db, { paymentMethod: false });
    const organizationId = buyer.organization?.id ?? 0;
    const held = await submittedOrder(t.db, t.app, { buyer });
    const url = `/api/internal/organizations/${organizationId}/trade_credit`;

    const granted = await send('PUT', staffHeaders, url, { paymentTermsDays: 30 });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json()).toEqual({
      paymentTermsDays: 30,
      label: 'Trade Credit (Net 30)',
      releasedOrderIds: [held.orderId],
    });
    expect(await stateOf(held.orderId)).toBe('purchase_order_sent');
    const page = await get(staffHeaders, `/api/internal/organizations/${organizationId}`);
    expect(page.json()).toMatchObject({ paymentTermsDays: 30 });
    const audit = await queryRows<{ action: string; data: Record<string, unknown> }>(
      t.db,
      sql`select action, data from audit_events where subject_type = 'organization'
           and subject_id = ${organizationId} order by id`,
    );
    expect(audit).toEqual([
      { action: 'trade_credit_granted', data: { paymentTermsDays: 30, previousPaymentTermsDays: 0 } },
    ]);

    const onCredit = await fulfilledOrder(t.db, t.app, { fulfilledOn: '2026-03-18', buyer });
    const invoice = await get(buyer.headers, `/api/v1/orders/${onCredit.orderId}/invoice`);
    expect(invoice.json()).toMatchObject({ invoice: { dueDate: '2026-04-17', terms: 'Net 30' } });

    const removed = await send('PUT', staffHeaders, url, { paymentTermsDays: 0 });
    expect(removed.json()).toMatchObject({
      paymentTermsDays: 0,
      label: 'Due on receipt',
      releasedOrderIds: [],
    });
    // Without trade credit this buyer's next order would be held again: it saves a card first.
    await insertPaymentMethod(t.db, buyer.user);
    const onReceipt = await fulfilledOrder(t.db, t.app, { fulfilledOn: '2026-03-19', buyer });
    const second = await get(buyer.headers, `/api/v1/orders/${onReceipt.orderId}/invoice`);
    expect(second.json()).toMatchObject({ invoice: { dueDate: '2026-03-19' } });
  });
});

async function stateOfTerms(organizationId: number) {
  const [row] = await queryRows<{ days: number }>(
    t.db,
    sql`select payment_terms_days::int as days from organizations where id = ${organizationId}`,
  );
  return row.days;
}

describe('GET /api/v1/orders/:id/invoice', () => {
  it("answers the buyer's invoice with its status, null before invoicing, and 404 to another organisation", async () => {
    const order = await fulfilledOrder(t.db, t.app, { fulfilledOn: '2026-03-18' });
    const answer = await get(order.buyer.headers, `/api/v1/orders/${order.orderId}/invoice`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().invoice).toMatchObject({
      paymentStatus: 'PAYMENT_REQUESTED',
      statusLabel: 'Payment Requested',
      pastDue: true,
      order: { id: order.orderId },
      invoicePdfUrl: expect.stringContaining('/pdf'),
    });
    const stranger = await signedInBuyer(t.db);
    expect((await get(stranger.headers, `/api/v1/orders/${order.orderId}/invoice`)).statusCode).toBe(404);
    const open = await submittedOrder(t.db, t.app);
    expect((await get(open.buyer.headers, `/api/v1/orders/${open.orderId}/invoice`)).json()).toEqual({
      invoice: null,
    });
  });
});
