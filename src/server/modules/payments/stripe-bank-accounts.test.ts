import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/clock';
import { queryRows } from '../../db/client';
import { signedInBuyer } from '../../test/cart-factories';
import { type FakeStripe, startFakeStripe } from '../../test/fake-stripe';
import { createTestApp } from '../../test/test-app';

// The app configured for Stripe, whose API is a local server in Stripe's shape (test/fake-stripe.ts).
const secretKey = 'sk_test_hedgerow';
const webhookSecret = 'whsec_test_hedgerow';
const now = new Date('2026-03-20T15:00:00Z');
const nowSeconds = Math.floor(now.getTime() / 1000);

let fake: FakeStripe;
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  fake = await startFakeStripe(secretKey);
  t = await createTestApp({
    clock: fixedClock(now.toISOString()),
    config: {
      stripe: { secretKey, publishableKey: 'pk_test_hedgerow', webhookSecret, apiBase: fake.apiBase },
    },
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

type Headers = Record<string, string>;
type Method = {
  id: number;
  pendingVerification: boolean;
  usable: boolean;
  label: string;
  description: string;
};
const post = (headers: Headers, url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers, payload });
const startSetup = async (headers: Headers) => {
  const response = await post(headers, '/api/v1/payment_methods/setup_intents', {
    paymentType: 'bank_account',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ setupIntentId: string; clientSecret: string; provider: string }>();
};
const methodsOf = async (headers: Headers) =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/payment_methods', headers })).json<{
    results: Method[];
    provider: string;
    publishableKey: string | null;
  }>();
const webhook = (body: string, signature: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/payments/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload: body,
  });

