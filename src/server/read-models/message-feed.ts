// Read model: a thread's messages for its event feed, each with its sender (user, organisation and
// logo, or the staff title) and the thread's subject names.

import { sql } from 'drizzle-orm';
import type { Executor } from '../core/database';
import { queryRows } from '../db/client';

export type FeedRow = {
  id: number;
  thread_id: number;
  message_type: string;
  content: string;
  created_at: Date;
  sender_mailbox: string;
  sender_user_id: number | null;
  sender_title: string | null;
  sender_first_name: string | null;
  sender_last_name: string | null;
  sending_organization_id: number | null;
  sending_organization_name: string | null;
  sending_organization_logo: string | null;
  event_kind: string | null;
  event_name: string | null;
  event_payload: Record<string, unknown> | null;
  event_version: number | null;
};

export async function feedMessages(db: Executor, threadId: number) {
  return queryRows<FeedRow>(
    db,
    sql`select m.id::int, m.thread_id::int, m.message_type, m.content, m.created_at, m.sender_mailbox,
               m.sender_user_id::int, m.sender_title, u.first_name as sender_first_name,
               u.last_name as sender_last_name, m.sending_organization_id::int,
               o.name as sending_organization_name, (select lb.logo_url from branches lb
                 where lb.organization_id = m.sending_organization_id and lb.logo_url is not null
                 order by lb.is_primary desc, lb.id limit 1) as sending_organization_logo,
               m.event_kind, m.event_name, m.event_payload, m.event_version
          from messages m
          left join users u on u.id = m.sender_user_id
          left join organizations o on o.id = m.sending_organization_id
         where m.thread_id = ${threadId}
         order by m.id`,
  );
}

export type ThreadHeadRow = {
  buyer_organization_name: string | null;
  supplier_organization_name: string | null;
  order_number: string | null;
  order_name: string | null;
  order_state: string | null;
  order_version: number | null;
  cart_number: string | null;
  cart_name: string | null;
  branch_name: string | null;
  owner_full_name: string | null;
  requested_by_full_name: string | null;
};

export async function threadHead(db: Executor, threadId: number) {
  const [row] = await queryRows<ThreadHeadRow>(
    db,
    sql`select bo.name as buyer_organization_name, spo.name as supplier_organization_name,
               o.order_number, o.name as order_name, o.state as order_state, o.version as order_version,
               c.cart_number, c.name as cart_name, b.name as branch_name,
               ow.first_name || ' ' || ow.last_name as owner_full_name,
               rq.first_name || ' ' || rq.last_name as requested_by_full_name
          from message_threads t
          left join organizations bo on bo.id = t.buyer_organization_id
          left join organizations spo on spo.id = t.supplier_organization_id
          left join orders o on o.id = t.order_id
          left join carts c on c.id = t.cart_id
          left join branches b on b.id = t.branch_id
          left join users ow on ow.id = t.owner_user_id
          left join users rq on rq.id = t.requested_by_user_id
         where t.id = ${threadId}`,
  );
  return row ?? null;
}
