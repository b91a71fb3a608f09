import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/clock';
import { queryRows } from '../../db/client';
import { submittedOrder } from '../../test/cart-factories';
import { insertUser } from '../../test/factories';
import { createTestApp } from '../../test/test-app';
import { sendDueReminders } from './reminders.service';

// Monday 23 November 2026, 6:00 in New York (the buyer has no address; the branch is in North Carolina).
const mondaySix = '2026-11-23T11:00:00Z';
let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock(mondaySix) });
});

afterAll(async () => {
  await t?.close();
});

async function order(values: { state: string; requestedOn?: string; submittedAt?: string }) {
  const placed = await submittedOrder(t.db, t.app);
  await t.db.execute(
    sql`update orders set state = ${values.state}, requested_on = ${values.requestedOn ?? null}::date,
               submitted_at = ${values.submittedAt ?? mondaySix}::timestamptz
         where id = ${placed.orderId}`,
  );
  return placed;
}

type ReminderMessage = {
  type: string;
  mailboxes: string[];
  payload: Record<string, unknown>;
  content: string;
};

async function remindersAbout(organizationId: number, type: string) {
  return queryRows<ReminderMessage>(
    t.db,
    sql`select m.message_type as type, m.content, m.event_payload as payload,
               array(select r.mailbox from message_receipts r where r.message_id = m.id order by r.mailbox) as mailboxes
          from messages m join message_threads th on th.id = m.thread_id
         where m.message_type = ${type}
           and (th.buyer_organization_id = ${organizationId} or th.supplier_organization_id = ${organizationId})
         order by m.id`,
  );
}

const outboxTo = (address: string) =>
  queryRows<{ subject: string; channel: string }>(
    t.db,
    sql`select subject, channel from outbox_emails where to_address = ${address} order by id`,
  );

