import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/clock';
import { queryRows } from '../../db/client';
import { signedInBuyer } from '../../test/cart-factories';
import { fulfilledOrder } from '../../test/invoice-factories';
import { createTestApp } from '../../test/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock('2026-03-20T15:00:00Z') });
});
afterAll(() => t.close());

type Headers = Record<string, string>;
type Invoice = {
  id: number;
  paymentStatus: string;
  statusLabel: string;
  partiallyPaid: boolean;
  amountDue: number;
  total: number;
  amountPaid: number;
  additionalCcFeesPaid: number;
};
const get = (headers: Headers, url: string) => t.app.inject({ method: 'GET', url, headers });
const post = (headers: Headers, url: string, payload: unknown, extra: Headers = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, ...extra },
    payload: payload as Record<string, unknown>,
  });
const invoicesOf = async (headers: Headers, status = 'open') =>
  (await get(headers, `/api/v1/invoices?status=${status}`)).json<{ results: Invoice[]; balance: number }>();
const addMethod = async (headers: Headers, paymentType: string, token: string) => {
  const response = await post(headers, '/api/v1/payment_methods', { paymentType, token });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number; pendingVerification: boolean; usable: boolean; label: string }>();
};
const paymentsCount = async (organizationId: number) =>
  (
    await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from payments where organization_id = ${organizationId}`,
    )
  )[0].n;

/** A buyer with two open invoices. */
async function buyerWithTwoInvoices() {
  const first = await fulfilledOrder(t.db, t.app, { fulfilledOn: '2026-03-18' });
  const second = await fulfilledOrder(t.db, t.app, {
    fulfilledOn: '2026-03-19',
    buyer: first.buyer,
    quantity: 7,
  });
  const invoices = (await invoicesOf(first.buyer.headers)).results;
  return {
    buyer: first.buyer,
    orders: [first.orderId, second.orderId],
    invoices,
    organizationId: first.buyer.organization?.id ?? 0,
  };
}

describe('payment methods', () => {
  it('saves sandbox cards and bank accounts with their labels; bad tokens are validation errors; a bank account waits for verification', async () => {
    const buyer = await signedInBuyer(t.db, { paymentMethod: false });
    const progress = async () => (await get(buyer.headers, '/api/v1/dashboard/setup_progress')).json();
    const notices = async () => (await get(buyer.headers, '/api/v1/dashboard/notices')).json();
    expect((await notices()).needsPaymentWarning).toBe(true);
    expect(
      (await progress()).steps.find((step: { key: string }) => step.key === 'hasPaymentMethod').done,
    ).toBe(false);

    const bad = await post(buyer.headers, '/api/v1/payment_methods', {
      paymentType: 'credit_card',
      token: 'pm_card_nope',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ code: 'validation_error', fields: { token: expect.any(String) } });
    const empty = await post(buyer.headers, '/api/v1/payment_methods', { paymentType: 'cash', token: '' });
    expect(Object.keys(empty.json().fields).sort()).toEqual(['paymentType', 'token']);

    const card = await addMethod(buyer.headers, 'credit_card', 'pm_card_visa');
    expect(card).toMatchObject({
      label: 'Credit Card (COD)',
      usable: true,
      pendingVerification: false,
      isDefault: true,
    });
    expect((await notices()).needsPaymentWarning).toBe(false);
    expect(
      (await progress()).steps.find((step: { key: string }) => step.key === 'hasPaymentMethod').done,
    ).toBe(true);

    const bank = await addMethod(buyer.headers, 'bank_account', 'pm_usBankAccount');
    expect(bank).toMatchObject({
      label: 'Bank Account (ACH)',
      pendingVerification: true,
      usable: false,
      isDefault: false,
    });
    const wrong = await post(buyer.headers, `/api/v1/payment_methods/${bank.id}/verify`, {
      amounts: [10, 20],
    });
    expect(wrong.statusCode).toBe(422);
    const verified = await post(buyer.headers, `/api/v1/payment_methods/${bank.id}/verify`, {
      amounts: [32, 45],
    });
    expect(verified.json()).toMatchObject({ pendingVerification: false, usable: true });

    // Another organisation cannot touch them; the owner deletes.
    const stranger = await signedInBuyer(t.db, { paymentMethod: false });
    expect((await get(stranger.headers, '/api/v1/payment_methods')).json().results).toEqual([]);
    const theirs = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/payment_methods/${card.id}`,
      headers: stranger.headers,
    });
    expect(theirs.statusCode).toBe(404);
    const mine = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/payment_methods/${card.id}`,
      headers: buyer.headers,
    });
    expect(mine.statusCode).toBe(204);
    expect(
      (await get(buyer.headers, '/api/v1/payment_methods')).json().results.map((m: { id: number }) => m.id),
    ).toEqual([bank.id]);
  });
});

describe('bank accounts through a setup (the Stripe.js path) in the sandbox', () => {
  it('connects the sandbox test account, pending until verified with [32, 45], for its owner only', async () => {
    const buyer = await signedInBuyer(t.db, { paymentMethod: false });
    const started = await post(buyer.headers, '/api/v1/payment_methods/setup_intents', {
      paymentType: 'bank_account',
    });
    expect(started.statusCode, started.body).toBe(201);
    const setup = started.json<{ setupIntentId: string; clientSecret: string; provider: string }>();
    expect(setup).toMatchObject({
      provider: 'sandbox',
      setupIntentId: expect.stringMatching(/^seti_sandbox_/),
    });

    const stranger = await signedInBuyer(t.db, { paymentMethod: false });
    const body = { paymentType: 'bank_account', setupIntentId: setup.setupIntentId };
    expect((await post(stranger.headers, '/api/v1/payment_methods', body)).statusCode).toBe(404);
    const saved = await post(buyer.headers, '/api/v1/payment_methods', body);
    expect(saved.statusCode, saved.body).toBe(201);
    const bank = saved.json<{ id: number }>();
    expect(saved.json()).toMatchObject({
      label: 'Bank Account (ACH)',
      description: 'STRIPE TEST BANK ending in 6789',
      pendingVerification: true,
      usable: false,
    });
    expect((await post(buyer.headers, '/api/v1/payment_methods', body)).json().id).toBe(bank.id);
    expect((await post(stranger.headers, '/api/v1/payment_methods', body)).statusCode).toBe(404);
    const verified = await post(buyer.headers, `/api/v1/payment_methods/${bank.id}/verify`, {
      amounts: [45, 32],
    });
    expect(verified.json()).toMatchObject({ pendingVerification: false, usable: true });
  });
});

describe('paying invoices', () => {
  it('pays two invoices by card with the 3% fee, once per Idempotency-Key; they are paid and the orders read Paid', async () => {
    const { buyer, orders, invoices, organizationId } = await buyerWithTwoInvoices();
    const card = await addMethod(buyer.headers, 'credit_card', 'pm_card_visa');
    const balance = invoices.reduce((sum, invoice) => sum + invoice.amountDue, 0);
    const body = { invoiceIds: invoices.map((invoice) => invoice.id), paymentMethodId: card.id };
    const key = { 'idempotency-key': 'pay-two-invoices-1' };
    const paid = await post(buyer.headers, '/api/v1/payments', body, key);
    expect(paid.statusCode, paid.body).toBe(201);
    const fee = invoices.reduce((sum, invoice) => sum + Math.round(invoice.amountDue * 0.03), 0);
    expect(paid.json()).toMatchObject({
      status: 'succeeded',
      amount: balance,
      feeAmount: fee,
      totalCharged: balance + fee,
    });
    expect(paid.json().invoices.map((invoice: Invoice) => invoice.paymentStatus)).toEqual(['PAID', 'PAID']);

    const again = await post(buyer.headers, '/api/v1/payments', body, key);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(paid.json().id);
    expect(await paymentsCount(organizationId)).toBe(1);

    const paidTab = await invoicesOf(buyer.headers, 'paid');
    expect(paidTab.results).toHaveLength(2);
    expect(paidTab.results.reduce((sum, invoice) => sum + invoice.additionalCcFeesPaid, 0)).toBe(fee);
    for (const orderId of orders) {
      expect((await get(buyer.headers, `/api/v1/orders/${orderId}`)).json()).toMatchObject({
        state: 'paid',
        displayState: { label: 'Paid' },
      });
    }
    const receipts = await queryRows<{ text_body: string }>(
      t.db,
      sql`select text_body from outbox_emails where subject = ${`Payment receipt ${paid.json().receiptNumber}`}`,
    );
    expect(receipts).toHaveLength(1);

    // A paid invoice cannot be paid again (another key): 409.
    const twice = await post(buyer.headers, '/api/v1/payments', body, {
      'idempotency-key': 'pay-two-invoices-2',
    });
    expect(twice.statusCode).toBe(409);
  });

  it("refuses another organisation's invoice (404), more than the balance (422) and a declined card (nothing recorded)", async () => {
    const { buyer, invoices, organizationId } = await buyerWithTwoInvoices();
    const card = await addMethod(buyer.headers, 'credit_card', 'pm_card_visa');
    const other = await fulfilledOrder(t.db, t.app, { fulfilledOn: '2026-03-18' });
    const theirs = (await invoicesOf(other.buyer.headers)).results[0];
    const foreign = await post(buyer.headers, '/api/v1/payments', {
      invoiceIds: [invoices[0].id, theirs.id],
      paymentMethodId: card.id,
    });
    expect(foreign.statusCode).toBe(404);
    const theirCard = await post(other.buyer.headers, '/api/v1/payments', {
      invoiceIds: [theirs.id],
      paymentMethodId: card.id,
    });
    expect(theirCard.statusCode).toBe(404);
    const above = await post(buyer.headers, '/api/v1/payments', {
      invoiceIds: [invoices[0].id],
      paymentMethodId: card.id,
      amount: invoices[0].amountDue + 1,
    });
    expect(above.statusCode).toBe(422);
    expect(above.json().code).toBe('amount_above_balance');

    const declining = await addMethod(buyer.headers, 'credit_card', 'pm_card_chargeDeclined');
    const declined = await post(buyer.headers, '/api/v1/payments', {
      invoiceIds: [invoices[0].id],
      paymentMethodId: declining.id,
    });
    expect(declined.statusCode).toBe(422);
    expect(declined.json()).toMatchObject({ code: 'payment_declined', message: 'Your card was declined.' });
    expect(await paymentsCount(organizationId)).toBe(0);
    expect((await invoicesOf(buyer.headers)).results.map((invoice) => invoice.paymentStatus)).toEqual([
      'PAYMENT_REQUESTED',
      'PAYMENT_REQUESTED',
    ]);
  });

  it('a partial payment leaves the invoice Payment Requested (Partially paid) with the rest due', async () => {
    const { buyer, invoices } = await buyerWithTwoInvoices();
    const card = await addMethod(buyer.headers, 'credit_card', 'pm_card_visa');
    const partial = await post(buyer.headers, '/api/v1/payments', {
      invoiceIds: [invoices[0].id],
      paymentMethodId: card.id,
      amount: 1_000,
    });
    expect(partial.statusCode, partial.body).toBe(201);
    expect(partial.json()).toMatchObject({ amount: 1_000, feeAmount: 30 });
    const [invoice] = (await invoicesOf(buyer.headers)).results;
    expect(invoice).toMatchObject({
      paymentStatus: 'PARTIALLY_PAID',
      statusLabel: 'Payment Requested',
      partiallyPaid: true,
      amountPaid: 1_000,
      amountDue: invoices[0].amountDue - 1_000,
    });
  });

  it('of two payments with different keys for one invoice at once, one charges and the other is refused', async () => {
    const { buyer, invoices, organizationId } = await buyerWithTwoInvoices();
    const card = await addMethod(buyer.headers, 'credit_card', 'pm_card_visa');
    const body = { invoiceIds: [invoices[0].id], paymentMethodId: card.id };
    const answers = await Promise.all([
      post(buyer.headers, '/api/v1/payments', body, { 'idempotency-key': 'race-key-aaaa' }),
      post(buyer.headers, '/api/v1/payments', body, { 'idempotency-key': 'race-key-bbbb' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(await paymentsCount(organizationId)).toBe(1);
  });

  it('a bank payment from an unverified account stays Payment Processing (not payable, not in the balance) until verified', async () => {
    const { buyer, invoices, orders } = await buyerWithTwoInvoices();
    const bank = await addMethod(buyer.headers, 'bank_account', 'pm_usBankAccount');
    const paid = await post(buyer.headers, '/api/v1/payments', {
      invoiceIds: [invoices[0].id],
      paymentMethodId: bank.id,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json()).toMatchObject({ status: 'pending', feeAmount: 0 });
    await t.app.deps.jobs.drain();
    const open = await invoicesOf(buyer.headers);
    expect(open.results[0]).toMatchObject({
      paymentStatus: 'PAYMENT_PENDING',
      statusLabel: 'Payment Processing',
      amountPaid: 0,
    });
    expect(open.balance).toBe(invoices[1].amountDue);
    const again = await post(buyer.headers, '/api/v1/payments', {
      invoiceIds: [invoices[0].id],
      paymentMethodId: bank.id,
    });
    expect(again.statusCode).toBe(409);

    await post(buyer.headers, `/api/v1/payment_methods/${bank.id}/verify`, { amounts: [45, 32] });
    await t.app.deps.jobs.drain();
    const paidTab = await invoicesOf(buyer.headers, 'paid');
    expect(paidTab.results.map((invoice) => invoice.id)).toEqual([invoices[0].id]);
    // Settled at the app's clock, not the machine's.
    expect(paidTab.results[0]).toMatchObject({ lastPaymentAt: '2026-03-20T15:00:00.000Z' });
    expect((await get(buyer.headers, `/api/v1/orders/${orders[0]}`)).json().displayState.label).toBe('Paid');
  });
});
