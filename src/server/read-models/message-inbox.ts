// Read model: the inbox of one mailbox (an organisation's or staff's): a page of threads with the
// message each row shows, its sender and subject (order, cart, branch, owner), the unread counts by
// label and the filter choices. Reads thread_mailboxes first (its indexes give the page), then joins
// the page's few rows to messages, organisations, users, orders and carts.

import { type SQL, sql } from 'drizzle-orm';
import type { MessageView } from '../../domain/messages/message-types';
import type { Executor } from '../core/database';
import { bigintArray, pageWindow, queryRows, queryRowsPrepared } from '../db/client';
import { containsPattern } from '../db/like-pattern';

export type InboxFilter = {
  mailbox: string;
  view: MessageView;
  label?: string;
  messageType?: string;
  query?: string;
  requestedByUserId?: number;
  branchId?: number;
  assignedToUserId?: number;
  /** Only these organisations' threads (a supplier's branches are filtered through the thread). */
  limit: number;
  offset: number;
};

export type InboxRow = {
  thread_id: number;
  message_id: number;
  unread_count: number;
  message_count: number;
  archived: boolean;
  at: Date;
  message_type: string;
  content: string;
  created_at: Date;
  sender_mailbox: string;
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
  responded_at: Date | null;
  subject_type: string;
  subject_line: string;
  label: string;
  buyer_organization_id: number | null;
  buyer_organization_name: string | null;
  supplier_organization_id: number | null;
  supplier_organization_name: string | null;
  order_id: number | null;
  order_number: string | null;
  order_name: string | null;
  cart_id: number | null;
  cart_number: string | null;
  cart_name: string | null;
  branch_id: number | null;
  branch_name: string | null;
  branch_slug: string | null;
  owner_user_id: number | null;
  owner_full_name: string | null;
  requested_by_user_id: number | null;
  requested_by_full_name: string | null;
};

function whereOf(filter: InboxFilter) {
  const sent = filter.view === 'sent';
  const conditions: SQL[] = [sql`tm.mailbox = ${filter.mailbox}`];
  if (sent) conditions.push(sql`tm.last_sent_at is not null`);
  else {
    conditions.push(sql`tm.last_received_at is not null`);
    conditions.push(filter.view === 'archived' ? sql`tm.archived` : sql`not tm.archived`);
    if (filter.view === 'unread') conditions.push(sql`tm.unread_count > 0`);
    if (filter.view === 'read') conditions.push(sql`tm.unread_count = 0`);
  }
  if (filter.label) conditions.push(sql`tm.label = ${filter.label}`);
  // The mailbox's row holds the thread's search text: a search reads thread_mailboxes alone.
  if (filter.query)
    conditions.push(sql`tm.search_folded like ${containsPattern(filter.query.toLowerCase())}`);
  const threadConditions: SQL[] = [];
  if (filter.requestedByUserId !== undefined)
    threadConditions.push(sql`t.requested_by_user_id = ${filter.requestedByUserId}`);
  if (filter.branchId !== undefined) threadConditions.push(sql`t.branch_id = ${filter.branchId}`);
  if (filter.assignedToUserId !== undefined)
    threadConditions.push(sql`t.owner_user_id = ${filter.assignedToUserId}`);
  if (filter.messageType)
    threadConditions.push(
      sql`exists (select 1 from messages fm where fm.id = ${sent ? sql`tm.last_sent_message_id` : sql`tm.last_received_message_id`} and fm.message_type = ${filter.messageType})`,
    );
  // Which conditions there are (their values are parameters): one SQL text, so one prepared statement,
  // per shape. Planning the page's dozen joins cost more than running them.
  const shape = [
    filter.view,
    filter.label ? 'l' : '',
    filter.query ? 'q' : '',
    filter.requestedByUserId !== undefined ? 'r' : '',
    filter.branchId !== undefined ? 'b' : '',
    filter.assignedToUserId !== undefined ? 'a' : '',
    filter.messageType ? 'm' : '',
  ].join('');
  return {
    sent,
    shape,
    join: threadConditions.length > 0 ? sql`join message_threads t on t.id = tm.thread_id` : sql``,
    where: sql.join([...conditions, ...threadConditions], sql` and `),
  };
}

