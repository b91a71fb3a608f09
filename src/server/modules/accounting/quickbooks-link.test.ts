import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  quickbooksNotConnectedMessage,
  quickbooksStateRefusedMessage,
  quickbooksVendorNotFoundMessage,
} from '../../../domain/accounting/quickbooks-link';
import { fixedClock } from '../../core/clock';
import { queryRows } from '../../db/client';
import { bearer, insertUser, tokenFor } from '../../test/factories';
import { fulfilledOrder } from '../../test/invoice-factories';
import { type QuickBooksFake, startQuickBooksFake } from '../../test/quickbooks-fake';
import { createTestApp } from '../../test/test-app';
import { quickbooksLinkFor } from './quickbooks-connection.service';
import { runPush } from './quickbooks-push.service';

// The QuickBooks link against a local HTTP server standing in for Intuit (test/quickbooks-fake.ts):
// connecting through authorize and callback, refreshing an expired token, vendors by name, and the
// push job, whose records the fake keeps.

const clock = fixedClock('2026-11-25T12:00:00Z');
let fake: QuickBooksFake;
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Record<string, string>;
let otherAdmin: Record<string, string>;
let support: Record<string, string>;
let settings: NonNullable<Parameters<typeof quickbooksLinkFor>[0]['quickbooks']>;

