import { sql } from 'drizzle-orm';
import type { Caller } from '../../core/caller';
import type { Db } from '../../core/database';
import type { SessionRow } from '../../modules/auth/auth.repository';
import { assignOwner } from '../../modules/messages/message-inbox.service';
import { reply } from '../../modules/messages/message-replies.service';
import { postOrderEventMessage } from '../../modules/messages/messages.service';
import { findUserByEmail } from '../../modules/users/users.service';
import { findUserProfile } from '../../read-models/user-profiles';
import type { FileStorage } from '../../storage/file-storage';
import { queryRows } from '../client';

/** The seed writes no files: written demo messages have no attachments. */
const noFiles: FileStorage = {
  put: () => Promise.reject(new Error('The demo seed stores no files')),
  get: async () => null,
  remove: async () => undefined,
  whileRemovalsWait: (work) => work(),
};

async function callerFor(db: Db, email: string): Promise<Caller | null> {
  const user = await findUserByEmail(db, email);
  const profile = user && (await findUserProfile(db, user.id));
  if (!user || !profile) return null;
  return { user, profile, session: { id: 0 } as SessionRow, impersonatorUserId: null };
}

/** A few conversations on the demo orders: [order position, who writes, text], oldest first. */
const conversations: [number, 'buyer' | 'supplier' | 'admin', string][] = [
  [4, 'buyer', 'Can we move the pickup to first thing Tuesday? Our crew is on site by 7.'],
  [4, 'supplier', 'Tuesday at 7 works. The order will be staged at dock 2.'],
  [6, 'buyer', 'Is there any flexibility on the quantity change? We need at least 20 for the entry beds.'],
  [6, 'supplier', 'We can do 18 now and the rest in two weeks if that helps.'],
  [9, 'supplier', 'Heads up: the boxwoods are freshly balled, please keep them watered on site.'],
  [11, 'buyer', 'Checking in on this one, the client asked for a delivery window.'],
  [11, 'admin', 'We are coordinating with the grower and will confirm a window by tomorrow.'],
];

/**
 * Demo messages (issue 15): the submissions already posted their messages through the cart
 * workflow; the later steps demo-orders wrote directly get theirs through the messages service, a
 * few written conversations follow, and everything is dated like the events so the inbox reads as
 * thirty lived-in days. Older threads are read. Idempotent: does nothing once a written message exists.
 */
export async function seedDemoMessages(db: Db) {
  const [{ count }] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from messages where message_type = 'free_text_message'`,
  );
  if (count > 0) return;
  const buyer = await callerFor(db, 'buyer@demo.hedgerow.test');
  const supplier = await callerFor(db, 'supplier@demo.hedgerow.test');
  const admin = await callerFor(db, 'admin@demo.hedgerow.test');
  if (!buyer || !supplier || !admin) return;
  const orders = await queryRows<{ id: number; supplier_organization_id: number }>(
    db,
    sql`select o.id::int, o.supplier_organization_id::int from orders o
         where o.buyer_organization_id = ${buyer.user.organizationId} order by o.id`,
  );
  if (orders.length === 0) return;

  // The later steps of demo-orders (confirm, fulfil, cancel, proposals), as the supplier's people.
  const missing = await queryRows<{
    order_id: number;
    name: string;
    from_state: string;
    to_state: string;
    user_id: number | null;
    version: number;
  }>(
    db,
    sql`select e.order_id::int, e.name, e.from_state, e.to_state,
               (select u.id::int from users u where u.organization_id = o.supplier_organization_id
                 order by u.id limit 1) as user_id, o.version
          from order_events e join orders o on o.id = e.order_id
         where o.buyer_organization_id = ${buyer.user.organizationId}
           and e.name not in ('submit', 'send_purchase_order')
           and not exists (select 1 from messages m join message_threads t on t.id = m.thread_id
                            where t.order_id = e.order_id and m.event_name = e.name)
         order by e.created_at, e.id`,
  );
  await db.transaction(async (tx) => {
    for (const event of missing)
      await postOrderEventMessage(tx, {
        orderId: event.order_id,
        name: event.name,
        fromState: event.from_state,
        toState: event.to_state,
        userId: event.user_id,
        payload: { version: event.version },
      });
  });

  const callers = { buyer, supplier, admin };
  const blueRidge = supplier.user.organizationId;
  for (const [position, who, content] of conversations) {
    // The supplier only writes about its own orders; others' orders get the buyer's and staff's lines.
    const order = orders[position];
    if (!order) continue;
    if (who === 'supplier' && order.supplier_organization_id !== blueRidge) continue;
    const [thread] = await queryRows<{ id: number }>(
      db,
      sql`select id::int from message_threads where order_id = ${order.id}`,
    );
    if (!thread) continue;
    await reply(db, noFiles, callers[who], thread.id, { content, files: [] });
    if (who === 'admin') await assignOwner(db, admin, thread.id, admin.user.id);
  }

  // Date every message like what it reports: events at their event, submissions at the submission,
  // written messages a few hours after the thread's latest event.
  await db.execute(sql`update messages m set created_at = coalesce(
        (select max(e.created_at) from order_events e join message_threads t on t.order_id = e.order_id
          where t.id = m.thread_id and e.name = m.event_name),
        (select o.submitted_at from message_threads t join orders o on o.id = t.order_id
          where t.id = m.thread_id and m.event_name = 'new_order_received'),
        (select c.submitted_at from message_threads t join carts c on c.id = t.cart_id
          where t.id = m.thread_id and c.submitted_at is not null),
        m.created_at)
      where m.thread_id in (select t.id from message_threads t
                             left join orders o on o.id = t.order_id left join carts c on c.id = t.cart_id
                            where coalesce(o.buyer_organization_id, c.organization_id) = ${buyer.user.organizationId})`);
  await db.execute(sql`update messages m set created_at = least(now(), (
        select max(x.created_at) from messages x where x.thread_id = m.thread_id and x.event_name is not null
      ) + (m.id - (select min(y.id) from messages y where y.thread_id = m.thread_id
                    and y.message_type = 'free_text_message') + 2) * interval '3 hours')
      where m.message_type = 'free_text_message'`);
  await db.execute(sql`update thread_mailboxes tm set
        last_received_at = (select m.created_at from messages m where m.id = tm.last_received_message_id),
        last_sent_at = (select m.created_at from messages m where m.id = tm.last_sent_message_id)`);
  await db.execute(sql`update message_threads t set last_message_at = coalesce(
        (select max(m.created_at) from messages m where m.thread_id = t.id), t.last_message_at)`);
  // What is older than five days has been read.
  await db.execute(sql`update message_receipts r set response_status = 'read'
      from messages m where m.id = r.message_id and m.created_at < now() - interval '5 days'`);
  await db.execute(sql`update thread_mailboxes tm set unread_count = (
        select count(*)::int from message_receipts r
         where r.thread_id = tm.thread_id and r.mailbox = tm.mailbox and r.response_status = 'unread')`);
}