/**
 * What a page row shows, joined to the page's few threads: the message, its sender, the subject (order,
 * cart, branch) and the people. `page` is a CTE of (thread_id, message_id, unread_count,
 * message_count, archived, at).
 */
const rowsOfPage = (extra = sql``) => sql`
        select p.thread_id::int, p.message_id::int, p.unread_count, p.message_count, p.archived, p.at,
               m.message_type, left(m.content, 300) as content, m.created_at, m.sender_mailbox, m.sender_title,
               su.first_name as sender_first_name, su.last_name as sender_last_name,
               m.sending_organization_id::int, so.name as sending_organization_name,
               (select lb.logo_url from branches lb
                 where lb.organization_id = m.sending_organization_id and lb.logo_url is not null
                 order by lb.is_primary desc, lb.id limit 1) as sending_organization_logo,
               m.event_kind, m.event_name, m.event_payload, m.event_version,
               (select r.created_at from purchase_order_responses r
                 where r.order_id = t.order_id and r.version = m.event_version
                   and m.message_type in ('new_order_received', 'order_sent')) as responded_at,
               t.subject_type, t.subject_line, t.label,
               t.buyer_organization_id::int, bo.name as buyer_organization_name,
               t.supplier_organization_id::int, spo.name as supplier_organization_name,
               t.order_id::int, o.order_number, o.name as order_name,
               t.cart_id::int, c.cart_number, c.name as cart_name,
               t.branch_id::int, b.name as branch_name, b.slug as branch_slug,
               t.owner_user_id::int, ow.first_name || ' ' || ow.last_name as owner_full_name,
               t.requested_by_user_id::int, rq.first_name || ' ' || rq.last_name as requested_by_full_name${extra}
          from page p
          join messages m on m.id = p.message_id
          join message_threads t on t.id = p.thread_id
          left join users su on su.id = m.sender_user_id
          left join organizations so on so.id = m.sending_organization_id
          left join organizations bo on bo.id = t.buyer_organization_id
          left join organizations spo on spo.id = t.supplier_organization_id
          left join orders o on o.id = t.order_id
          left join carts c on c.id = t.cart_id
          left join branches b on b.id = t.branch_id
          left join users ow on ow.id = t.owner_user_id
          left join users rq on rq.id = t.requested_by_user_id
         order by p.at desc, p.thread_id desc`;

