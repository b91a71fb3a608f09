import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { QuickBooksError, QuickBooksOnline } from './quickbooks-online';

// The adapter against a local HTTP server standing in for Intuit: the requests it builds are checked
// as they arrive on the wire, and the server's answers drive what the adapter returns.

type Seen = { method: string; url: string; headers: IncomingMessage['headers']; body: string };
let server: Server;
let base: string;
let seen: Seen[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: {} };

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
  answer = { status: 200, body: {} };
});

const adapter = () =>
  new QuickBooksOnline({
    clientId: 'client-1',
    clientSecret: 'secret-1',
    environment: 'sandbox',
    urls: { authorize: `${base}/connect/oauth2`, token: `${base}/oauth2/v1/tokens/bearer`, api: base },
  });
const company = { realmId: '4620816365', accessToken: 'token-abc' };

describe('QuickBooksOnline', () => {
  it('builds the authorisation URL with the accounting scope, the redirect and the state', () => {
    const url = new URL(adapter().authorizationUrl('https://hedgerow.test/admin/accounting', 'st4te'));
    expect(url.origin + url.pathname).toBe(`${base}/connect/oauth2`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'client-1',
      response_type: 'code',
      scope: 'com.intuit.quickbooks.accounting',
      redirect_uri: 'https://hedgerow.test/admin/accounting',
      state: 'st4te',
    });
  });

  it('trades a code for tokens with basic authentication and a form body', async () => {
    answer = { status: 200, body: { access_token: 'a1', refresh_token: 'r1', expires_in: 3600 } };
    const tokens = await adapter().exchangeCode('code-9', 'https://hedgerow.test/admin/accounting');
    expect(tokens).toEqual({
      accessToken: 'a1',
      refreshToken: 'r1',
      expiresInSeconds: 3600,
      refreshExpiresInSeconds: null,
    });
    const [request] = seen;
    expect(request.method).toBe('POST');
    expect(request.headers.authorization).toBe(
      `Basic ${Buffer.from('client-1:secret-1').toString('base64')}`,
    );
    expect(Object.fromEntries(new URLSearchParams(request.body))).toEqual({
      grant_type: 'authorization_code',
      code: 'code-9',
      redirect_uri: 'https://hedgerow.test/admin/accounting',
    });
  });

  it("finds a vendor by display name with a query that escapes the name's quotes", async () => {
    answer = {
      status: 200,
      body: { QueryResponse: { Vendor: [{ Id: '56', DisplayName: "O'Neil Nursery" }] } },
    };
    const vendor = await adapter().findVendorByName(company, "O'Neil Nursery");
    expect(vendor).toEqual({ id: '56', displayName: "O'Neil Nursery" });
    const url = new URL(seen[0].url, base);
    expect(url.pathname).toBe('/v3/company/4620816365/query');
    expect(url.searchParams.get('query')).toBe("select * from Vendor where DisplayName = 'O\\'Neil Nursery'");
    expect(url.searchParams.get('minorversion')).toBe('75');
    expect(seen[0].headers.authorization).toBe('Bearer token-abc');
    answer = { status: 200, body: { QueryResponse: {} } };
    expect(await adapter().findVendorByName(company, 'Nobody')).toBeNull();
  });

  it('pushes an invoice and a bill as the Accounting API expects, amounts in dollars', async () => {
    answer = { status: 200, body: { Invoice: { Id: '130' } } };
    const invoice = await adapter().pushInvoice(
      company,
      {
        invoiceNumber: 'INV-1001',
        customer: 'Greenline',
        issuedOn: '2025-11-02',
        dueDate: '2025-12-02',
        termsDays: 30,
        memo: 'Order Q-1-1',
        total: 12_000,
        lines: [
          { item: 'Red Maple #3', description: '4 × Red Maple #3', quantity: 4, rate: 3_000, amount: 12_000 },
        ],
      },
      { customerId: '7', itemId: '1' },
    );
    expect(invoice).toEqual({ id: '130' });
    expect(seen[0].method).toBe('POST');
    expect(new URL(seen[0].url, base).pathname).toBe('/v3/company/4620816365/invoice');
    expect(JSON.parse(seen[0].body)).toEqual({
      DocNumber: 'INV-1001',
      TxnDate: '2025-11-02',
      DueDate: '2025-12-02',
      PrivateNote: 'Order Q-1-1',
      CustomerRef: { value: '7' },
      Line: [
        {
          DetailType: 'SalesItemLineDetail',
          Amount: 120,
          Description: '4 × Red Maple #3',
          SalesItemLineDetail: { ItemRef: { value: '1' }, Qty: 4, UnitPrice: 30 },
        },
      ],
    });
    answer = { status: 200, body: { Bill: { Id: '88' } } };
    await adapter().pushBill(
      company,
      {
        billNumber: 'Q-1-1',
        supplier: 'Blue Ridge',
        billDate: '2025-11-02',
        dueDate: '2025-12-02',
        memo: 'North Yard',
        lines: [{ description: '4 × Red Maple #3', amount: 11_000 }],
      },
      { vendorId: '56', accountId: '80' },
    );
    expect(JSON.parse(seen[1].body)).toMatchObject({
      DocNumber: 'Q-1-1',
      VendorRef: { value: '56' },
      Line: [
        {
          DetailType: 'AccountBasedExpenseLineDetail',
          Amount: 110,
          AccountBasedExpenseLineDetail: { AccountRef: { value: '80' } },
        },
      ],
    });
  });

  it("turns a refusal into an error carrying QuickBooks' own message", async () => {
    answer = {
      status: 400,
      body: { Fault: { Error: [{ Message: 'Invalid Reference Id', Detail: 'Vendor 99 not found' }] } },
    };
    await expect(adapter().findVendorByName(company, 'X')).rejects.toEqual(
      new QuickBooksError(400, 'QuickBooks Online refused the call: Vendor 99 not found'),
    );
  });
});