describe('bank accounts through Stripe', () => {
  it('records the account a confirmed SetupIntent collected, pending micro-deposits, once, for its owner only', async () => {
    const buyer = await signedInBuyer(t.db, { paymentMethod: false });
    const listed = await methodsOf(buyer.headers);
    expect(listed).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_hedgerow', results: [] });

    const setup = await startSetup(buyer.headers);
    expect(setup).toMatchObject({ provider: 'stripe', setupIntentId: expect.stringMatching(/^seti_/) });
    expect(setup.clientSecret).toBe(fake.setupIntents.get(setup.setupIntentId)?.client_secret);
    expect(fake.setupIntents.get(setup.setupIntentId)?.payment_method_types).toEqual(['us_bank_account']);

    // Saved before the browser connected an account: Stripe's state is the message.
    const early = await post(buyer.headers, '/api/v1/payment_methods', {
      paymentType: 'bank_account',
      setupIntentId: setup.setupIntentId,
    });
    expect(early.statusCode).toBe(422);
    expect(early.json()).toMatchObject({
      code: 'invalid_request_error',
      message: 'The bank account was not connected. Try again.',
    });

    fake.collect(setup.setupIntentId, { bankName: 'STRIPE TEST BANK', last4: '6789' });
    const saved = await post(buyer.headers, '/api/v1/payment_methods', {
      paymentType: 'bank_account',
      setupIntentId: setup.setupIntentId,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const method = saved.json<Method>();
    expect(method).toMatchObject({
      label: 'Bank Account (ACH)',
      description: 'STRIPE TEST BANK ending in 6789',
      pendingVerification: true,
      usable: false,
    });

    // A retried save answers the same method; nobody else can claim the setup.
    const again = await post(buyer.headers, '/api/v1/payment_methods', {
      paymentType: 'bank_account',
      setupIntentId: setup.setupIntentId,
    });
    expect(again.json<Method>().id).toBe(method.id);
    const stranger = await signedInBuyer(t.db, { paymentMethod: false });
    for (const setupIntentId of [setup.setupIntentId, 'seti_unknown']) {
      const theirs = await post(stranger.headers, '/api/v1/payment_methods', {
        paymentType: 'bank_account',
        setupIntentId,
      });
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json().message).toBe('Bank account setup not found');
    }
    const stored = await queryRows<{ n: number; stripe_id: string }>(
      t.db,
      sql`select count(*) over ()::int as n, stripe_id from payment_methods where setup_ref = ${setup.setupIntentId}`,
    );
    expect(stored).toHaveLength(1);
    expect(stored[0].stripe_id).toMatch(/^pm_/);

    // Bad input: a setup for a card, a card from a setup, nothing at all.
    const cardSetup = await post(buyer.headers, '/api/v1/payment_methods/setup_intents', {
      paymentType: 'credit_card',
    });
    expect(cardSetup.statusCode).toBe(400);
    const cardFromSetup = await post(buyer.headers, '/api/v1/payment_methods', {
      paymentType: 'credit_card',
      setupIntentId: setup.setupIntentId,
    });
    expect(cardFromSetup.statusCode).toBe(400);
    expect(cardFromSetup.json().fields).toHaveProperty('setupIntentId');
    const nothing = await post(buyer.headers, '/api/v1/payment_methods', { paymentType: 'bank_account' });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().fields).toEqual({ token: 'Enter the card or bank account details' });
  });

  it('verifies the account through the verify route (Stripe checks the amounts) or an instant link', async () => {
    const buyer = await signedInBuyer(t.db, { paymentMethod: false });
    const setup = await startSetup(buyer.headers);
    fake.collect(setup.setupIntentId, { bankName: 'STRIPE TEST BANK', last4: '6789' });
    const method = (
      await post(buyer.headers, '/api/v1/payment_methods', {
        paymentType: 'bank_account',
        setupIntentId: setup.setupIntentId,
      })
    ).json<Method>();
    const wrong = await post(buyer.headers, `/api/v1/payment_methods/${method.id}/verify`, {
      amounts: [10, 20],
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().fields.amounts).toMatch(/do not match/);
    const verified = await post(buyer.headers, `/api/v1/payment_methods/${method.id}/verify`, {
      amounts: [32, 45],
    });
    expect(verified.json()).toMatchObject({ pendingVerification: false, usable: true });
    expect(fake.setupIntents.get(setup.setupIntentId)?.status).toBe('succeeded');

    const instant = await startSetup(buyer.headers);
    fake.collect(instant.setupIntentId, { bankName: 'FIRST BANK', last4: '1111', instant: true });
    const linked = await post(buyer.headers, '/api/v1/payment_methods', {
      paymentType: 'bank_account',
      setupIntentId: instant.setupIntentId,
    });
    expect(linked.json()).toMatchObject({ pendingVerification: false, usable: true });
  });

  it("verifies it from Stripe's signed setup_intent.succeeded webhook, and ignores unsigned or mis-signed ones", async () => {
    const buyer = await signedInBuyer(t.db, { paymentMethod: false });
    const setup = await startSetup(buyer.headers);
    fake.collect(setup.setupIntentId, { bankName: 'STRIPE TEST BANK', last4: '6789' });
    const method = (
      await post(buyer.headers, '/api/v1/payment_methods', {
        paymentType: 'bank_account',
        setupIntentId: setup.setupIntentId,
      })
    ).json<Method>();
    const event = { type: 'setup_intent.succeeded', object: { id: setup.setupIntentId } };

    const refused = (response: Awaited<ReturnType<typeof webhook>>) => {
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('bad_signature');
    };
    const forged = fake.signedEvent('whsec_someone_else', event, nowSeconds);
    refused(await webhook(forged.body, forged.header));
    const stale = fake.signedEvent(webhookSecret, event, nowSeconds - 3600);
    refused(await webhook(stale.body, stale.header));
    const tampered = fake.signedEvent(webhookSecret, event, nowSeconds);
    refused(
      await webhook(
        tampered.body.replace('setup_intent.succeeded', 'setup_intent.succeeded '),
        tampered.header,
      ),
    );
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhook',
      headers: { 'content-type': 'application/json' },
      payload: forged.body,
    });
    refused(unsigned);
    expect((await methodsOf(buyer.headers)).results[0]).toMatchObject({ pendingVerification: true });

    const signed = fake.signedEvent(webhookSecret, event, nowSeconds);
    const delivered = await webhook(signed.body, signed.header);
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json()).toEqual({ received: true });
    const after = (await methodsOf(buyer.headers)).results.find((row) => row.id === method.id);
    expect(after).toMatchObject({ pendingVerification: false, usable: true });
    // Stripe delivers at least once: a repeat changes nothing.
    expect((await webhook(signed.body, signed.header)).statusCode).toBe(200);
  });
});
