import { createHmac, timingSafeEqual } from 'node:crypto';
import type { BankAccountSetup, PaymentProvider, SetUpMethod, StoredMethodRef } from './payment-provider';
import { PaymentDeclinedError, PaymentSetupError } from './payment-provider';

type StripeError = { error?: { type?: string; message?: string; code?: string; decline_code?: string } };

/** The SetupIntent fields the bank-account flow reads (payment_method expanded). */
type StripeSetupIntent = {
  id: string;
  status: string;
  client_secret: string;
  customer: string | null;
  metadata?: Record<string, string>;
  payment_method: null | { id: string; us_bank_account?: { bank_name?: string; last4?: string } };
  last_setup_error?: { message?: string } | null;
};

/** The metadata key that records which user started a bank-account setup. */
export const setupOwnerKey = 'platform_user_id';

/** Stripe's form encoding: nested keys in brackets (`payment_method_types[]=card`). */
export function formEncode(values: Record<string, string | number | boolean | string[] | undefined>) {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) form.append(`${key}[]`, item);
    else form.append(key, String(value));
  }
  return form;
}

/**
 * Stripe over its REST API with fetch (no SDK): SetupIntents save cards and US bank accounts to a
 * customer for later off-session use, PaymentIntents charge them, and bank accounts are verified by
 * micro-deposits. The browser sends only a PaymentMethod id made by Stripe Elements.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;

  constructor(
    private readonly secretKey: string,
    private readonly baseUrl = 'https://api.stripe.com/v1',
  ) {}

  private async call<T>(
    path: string,
    values: Parameters<typeof formEncode>[0] = {},
    options: { method?: 'GET' | 'POST'; idempotencyKey?: string } = {},
  ): Promise<T> {
    return (await this.request<T>(path, values, options)) as T;
  }

  /** One API call; a 404 (Stripe's resource_missing) answers null when missingAsNull is set. */
  private async request<T>(
    path: string,
    values: Parameters<typeof formEncode>[0],
    options: { method?: 'GET' | 'POST'; idempotencyKey?: string; missingAsNull?: boolean },
  ): Promise<T | null> {
    const method = options.method ?? 'POST';
    const form = formEncode(values);
    const response = await fetch(`${this.baseUrl}${path}${method === 'GET' ? `?${form}` : ''}`, {
      method,
      headers: {
        authorization: `Bearer ${this.secretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
        ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
      },
      body: method === 'POST' ? form : undefined,
    });
    const body = (await response.json()) as T & StripeError;
    if (response.status === 404 && options.missingAsNull) return null;
    if (!response.ok) {
      const error = body.error ?? {};
      if (error.type === 'card_error')
        throw new PaymentDeclinedError(error.message ?? 'Your card was declined.');
      throw new PaymentSetupError(
        error.message ?? 'Unknown Error',
        error.type === 'invalid_request_error' || error.type === 'card_error' ? error.type : 'api_error',
      );
    }
    return body;
  }

  async setUpMethod(input: {
    paymentType: 'credit_card' | 'bank_account';
    token: string;
    description: string;
  }): Promise<SetUpMethod> {
    const customer = await this.call<{ id: string }>('/customers', { description: input.description });
    const intent = await this.call<{ id: string; status: string }>('/setup_intents', {
      customer: customer.id,
      payment_method: input.token,
      confirm: true,
      usage: 'off_session',
      ...(input.paymentType === 'bank_account'
        ? {
            payment_method_types: ['us_bank_account'],
            'payment_method_options[us_bank_account][verification_method]': 'microdeposits',
          }
        : { payment_method_types: ['card'] }),
      ...(input.paymentType === 'bank_account'
        ? { 'mandate_data[customer_acceptance][type]': 'offline' }
        : {}),
    });
    const method = await this.call<{
      card?: { brand: string; last4: string };
      us_bank_account?: { bank_name: string; last4: string };
    }>(`/payment_methods/${input.token}`, {}, { method: 'GET' });
    return {
      stripeId: input.token,
      setupRef: intent.id,
      customerRef: customer.id,
      brand: method.card?.brand ?? method.us_bank_account?.bank_name ?? null,
      last4: method.card?.last4 ?? method.us_bank_account?.last4 ?? null,
      setupStatus: intent.status === 'succeeded' ? 'succeeded' : 'requires_action',
    };
  }

  async startBankAccountSetup(input: {
    description: string;
    ownerUserId: number;
  }): Promise<BankAccountSetup> {
    const customer = await this.call<{ id: string }>('/customers', { description: input.description });
    // automatic: instant verification through Financial Connections, micro-deposits when the bank
    // cannot be linked; the account is then pending until they are confirmed (verify route or webhook).
    const intent = await this.call<StripeSetupIntent>('/setup_intents', {
      customer: customer.id,
      usage: 'off_session',
      payment_method_types: ['us_bank_account'],
      'payment_method_options[us_bank_account][verification_method]': 'automatic',
      [`metadata[${setupOwnerKey}]`]: String(input.ownerUserId),
    });
    return { setupRef: intent.id, clientSecret: intent.client_secret };
  }

  async findBankAccountSetup(setupRef: string) {
    const intent = await this.request<StripeSetupIntent>(
      `/setup_intents/${encodeURIComponent(setupRef)}`,
      { expand: ['payment_method'] },
      { method: 'GET', missingAsNull: true },
    );
    if (!intent) return null;
    const owner = Number(intent.metadata?.[setupOwnerKey]);
    const ownerUserId = Number.isSafeInteger(owner) && owner > 0 ? owner : null;
    // requires_action: micro-deposits are on their way; processing: Stripe is still confirming.
    const ready = ['succeeded', 'requires_action', 'processing'].includes(intent.status);
    if (!ready || !intent.payment_method) {
      throw new PaymentSetupError(
        intent.last_setup_error?.message ?? 'The bank account was not connected. Try again.',
        'invalid_request_error',
      );
    }
    return {
      ownerUserId,
      stripeId: intent.payment_method.id,
      setupRef: intent.id,
      customerRef: intent.customer,
      brand: intent.payment_method.us_bank_account?.bank_name ?? null,
      last4: intent.payment_method.us_bank_account?.last4 ?? null,
      setupStatus: intent.status === 'succeeded' ? ('succeeded' as const) : ('requires_action' as const),
    };
  }

  async verifyBankAccount(method: StoredMethodRef, amounts: [number, number]) {
    if (!method.setupRef)
      throw new PaymentSetupError('This bank account has nothing to verify.', 'invalid_request_error');
    await this.call(`/setup_intents/${method.setupRef}/verify_microdeposits`, {
      amounts: amounts.map(String),
    });
  }

  async charge(input: {
    method: StoredMethodRef;
    amount: number;
    description: string;
    idempotencyKey: string;
  }) {
    const intent = await this.call<{ id: string; status: string; last_payment_error?: { message?: string } }>(
      '/payment_intents',
      {
        amount: input.amount,
        currency: 'usd',
        customer: input.method.customerRef ?? undefined,
        payment_method: input.method.stripeId,
        payment_method_types: [input.method.paymentType === 'bank_account' ? 'us_bank_account' : 'card'],
        confirm: true,
        off_session: true,
        description: input.description,
      },
      { idempotencyKey: input.idempotencyKey },
    );
    if (intent.status === 'succeeded') return { ref: intent.id, status: 'succeeded' as const };
    if (intent.status === 'processing') return { ref: intent.id, status: 'processing' as const };
    throw new PaymentDeclinedError(
      intent.last_payment_error?.message ?? 'The payment could not be completed.',
    );
  }

  async chargeStatus(ref: string) {
    const intent = await this.call<{ status: string }>(`/payment_intents/${ref}`, {}, { method: 'GET' });
    if (intent.status === 'succeeded') return 'succeeded' as const;
    if (intent.status === 'processing' || intent.status === 'requires_confirmation')
      return 'processing' as const;
    return 'failed' as const;
  }
}

/**
 * Checks a webhook's Stripe-Signature header (`t=…,v1=…`): HMAC-SHA256 of `${t}.${body}` with the
 * endpoint secret, within `toleranceSeconds` of now. Returns the parsed event or throws.
 */
export function verifyStripeSignature(
  rawBody: string,
  header: string | undefined,
  secret: string,
  nowSeconds: number,
  toleranceSeconds = 300,
): { id: string; type: string; data: { object: { id: string; status?: string } } } {
  if (!header) throw new Error('Missing Stripe-Signature header');
  const parts = header.split(',').map((part) => part.split('=') as [string, string]);
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  const signatures = parts.filter(([key]) => key === 'v1').map(([, value]) => value);
  if (!Number.isFinite(timestamp) || signatures.length === 0)
    throw new Error('Malformed Stripe-Signature header');
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds)
    throw new Error('Stripe-Signature timestamp is too old');
  const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest();
  const matches = signatures.some((signature) => {
    const given = Buffer.from(signature, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new Error('Stripe-Signature does not match');
  return JSON.parse(rawBody);
}