beforeAll(async () => {
  fake = await startQuickBooksFake({ companyName: 'Hedgerow Books LLC' });
  settings = { clientId: 'client-1', clientSecret: 'secret-1', environment: 'sandbox', urls: fake.urls };
  t = await createTestApp({ clock, config: { quickbooks: settings } });
  admin = bearer(await tokenFor(t.db, (await insertUser(t.db, { roles: ['admin'] })).id));
  otherAdmin = bearer(await tokenFor(t.db, (await insertUser(t.db, { roles: ['admin'] })).id));
  support = bearer(await tokenFor(t.db, (await insertUser(t.db, { roles: ['support'] })).id));
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const get = (url: string, headers = admin) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers = admin) => t.app.inject({ method: 'POST', url, headers });
const callback = (state: string, headers = admin, code = 'good-code') =>
  get(`/api/internal/accounting/quickbooks/callback?code=${code}&state=${state}&realmId=4620816365`, headers);
const stateOf = (url: string) => new URL(url).searchParams.get('state') ?? '';

describe('QuickBooks link', () => {
  it('is for staff with export_accounting only', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/internal/accounting/quickbooks/authorize' }))
        .statusCode,
    ).toBe(401);
    expect((await post('/api/internal/accounting/quickbooks/authorize', support)).statusCode).toBe(403);
    expect((await callback('x', support)).statusCode).toBe(403);
    expect((await post('/api/internal/accounting/quickbooks/pushes', support)).statusCode).toBe(403);
    expect((await get('/api/internal/quickbooks_vendors/find_by_name?name=A', support)).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: '/api/internal/accounting/quickbooks/connection',
          headers: support,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('answers 409 with a clear message before a company is connected', async () => {
    const status = await get('/api/internal/accounting');
    expect(status.json()).toMatchObject({ provider: 'quickbooks_online', connection: null, lastPush: null });
    const vendor = await get('/api/internal/quickbooks_vendors/find_by_name?name=Blue%20Ridge');
    expect(vendor.statusCode).toBe(409);
    expect(vendor.json().message).toBe(quickbooksNotConnectedMessage);
    expect((await post('/api/internal/accounting/quickbooks/pushes')).statusCode).toBe(409);
    expect((await get('/api/internal/quickbooks_vendors/find_by_name?name=')).statusCode).toBe(400);
  });

  it('connects only with the state the authorize step issued to the same staff member, once', async () => {
    const refused = await callback('made-up-state');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(quickbooksStateRefusedMessage);
    const authorized = await post('/api/internal/accounting/quickbooks/authorize');
    expect(authorized.statusCode, authorized.body).toBe(200);
    const url = new URL(authorized.json().url);
    expect(url.origin + url.pathname).toBe(fake.urls.authorize);
    expect(url.searchParams.get('redirect_uri')).toBe('http://hedgerow.test/admin/accounting');
    const state = stateOf(authorized.json().url);
    expect((await callback(state, otherAdmin)).statusCode).toBe(422);
    const connected = await callback(state);
    expect(connected.statusCode, connected.body).toBe(200);
    expect(connected.json()).toEqual({
      realmId: '4620816365',
      companyName: 'Hedgerow Books LLC',
      connectedAt: '2026-11-25T12:00:00.000Z',
    });
    expect((await callback(state)).statusCode).toBe(422);
    // Tokens are stored sealed, never as they are.
    const [row] = await queryRows<{ access_token_sealed: string; refresh_token_sealed: string }>(
      t.db,
      sql`select access_token_sealed, refresh_token_sealed from quickbooks_connections`,
    );
    expect(row.access_token_sealed).not.toContain(fake.accessToken());
    expect(row.refresh_token_sealed).not.toContain('refresh-');
    expect((await get('/api/internal/accounting')).json().connection.companyName).toBe('Hedgerow Books LLC');
  });

  it('finds a vendor by name, 404 when QuickBooks has none, refreshing an expired access token first', async () => {
    fake.records.set('Vendor', [{ Id: '56', DisplayName: "O'Neil Nursery" }]);
    const found = await get(
      `/api/internal/quickbooks_vendors/find_by_name?name=${encodeURIComponent("O'Neil Nursery")}`,
    );
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toEqual({ id: '56', displayName: "O'Neil Nursery" });
    const missing = await get('/api/internal/quickbooks_vendors/find_by_name?name=Nobody');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(quickbooksVendorNotFoundMessage);
    const before = fake.accessToken();
    await t.db.execute(sql`update quickbooks_connections set access_expires_at = '2026-11-25T11:00:00Z'`);
    const again = await get(
      `/api/internal/quickbooks_vendors/find_by_name?name=${encodeURIComponent("O'Neil Nursery")}`,
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(fake.accessToken()).not.toBe(before);
    expect(fake.seen.filter((request) => request.body.includes('grant_type=refresh_token'))).toHaveLength(1);
    const [row] = await queryRows<{ access_expires_at: Date }>(
      t.db,
      sql`select access_expires_at from quickbooks_connections`,
    );
    expect(new Date(row.access_expires_at).toISOString()).toBe('2026-11-25T13:00:00.000Z');
  });

  it('pushes new invoices and supplier bills once; a second push sends nothing', async () => {
    await fulfilledOrder(t.db, t.app, { fulfilledOn: '2026-11-20' });
    const requested = await post('/api/internal/accounting/quickbooks/pushes');
    expect(requested.statusCode, requested.body).toBe(202);
    expect(requested.json()).toMatchObject({ status: 'queued', invoicesPushed: 0 });
    await t.app.deps.jobs.drain();
    const done = await get(`/api/internal/accounting/quickbooks/pushes/${requested.json().id}`);
    expect(done.json(), done.body).toMatchObject({
      status: 'succeeded',
      total: 2,
      invoicesPushed: 1,
      billsPushed: 1,
      error: null,
    });
    expect((await get('/api/internal/accounting')).json().lastPush.id).toBe(requested.json().id);
    const [invoice] = fake.records.get('Invoice') ?? [];
    const customer = fake.records.get('Customer')?.find((row) => row.DisplayName === 'Greenline Test');
    expect(invoice).toMatchObject({ CustomerRef: { value: customer?.Id } });
    expect(
      (invoice.Line as { SalesItemLineDetail?: { ItemRef: { value: string } } }[])[0].SalesItemLineDetail
        ?.ItemRef,
    ).toEqual({ value: '1' });
    const [bill] = fake.records.get('Bill') ?? [];
    expect(
      (bill.Line as { AccountBasedExpenseLineDetail: unknown }[])[0].AccountBasedExpenseLineDetail,
    ).toEqual({ AccountRef: { value: '80' } });
    const second = await post('/api/internal/accounting/quickbooks/pushes');
    await t.app.deps.jobs.drain();
    expect(
      (await get(`/api/internal/accounting/quickbooks/pushes/${second.json().id}`)).json(),
    ).toMatchObject({
      status: 'succeeded',
      total: 0,
    });
    expect(fake.records.get('Invoice')).toHaveLength(1);
    expect(fake.records.get('Bill')).toHaveLength(1);
  });

  it('a retry after QuickBooks took an invoice but the answer was lost records it instead of sending it again', async () => {
    await fulfilledOrder(t.db, t.app, { fulfilledOn: '2026-11-21' });
    fake.loseNextReply('Invoice');
    const requested = await post('/api/internal/accounting/quickbooks/pushes');
    await t.app.deps.jobs.drain();
    const waiting = (await get(`/api/internal/accounting/quickbooks/pushes/${requested.json().id}`)).json();
    expect(waiting.status).toBe('queued');
    expect(waiting.error).toContain('Service unavailable');
    expect(fake.records.get('Invoice')).toHaveLength(2);
    // The retry runs the job's body again.
    await runPush(
      t.db,
      quickbooksLinkFor({ quickbooks: settings, appUrl: 'http://hedgerow.test' })!,
      clock,
      requested.json().id,
    );
    const done = (await get(`/api/internal/accounting/quickbooks/pushes/${requested.json().id}`)).json();
    expect(done).toMatchObject({ status: 'succeeded', invoicesPushed: 1, billsPushed: 1 });
    expect(fake.records.get('Invoice')).toHaveLength(2);
    expect(fake.records.get('Bill')).toHaveLength(2);
    const recorded = await queryRows<{ kind: string }>(t.db, sql`select kind from quickbooks_pushed_records`);
    expect(recorded).toHaveLength(4);
  });

  it('disconnects: the company and its tokens are forgotten', async () => {
    const gone = await t.app.inject({
      method: 'DELETE',
      url: '/api/internal/accounting/quickbooks/connection',
      headers: admin,
    });
    expect(gone.statusCode).toBe(204);
    expect((await get('/api/internal/accounting')).json().connection).toBeNull();
    expect((await get('/api/internal/quickbooks_vendors/find_by_name?name=X')).statusCode).toBe(409);
  });
});
