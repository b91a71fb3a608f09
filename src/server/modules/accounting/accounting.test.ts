import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quickbooksNotConfiguredMessage } from '../../../domain/accounting/quickbooks-link';
import { fixedClock } from '../../core/clock';
import { bearer, insertUser, tokenFor } from '../../test/factories';
import { fulfilledOrder } from '../../test/invoice-factories';
import { createTestApp } from '../../test/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Record<string, string>;
let support: Record<string, string>;
let order: Awaited<ReturnType<typeof fulfilledOrder>>;

beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock('2026-11-25T12:00:00Z') });
  admin = bearer(await tokenFor(t.db, (await insertUser(t.db, { roles: ['admin'] })).id));
  support = bearer(await tokenFor(t.db, (await insertUser(t.db, { roles: ['support'] })).id));
  order = await fulfilledOrder(t.db, t.app, { fulfilledOn: '2026-11-20' });
});
afterAll(() => t?.close());

const range = (kind: string) => `/api/internal/accounting/export?kind=${kind}&from=2000-01-01&to=2099-12-31`;

describe('accounting export', () => {
  it('is for staff with export_accounting only', async () => {
    expect((await t.app.inject({ method: 'GET', url: range('invoices') })).statusCode).toBe(401);
    for (const headers of [support, order.buyer.headers]) {
      expect((await t.app.inject({ method: 'GET', url: range('invoices'), headers })).statusCode).toBe(403);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/internal/accounting', headers })).statusCode,
      ).toBe(403);
    }
  });

  it('says CSV is the link when QuickBooks keys are not set', async () => {
    const status = await t.app.inject({ method: 'GET', url: '/api/internal/accounting', headers: admin });
    expect(status.json()).toMatchObject({ provider: 'csv', connection: null, lastPush: null });
  });

  it('answers 422 to QuickBooks calls when the server has no QuickBooks keys', async () => {
    const vendor = await t.app.inject({
      method: 'GET',
      url: '/api/internal/quickbooks_vendors/find_by_name?name=Blue%20Ridge',
      headers: admin,
    });
    expect(vendor.statusCode).toBe(422);
    expect(vendor.json().message).toBe(quickbooksNotConfiguredMessage);
    const authorize = await t.app.inject({
      method: 'POST',
      url: '/api/internal/accounting/quickbooks/authorize',
      headers: admin,
    });
    expect(authorize.statusCode).toBe(422);
  });

  it('downloads the invoiced order as a QuickBooks invoice and a supplier bill', async () => {
    const invoices = await t.app.inject({ method: 'GET', url: range('invoices'), headers: admin });
    expect(invoices.statusCode, invoices.body).toBe(200);
    expect(invoices.headers['content-type']).toContain('text/csv');
    expect(invoices.headers['content-disposition']).toContain(
      'hedgerow-invoices-2000-01-01-to-2099-12-31.csv',
    );
    const [header, line] = invoices.body.split('\r\n');
    expect(header.split(',').slice(0, 4)).toEqual(['InvoiceNo', 'Customer', 'InvoiceDate', 'DueDate']);
    // 4 at the listing's $30.00.
    expect(line).toContain('Greenline Test');
    expect(line).toMatch(/,4,30\.00,120\.00$/);
    const bills = await t.app.inject({ method: 'GET', url: range('bills'), headers: admin });
    expect(bills.body.split('\r\n')[1]).toContain('Cost of Goods Sold');
    const payments = await t.app.inject({ method: 'GET', url: range('payments'), headers: admin });
    expect(payments.body.split('\r\n')[0]).toBe(
      'Payment Date,Customer,Payment Method,Reference No,Invoice No,Amount',
    );
  });

  it('refuses an end date before the start', async () => {
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/internal/accounting/export?kind=bills&from=2026-11-10&to=2026-11-01',
      headers: admin,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ to: 'The end date must be on or after the start date' });
  });
});
