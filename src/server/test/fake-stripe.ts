import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server that answers the part of Stripe's REST API the bank-account flow uses, in
 * Stripe's shapes (form-encoded requests, JSON objects, `{ error: { type, message, code } }` with
 * Stripe's statuses). It is the edge of the system for tests: the adapter's real fetch calls reach it.
 * `collect` plays what Stripe.js does in the browser (collectBankAccountForSetup then
 * confirmUsBankAccountSetup), which talks to Stripe directly and never to our server.
 */
export type FakeStripeRequest = {
  method: string;
  path: string;
  form: URLSearchParams;
  headers: IncomingMessage['headers'];
};

type SetupIntent = {
  id: string;
  object: 'setup_intent';
  client_secret: string;
  status: string;
  customer: string | null;
  usage: string;
  payment_method_types: string[];
  metadata: Record<string, string>;
  payment_method: string | null;
  next_action: null | { type: string; verify_with_microdeposits: { microdeposit_type: 'amounts' } };
};

type PaymentMethod = {
  id: string;
  object: 'payment_method';
  type: 'us_bank_account';
  us_bank_account: { bank_name: string; last4: string; account_type: string };
};

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

export async function startFakeStripe(secretKey: string) {
  const requests: FakeStripeRequest[] = [];
  const customers = new Set<string>();
  const setupIntents = new Map<string, SetupIntent>();
  const paymentMethods = new Map<string, PaymentMethod>();
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_fake${String(++counter).padStart(6, '0')}`;

  const stripeError = (status: number, type: string, message: string, code?: string) => ({
    status,
    body: { error: { type, message, ...(code ? { code } : {}) } },
  });
  const missing = (id: string) =>
    stripeError(404, 'invalid_request_error', `No such setupintent: '${id}'`, 'resource_missing');

  const withExpansions = (intent: SetupIntent, form: URLSearchParams) =>
    form.getAll('expand[]').includes('payment_method') && intent.payment_method
      ? { ...intent, payment_method: paymentMethods.get(intent.payment_method) }
      : intent;

  function answer(method: string, path: string, form: URLSearchParams): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v1/customers') {
      const id = nextId('cus');
      customers.add(id);
      return { status: 200, body: { id, object: 'customer', description: form.get('description') } };
    }
    if (method === 'POST' && path === '/v1/setup_intents') {
      const customer = form.get('customer');
      if (customer && !customers.has(customer))
        return stripeError(
          400,
          'invalid_request_error',
          `No such customer: '${customer}'`,
          'resource_missing',
        );
      const types = form.getAll('payment_method_types[]');
      if (types.length === 0)
        return stripeError(400, 'invalid_request_error', 'Missing payment_method_types');
      const metadata: Record<string, string> = {};
      for (const [key, value] of form) {
        const match = /^metadata\[(.+)\]$/.exec(key);
        if (match) metadata[match[1]] = value;
      }
      const id = nextId('seti');
      const intent: SetupIntent = {
        id,
        object: 'setup_intent',
        client_secret: `${id}_secret_fake`,
        status: 'requires_payment_method',
        customer,
        usage: form.get('usage') ?? 'off_session',
        payment_method_types: types,
        metadata,
        payment_method: null,
        next_action: null,
      };
      setupIntents.set(id, intent);
      return { status: 200, body: intent };
    }
    const retrieve = /^\/v1\/setup_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && retrieve) {
      const intent = setupIntents.get(retrieve[1]);
      return intent ? { status: 200, body: withExpansions(intent, form) } : missing(retrieve[1]);
    }
    const verify = /^\/v1\/setup_intents\/([^/]+)\/verify_microdeposits$/.exec(path);
    if (method === 'POST' && verify) {
      const intent = setupIntents.get(verify[1]);
      if (!intent) return missing(verify[1]);
      if (intent.status !== 'requires_action')
        return stripeError(400, 'invalid_request_error', 'This SetupIntent does not need verification.');
      const amounts = form.getAll('amounts[]').map(Number);
      if (amounts.length !== 2 || amounts[0] !== 32 || amounts[1] !== 45)
        return stripeError(
          400,
          'invalid_request_error',
          'The amounts provided do not match the amounts that were sent to the bank account.',
          'payment_method_microdeposit_verification_amounts_mismatch',
        );
      intent.status = 'succeeded';
      intent.next_action = null;
      return { status: 200, body: intent };
    }
    return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path})`);
  }

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake-stripe');
      const form =
        request.method === 'GET' ? url.searchParams : new URLSearchParams(Buffer.concat(chunks).toString());
      requests.push({ method: request.method ?? 'GET', path: url.pathname, form, headers: request.headers });
      const result =
        request.headers.authorization === `Bearer ${secretKey}`
          ? answer(request.method ?? 'GET', url.pathname, form)
          : stripeError(401, 'invalid_request_error', 'Invalid API Key provided: sk_****');
      response.writeHead(result.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(result.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    apiBase: `http://127.0.0.1:${port}/v1`,
    requests,
    setupIntents,
    /**
     * What Stripe.js does in the browser: the customer links a bank account (collect) and accepts the
     * mandate (confirm). `instant` is a bank linked through Financial Connections (succeeded);
     * otherwise micro-deposits are sent (requires_action until they are verified).
     */
    collect(setupIntentId: string, account: { bankName: string; last4: string; instant?: boolean }) {
      const intent = setupIntents.get(setupIntentId);
      if (!intent) throw new Error(`no setup intent ${setupIntentId}`);
      const paymentMethod: PaymentMethod = {
        id: nextId('pm'),
        object: 'payment_method',
        type: 'us_bank_account',
        us_bank_account: { bank_name: account.bankName, last4: account.last4, account_type: 'checking' },
      };
      paymentMethods.set(paymentMethod.id, paymentMethod);
      intent.payment_method = paymentMethod.id;
      intent.status = account.instant ? 'succeeded' : 'requires_action';
      intent.next_action = account.instant
        ? null
        : {
            type: 'verify_with_microdeposits',
            verify_with_microdeposits: { microdeposit_type: 'amounts' },
          };
      return intent;
    },
    /** A webhook delivery as Stripe signs it (Stripe-Signature: t=…,v1=HMAC-SHA256). */
    signedEvent(webhookSecret: string, event: { type: string; object: { id: string } }, atSeconds: number) {
      const body = JSON.stringify({
        id: nextId('evt'),
        object: 'event',
        type: event.type,
        data: { object: setupIntents.get(event.object.id) ?? event.object },
      });
      const signature = createHmac('sha256', webhookSecret).update(`${atSeconds}.${body}`).digest('hex');
      return { body, header: `t=${atSeconds},v1=${signature}` };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
