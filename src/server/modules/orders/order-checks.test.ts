import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nobodyToSyncMessage } from '../../../domain/orders/order-checks';
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
  it('records purchase_order_resent: a message in the thread, e-mailed to the subscribed contacts; support may not', async () => {
    const order = await submittedOrder(t.db, t.app);
    const url = `/api/internal/orders/${order.orderId}/sync`;
    expect((await call(support, { method: 'POST', url })).statusCode).toBe(403);
    // The new order's notification gave the supplier its default subscriptions (its first member).
    await t.app.deps.jobs.drain();
    // A second Order Communications contact of the branch hears of it too; a user who is not subscribed does not.
    const contactEmail = `orders-${order.orderId}@example.test`;
    await t.db.execute(
      sql`with contact as (
            insert into notification_contacts (organization_id, notification_method, notification_destination)
            values (${order.listing.organizationId}, 'Email', ${contactEmail}) returning id)
          insert into notification_subscriptions (notification_contact_id, key, branch_id, unsubscribe_token)
          select id, 'branch_order_notification', ${order.listing.branch.id}, md5(random()::text) from contact`,
    );
    const synced = await call(admin, { method: 'POST', url });
    expect(synced.statusCode, synced.body).toBe(200);
    expect([...synced.json().sentTo].sort()).toEqual(
      [order.supplierUser.email.toLowerCase(), contactEmail].sort(),
    );
    const events = await queryRows<{ name: string; from_state: string; to_state: string }>(
      t.db,
      sql`select name, from_state, to_state from order_events
           where order_id = ${order.orderId} and name = 'purchase_order_resent'`,
    );
    expect(events).toEqual([
      { name: 'purchase_order_resent', from_state: 'purchase_order_sent', to_state: 'purchase_order_sent' },
    ]);
    const posted = await queryRows<{ message_type: string; content: string }>(
      t.db,
      sql`select m.message_type, m.content from messages m join message_threads th on th.id = m.thread_id
           where th.order_id = ${order.orderId} and m.message_type = 'order_sent'`,
    );
    expect(posted).toHaveLength(1);
    expect(posted[0].content).toContain('was sent again');
    await t.app.deps.jobs.drain();
    const [{ order_number: orderNumber }] = await queryRows<{ order_number: string }>(
      t.db,
      sql`select order_number from orders where id = ${order.orderId}`,
    );
    const mails = await queryRows<{ to_address: string; subject: string; text_body: string }>(
      t.db,
      sql`select to_address, subject, text_body from outbox_emails
           where subject like ${`Order ${orderNumber} purchase order re-sent%`} order by to_address`,
    );
    expect(mails.map((mail) => mail.to_address).sort()).toEqual(
      [order.supplierUser.email.toLowerCase(), contactEmail].sort(),
    );
    expect(mails[0].text_body).toContain('Please confirm it or propose changes.');
    expect(mails[0].text_body).toContain('Unsubscribe: ');
    await t.db.execute(sql`update orders set state = 'cancelled' where id = ${order.orderId}`);
    expect((await call(admin, { method: 'POST', url })).statusCode).toBe(422);
  });

  it("refuses, recording nothing, when nobody is subscribed to the branch's Order Communications", async () => {
    const order = await submittedOrder(t.db, t.app);
    await t.app.deps.jobs.drain();
    await t.db.execute(
      sql`update notification_subscriptions set active = false where branch_id = ${order.listing.branch.id}`,
    );
    const refused = await call(admin, { method: 'POST', url: `/api/internal/orders/${order.orderId}/sync` });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(nobodyToSyncMessage);
    const events = await queryRows(
      t.db,
      sql`select 1 from order_events where order_id = ${order.orderId} and name = 'purchase_order_resent'`,
    );
    expect(events).toHaveLength(0);
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
