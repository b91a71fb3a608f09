import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../../test/fake-stripe';
import { PaymentDeclinedError, PaymentSetupError } from './payment-provider';
import {
  formEncode,
  StripePaymentProvider,
  setupOwnerKey,
  verifyStripeSignature,
} from './stripe-payment-provider';

const secret = 'whsec_test_secret';
const sign = (body: string, at: number, key = secret) =>
  `t=${at},v1=${createHmac('sha256', key).update(`${at}.${body}`).digest('hex')}`;

describe('Stripe webhook signatures', () => {
  const body = JSON.stringify({
    id: 'evt_1',
    type: 'payment_intent.succeeded',
    data: { object: { id: 'pi_1' } },
  });
  it('accepts a body signed with the endpoint secret within five minutes', () => {
    expect(verifyStripeSignature(body, sign(body, 1_000), secret, 1_100).data.object.id).toBe('pi_1');
  });
  it('refuses another secret, a changed body, an old timestamp and a missing header', () => {
    expect(() => verifyStripeSignature(body, sign(body, 1_000, 'whsec_other'), secret, 1_000)).toThrow(
      /does not match/,
    );
    expect(() => verifyStripeSignature(`${body} `, sign(body, 1_000), secret, 1_000)).toThrow(
      /does not match/,
    );
    expect(() => verifyStripeSignature(body, sign(body, 1_000), secret, 2_000)).toThrow(/too old/);
    expect(() => verifyStripeSignature(body, undefined, secret, 1_000)).toThrow(/Missing/);
  });
});

describe('the Stripe adapter', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('form-encodes arrays with brackets', () => {
    expect(formEncode({ amount: 100, payment_method_types: ['card'], skip: undefined }).toString()).toBe(
      'amount=100&payment_method_types%5B%5D=card',
    );
  });

  it('creates a confirmed PaymentIntent with the idempotency key, and turns a card_error into a decline', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return calls.length === 1
        ? new Response(JSON.stringify({ id: 'pi_123', status: 'succeeded' }), { status: 200 })
        : new Response(
            JSON.stringify({ error: { type: 'card_error', message: 'Your card has insufficient funds.' } }),
            { status: 402 },
          );
    });
    const stripe = new StripePaymentProvider('sk_test_x', 'https://stripe.test/v1');
    const method = {
      paymentType: 'credit_card' as const,
      stripeId: 'pm_1',
      setupRef: null,
      customerRef: 'cus_1',
      pendingVerification: false,
    };
    const charge = await stripe.charge({
      method,
      amount: 10_300,
      description: 'INV-1',
      idempotencyKey: 'key-1',
    });
    expect(charge).toEqual({ ref: 'pi_123', status: 'succeeded' });
    expect(calls[0].url).toBe('https://stripe.test/v1/payment_intents');
    expect((calls[0].init.headers as Record<string, string>)['idempotency-key']).toBe('key-1');
    expect(String(calls[0].init.body)).toContain('amount=10300');
    expect(String(calls[0].init.body)).toContain('confirm=true');
    await expect(
      stripe.charge({ method, amount: 1, description: 'x', idempotencyKey: 'key-2' }),
    ).rejects.toBeInstanceOf(PaymentDeclinedError);
  });
});

describe("the Stripe adapter's bank-account calls (against a local server in Stripe's API shape)", () => {
  let fake: FakeStripe;
  let stripe: StripePaymentProvider;
  beforeAll(async () => {
    fake = await startFakeStripe('sk_test_bank');
    stripe = new StripePaymentProvider('sk_test_bank', fake.apiBase);
  });
  afterAll(() => fake.close());

  it('starts a us_bank_account SetupIntent on a new customer, tagged with its owner, and answers its client secret', async () => {
    const setup = await stripe.startBankAccountSetup({
      description: 'Ann Buyer <ann@example.com>',
      ownerUserId: 42,
    });
    expect(setup.setupRef).toMatch(/^seti_/);
    expect(setup.clientSecret).toBe(`${setup.setupRef}_secret_fake`);
    const [customer, intent] = fake.requests.slice(-2);
    expect(customer.path).toBe('/v1/customers');
    expect(customer.headers.authorization).toBe('Bearer sk_test_bank');
    expect(intent.path).toBe('/v1/setup_intents');
    expect(intent.form.getAll('payment_method_types[]')).toEqual(['us_bank_account']);
    expect(intent.form.get('usage')).toBe('off_session');
    expect(intent.form.get('customer')).toMatch(/^cus_/);
    expect(intent.form.get(`metadata[${setupOwnerKey}]`)).toBe('42');
    // No account number is ever sent by us: the browser gives it to Stripe.
    expect([...intent.form.keys()].some((key) => key.includes('account_number'))).toBe(false);
  });

  it('reads what the browser collected: micro-deposits pending, then verified with the two amounts', async () => {
    const setup = await stripe.startBankAccountSetup({ description: 'x', ownerUserId: 7 });
    await expect(stripe.findBankAccountSetup(setup.setupRef)).rejects.toMatchObject({
      type: 'invalid_request_error',
    });
    fake.collect(setup.setupRef, { bankName: 'STRIPE TEST BANK', last4: '6789' });
    const found = await stripe.findBankAccountSetup(setup.setupRef);
    expect(found).toMatchObject({
      ownerUserId: 7,
      setupRef: setup.setupRef,
      customerRef: expect.stringMatching(/^cus_/),
      stripeId: expect.stringMatching(/^pm_/),
      brand: 'STRIPE TEST BANK',
      last4: '6789',
      setupStatus: 'requires_action',
    });
    expect(fake.requests.at(-1)?.form.getAll('expand[]')).toEqual(['payment_method']);

    const ref = {
      paymentType: 'bank_account' as const,
      stripeId: found?.stripeId ?? '',
      setupRef: setup.setupRef,
      customerRef: found?.customerRef ?? null,
      pendingVerification: true,
    };
    await expect(stripe.verifyBankAccount(ref, [10, 20])).rejects.toSatisfy(
      (error) =>
        error instanceof PaymentSetupError &&
        error.type === 'invalid_request_error' &&
        /do not match/.test(error.message),
    );
    await stripe.verifyBankAccount(ref, [32, 45]);
    expect(fake.requests.at(-1)?.form.getAll('amounts[]')).toEqual(['32', '45']);
    expect((await stripe.findBankAccountSetup(setup.setupRef))?.setupStatus).toBe('succeeded');
  });

  it('an instantly linked bank is succeeded; an unknown setup is null; a wrong key is an api error', async () => {
    const setup = await stripe.startBankAccountSetup({ description: 'x', ownerUserId: 8 });
    fake.collect(setup.setupRef, { bankName: 'FIRST BANK', last4: '1111', instant: true });
    expect((await stripe.findBankAccountSetup(setup.setupRef))?.setupStatus).toBe('succeeded');
    expect(await stripe.findBankAccountSetup('seti_missing')).toBeNull();
    const wrongKey = new StripePaymentProvider('sk_test_other', fake.apiBase);
    await expect(wrongKey.startBankAccountSetup({ description: 'x', ownerUserId: 1 })).rejects.toMatchObject({
      message: expect.stringMatching(/Invalid API Key/),
    });
  });
});
