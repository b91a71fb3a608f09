import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PaymentDeclinedError } from './payment-provider';
import { formEncode, StripePaymentProvider, verifyStripeSignature } from './stripe-payment-provider';

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
