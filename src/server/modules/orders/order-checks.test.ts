import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/clock';
import { queryRows } from '../../db/client';
import { submittedOrder } from '../../test/cart-factories';
import { bearer, insertUser, tokenFor } from '../../test/factories';
import { createTestApp } from '../../test/test-app';

// Wednesday 25 November 2026, 17:00 UTC.
const now = '2026-11-25T17:00:00.000Z';
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Record<string, string>;
let support: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock(now) });
  admin = bearer(await tokenFor(t.db, (await insertUser(t.db, { roles: ['admin'] })).id));
  support = bearer(await tokenFor(t.db, (await insertUser(t.db, { roles: ['support'] })).id));
});
afterAll(() => t?.close());

const call = (headers: Record<string, string>, options: InjectOptions) =>
  t.app.inject({ ...options, headers: { ...options.headers, ...headers } });

describe('GET /api/internal/orders/:id/validation', () => {
  it('reports a price off the current tier and a line no longer listed, one sentence each', async () => {
    const order = await submittedOrder(t.db, t.app);
    const url = `/api/internal/orders/${order.orderId}/validation`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await call(order.buyer.headers, { method: 'GET', url })).statusCode).toBe(403);
    const clean = await call(support, { method: 'GET', url });
    expect(clean.statusCode, clean.body).toBe(200);
    expect(clean.json()).toEqual({ orderId: order.orderId, valid: true, problems: [] });
    await t.db.execute(
      sql`update availabilities set price_tiers = '[{"quantityMin":1,"price":3300}]'::jsonb
           where id = ${order.listing.availability.id}`,
    );
    const off = (await call(admin, { method: 'GET', url })).json();
    expect(off.valid).toBe(false);
    expect(off.problems).toEqual([
      expect.objectContaining({
        code: 'price_off_tier',
        message: expect.stringContaining('current price for 4 is $33.00'),
      }),
    ]);
    await t.db.execute(sql`delete from availabilities where id = ${order.listing.availability.id}`);
    const gone = (await call(admin, { method: 'GET', url })).json();
    expect(gone.problems.map((problem: { code: string }) => problem.code)).toEqual(['unlisted_line']);
  });
});

describe('POST /api/internal/orders/:id/sync', () => {
  it('re-sends the purchase order to the supplier by e-mail; support may not', async () => {
    const order = await submittedOrder(t.db, t.app);
    const url = `/api/internal/orders/${order.orderId}/sync`;
    expect((await call(support, { method: 'POST', url })).statusCode).toBe(403);
    const synced = await call(admin, { method: 'POST', url });
    expect(synced.statusCode, synced.body).toBe(200);
    expect(synced.json().sentTo).toEqual([order.supplierUser.email.toLowerCase()]);
    const mails = await queryRows<{ subject: string }>(
      t.db,
      sql`select subject from outbox_emails where to_address = ${order.supplierUser.email.toLowerCase()}
           and subject like '%re-sent%'`,
    );
    expect(mails).toHaveLength(1);
    await t.db.execute(sql`update orders set state = 'cancelled' where id = ${order.orderId}`);
    expect((await call(admin, { method: 'POST', url })).statusCode).toBe(422);
  });
});

describe('GET /api/internal/orders/caretaker', () => {
  it('lists orders waiting more than 2 business days, in review or with nobody to receive them, with reasons', async () => {
    const old = await submittedOrder(t.db, t.app);
    const fresh = await submittedOrder(t.db, t.app);
    // Friday 20 November 2026: Tuesday 24 at the same hour ended two business days.
    await t.db.execute(
      sql`update orders set submitted_at = '2026-11-20T15:00:00Z' where id = ${old.orderId}`,
    );
    await t.db.execute(
      sql`update orders set submitted_at = '2026-11-24T15:00:00Z' where id = ${fresh.orderId}`,
    );
    expect(
      (await call(old.buyer.headers, { method: 'GET', url: '/api/internal/orders/caretaker' })).statusCode,
    ).toBe(403);
    const quiet = await submittedOrder(t.db, t.app);
    // The quiet order's branch has no Order Communications contact and nobody who could get the defaults.
    await t.db.execute(
      sql`delete from notification_subscriptions where branch_id = ${quiet.listing.branch.id}`,
    );
    await t.db.execute(sql`update users set status = 'login_prohibited' where id = ${quiet.supplierUser.id}`);
    await t.db.execute(
      sql`update orders set submitted_at = '2026-11-24T15:00:00Z' where id = ${quiet.orderId}`,
    );
    const listed = await call(support, { method: 'GET', url: '/api/internal/orders/caretaker?perPage=100' });
    expect(listed.statusCode, listed.body).toBe(200);
    const rows = listed.json().results as { id: number; reasons: { code: string; message: string }[] }[];
    const codes = (id: number) => rows.find((row) => row.id === id)?.reasons.map((reason) => reason.code);
    expect(codes(old.orderId)).toEqual(['unanswered']);
    expect(codes(fresh.orderId)).toBeUndefined();
    expect(codes(quiet.orderId)).toEqual(['nobody_to_receive']);
  });
});