describe('scheduled reminders', () => {
  it("sends each buyer's and branch's weekly schedule on Monday from 6:00 local, once, and e-mails it", async () => {
    const placed = await order({ state: 'confirmed', requestedOn: '2026-11-25' });
    const buyerOrg = placed.buyer.organization!.id;
    await t.db.execute(sql`update orders set requested_on = '2026-12-05' where id <> ${placed.orderId}`);

    expect(await sendDueReminders(t.db, new Date('2026-11-23T10:59:00Z'))).toBe(0);
    // Two processes at the same moment, and a restart an hour later: each reminder goes out once.
    const sent = await Promise.all([
      sendDueReminders(t.db, t.app.deps.clock.now()),
      sendDueReminders(t.db, t.app.deps.clock.now()),
    ]);
    expect(sent[0] + sent[1]).toBe(2);
    expect(await sendDueReminders(t.db, new Date('2026-11-23T12:00:00Z'))).toBe(0);

    const [buyerReminder] = await remindersAbout(buyerOrg, 'weekly_schedule_reminder');
    expect(buyerReminder.mailboxes).toEqual([`org:${buyerOrg}`]);
    expect(buyerReminder.payload).toMatchObject({
      orderCount: 1,
      startDate: '2026-11-23',
      endDate: '2026-11-29',
      days: [
        {
          date: '2026-11-25',
          orders: [expect.objectContaining({ id: placed.orderId, fulfillmentType: 'Pickup' })],
        },
      ],
    });
    const [branchReminder] = await remindersAbout(placed.listing.organizationId, 'weekly_schedule_reminder');
    expect(branchReminder.mailboxes).toEqual([`org:${placed.listing.organizationId}`]);

    // It is a message in the buyer's inbox, and the subscribed e-mail hears of it.
    const inbox = await t.app.inject({
      method: 'GET',
      url: '/api/v1/messages',
      headers: placed.buyer.headers,
    });
    expect(inbox.json().results.map((message: { messageType: string }) => message.messageType)).toContain(
      'weekly_schedule_reminder',
    );
    await t.app.deps.jobs.drain();
    expect((await outboxTo(placed.buyer.user.email)).map((mail) => mail.subject)).toContain(
      'Weekly schedule: Your week ahead',
    );
  });

  it('honours the weekly reminder switch of /preferences/edit', async () => {
    const placed = await order({ state: 'confirmed', requestedOn: '2026-11-24' });
    await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/current/preferences',
      headers: placed.buyer.headers,
      payload: { emailScheduleReminders: false },
    });
    await sendDueReminders(t.db, new Date('2026-11-23T13:00:00Z'));
    expect(await remindersAbout(placed.buyer.organization!.id, 'weekly_schedule_reminder')).toHaveLength(1);
    await t.app.deps.jobs.drain();
    expect((await outboxTo(placed.buyer.user.email)).map((mail) => mail.subject)).not.toContain(
      'Weekly schedule: Your week ahead',
    );
    // The branch's contact, whose switch is on, still hears of its own week.
    expect((await outboxTo(placed.supplierUser.email)).map((mail) => mail.subject)).toContain(
      `Weekly schedule: ${placed.listing.branch.name}: Your week ahead`,
    );
  });

  it('reminds the buyer the day before an expected order, from 6:00 local, once', async () => {
    const placed = await order({ state: 'confirmed', requestedOn: '2026-11-26' });
    const buyerOrg = placed.buyer.organization!.id;
    await sendDueReminders(t.db, new Date('2026-11-24T12:00:00Z'));
    expect(await remindersAbout(buyerOrg, 'upcoming_order_reminder_buyer')).toHaveLength(0);
    await sendDueReminders(t.db, new Date('2026-11-25T10:59:00Z'));
    expect(await remindersAbout(buyerOrg, 'upcoming_order_reminder_buyer')).toHaveLength(0);
    await sendDueReminders(t.db, new Date('2026-11-25T11:00:00Z'));
    await sendDueReminders(t.db, new Date('2026-11-25T18:00:00Z'));
    const reminders = await remindersAbout(buyerOrg, 'upcoming_order_reminder_buyer');
    expect(reminders).toHaveLength(1);
    expect(reminders[0].mailboxes).toEqual([`org:${buyerOrg}`]);
    expect(reminders[0].content).toMatch(/is expected tomorrow \(Thu, Nov 26\)/);
    await t.app.deps.jobs.drain();
    expect((await outboxTo(placed.buyer.user.email)).map((mail) => mail.subject)).toContain(
      `Order ${await orderNumberOf(placed.orderId)} (Job site A): Order due tomorrow`,
    );
  });

  it('reminds the branch and staff of an order unanswered for 2 business days, once', async () => {
    const admin = await insertUser(t.db, { roles: ['admin'] });
    // Sent on Friday afternoon: due Tuesday at the same hour, not counting the weekend.
    const placed = await order({ state: 'purchase_order_sent', submittedAt: '2026-11-20T15:00:00Z' });
    const supplierOrg = placed.listing.organizationId;
    await sendDueReminders(t.db, new Date('2026-11-24T14:59:00Z'));
    expect(await remindersAbout(supplierOrg, 'past_due_order_reminder')).toHaveLength(0);
    await sendDueReminders(t.db, new Date('2026-11-24T15:00:00Z'));
    await sendDueReminders(t.db, new Date('2026-11-25T15:00:00Z'));
    const reminders = await remindersAbout(supplierOrg, 'past_due_order_reminder');
    expect(reminders).toHaveLength(1);
    expect(reminders[0].mailboxes).toEqual([`org:${supplierOrg}`, 'staff']);
    await t.app.deps.jobs.drain();
    const subject = `Order ${await orderNumberOf(placed.orderId)} (Job site A): Order waiting for an answer`;
    expect((await outboxTo(placed.supplierUser.email)).map((mail) => mail.subject)).toContain(subject);
    expect((await outboxTo(admin.email)).map((mail) => mail.subject)).toContain(subject);
    expect((await outboxTo(placed.buyer.user.email)).map((mail) => mail.subject)).not.toContain(subject);
  });
});

async function orderNumberOf(id: number) {
  const [row] = await queryRows<{ n: string }>(
    t.db,
    sql`select order_number as n from orders where id = ${id}`,
  );
  return row.n;
}