/** One page of a mailbox's threads in a view, newest first, and how many there are in all. */
export async function listInbox(db: Executor, filter: InboxFilter) {
  const { sent, shape, join, where } = whereOf(filter);
  const at = sent ? sql`tm.last_sent_at` : sql`tm.last_received_at`;
  const messageId = sent ? sql`tm.last_sent_message_id` : sql`tm.last_received_message_id`;
  const window = pageWindow(filter.limit, filter.offset);
  // "nulls last" as the indexes are built: the page is read off the index, no sort.
  const order = sql`order by ${at} desc nulls last, tm.thread_id desc nulls last`;
  let threadIds: number[];
  let count: number;
  if (filter.query) {
    // A search chooses its threads once, for the total and the page, in a statement planned for its
    // pattern: a rare term is found through the trigram index, a common one by walking the mailbox's
    // rows (a generic plan chose the trigram index for every pattern: 7.1 ms against 3.9 ms for a word
    // every thread holds). Walking the mailbox's index for a page of a rare term tested most of the
    // mailbox's threads a second time.
    const chosen = await queryRows<{ thread_id: string | null; total: number }>(
      db,
      sql`with chosen as (
            select tm.thread_id, ${at} as at from thread_mailboxes tm ${join} where ${where}
          )
          select page.thread_id, counted.total
            from (select count(*)::int as total from chosen) counted
            left join (select c.thread_id, c.at from chosen c
                        order by c.at desc nulls last, c.thread_id desc nulls last ${window.clause}) page on true
           order by page.at desc nulls last, page.thread_id desc nulls last`,
    );
    count = chosen[0]?.total ?? 0;
    threadIds = chosen.filter((row) => row.thread_id !== null).map((row) => Number(row.thread_id));
  } else {
    const countQuery = sql`select count(*)::int as count from thread_mailboxes tm ${join} where ${where}`;
    const pageQuery = sql`select tm.thread_id, ${messageId} as message_id, tm.unread_count, tm.message_count,
             tm.archived, ${at} as at
        from thread_mailboxes tm ${join}
       where ${where}
       ${order}
       ${window.clause}`;
    if (window.preparable) {
      // A first page brings its total along (one statement, not two); past the end, the total alone.
      const rows = await queryRowsPrepared<InboxRow & { total_count: number }>(
        db,
        `inbox_page_${shape}_${window.key}`,
        sql`with page as (${pageQuery}) ${rowsOfPage(sql`, (${countQuery}) as total_count`)}`,
      );
      if (rows.length > 0) return { rows, totalCount: rows[0].total_count };
      [{ count }] = await queryRowsPrepared<{ count: number }>(db, `inbox_count_${shape}`, countQuery);
      return { rows: [] as InboxRow[], totalCount: count };
    }
    [{ count }] = await queryRowsPrepared<{ count: number }>(db, `inbox_count_${shape}`, countQuery);
    if (count === 0 || filter.offset >= count) return { rows: [] as InboxRow[], totalCount: count };
    // A far page: its threads are chosen by a statement planned for it.
    threadIds = (await queryRows<{ thread_id: string }>(db, pageQuery)).map((row) => Number(row.thread_id));
  }
  if (threadIds.length === 0) return { rows: [] as InboxRow[], totalCount: count };
  // The dozen joins of the chosen threads' rows, by a prepared statement (planning those joins cost
  // more than running them: 2 to 4 ms).
  const rows = await queryRowsPrepared<InboxRow>(
    db,
    `inbox_rows_${sent ? 'sent' : 'received'}`,
    sql`with page as (
          select tm.thread_id, ${messageId} as message_id, tm.unread_count, tm.message_count, tm.archived,
                 ${at} as at
            from unnest(${bigintArray(threadIds)}) as chosen(thread_id)
            join thread_mailboxes tm on tm.mailbox = ${filter.mailbox} and tm.thread_id = chosen.thread_id
        ) ${rowsOfPage()}`,
  );
  return { rows, totalCount: count };
}

/** Unread threads in a mailbox's inbox (archived ones aside), by label. */
export async function unreadCountsByLabel(db: Executor, mailbox: string) {
  return queryRowsPrepared<{ label: string; count: number }>(
    db,
    'inbox_unread_by_label',
    sql`select label, count(*)::int as count from thread_mailboxes
         where mailbox = ${mailbox} and unread_count > 0 and not archived
         group by label`,
  );
}

/** The choices of the filter panel: who requested the mailbox's threads, their branches, their owners. */
export async function filterChoices(db: Executor, mailbox: string) {
  const requestedBy = await queryRows<{ id: number; fullName: string }>(
    db,
    sql`select u.id::int, u.first_name || ' ' || u.last_name as "fullName" from users u
         where u.id in (select t.requested_by_user_id from thread_mailboxes tm
                          join message_threads t on t.id = tm.thread_id where tm.mailbox = ${mailbox})
         order by u.first_name, u.last_name limit 999`,
  );
  const branches = await queryRows<{ id: number; name: string }>(
    db,
    sql`select b.id::int, b.name from branches b
         where b.id in (select t.branch_id from thread_mailboxes tm
                          join message_threads t on t.id = tm.thread_id where tm.mailbox = ${mailbox})
         order by b.name`,
  );
  const assignees = await queryRows<{ id: number; fullName: string }>(
    db,
    sql`select u.id::int, u.first_name || ' ' || u.last_name as "fullName" from users u
         where u.roles && array['admin', 'logistics_admin']::text[]
         order by u.first_name, u.last_name limit 999`,
  );
  return { requestedBy, branches, assignees };
}
