import pg from 'pg';
import { withBenchPostgres } from './support/databases';
import { load } from './support/load';
import { signInToken, startServer } from './support/server';

const password = 'hedgerow-demo';
const threadsCount = 5_000;
const messagesPerThread = 4;

/**
 * 5,000 threads of the demo buyer with the demo supplier's branches, four messages each (20,000),
 * written the way the messages service writes them: the messages, an unread or read receipt for the
 * other side, and each side's thread row (labels in turn, one in five receipts unread, one in ten of
 * the supplier's threads archived), one thread every 7 minutes back from now.
 */
export async function insertMessages(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `with buyer as (
         select u.id as user_id, u.organization_id from users u where u.email = 'buyer@demo.hedgerow.test'
       ), supplier as (
         select b.id as branch_id, b.organization_id, row_number() over (order by b.id) - 1 as n,
                count(*) over () as branches
           from branches b join users u on u.organization_id = b.organization_id
          where u.email = 'supplier@demo.hedgerow.test'
       )
       insert into message_threads (subject_type, branch_id, buyer_organization_id, supplier_organization_id,
                                    requested_by_user_id, label, subject_line, search_text, last_message_at)
       select 'branch', supplier.branch_id, buyer.organization_id, supplier.organization_id, buyer.user_id,
              (array['Order', 'Order', 'Order', 'Freight Estimate', 'Photo Request', 'Free text message'])[1 + g % 6],
              'Bench ' || (array['Riverside Park', 'Maple Court', 'Cedar Hills', 'Oak Street', 'Summit Medical',
                                 'Willow Creek', 'Lakeview', 'Founders Plaza'])[1 + g % 8] || ' ' || (g % 400),
              'Bench ' || (array['Riverside Park', 'Maple Court', 'Cedar Hills', 'Oak Street', 'Summit Medical',
                                 'Willow Creek', 'Lakeview', 'Founders Plaza'])[1 + g % 8] || ' ' || (g % 400)
                || ' J-' || (g % 1000) || ' Greenline Landscaping Blue Ridge Growers',
              now() - g * interval '7 minutes'
         from generate_series(1, $1::int) g cross join buyer join supplier on supplier.n = g % supplier.branches`,
      [threadsCount],
    );
    await client.query(
      `insert into messages (thread_id, message_type, content, sender_user_id, sending_organization_id,
                             sender_mailbox, created_at)
       select t.id,
              case t.label when 'Freight Estimate' then 'freight_quote_request' when 'Photo Request' then 'photo_request'
                           when 'Order' then 'order_updated' else 'free_text_message' end,
              'Bench message ' || k || ' about ' || t.subject_line,
              case when (k + t.id) % 2 = 1 then t.requested_by_user_id end,
              case when (k + t.id) % 2 = 1 then t.buyer_organization_id else t.supplier_organization_id end,
              'org:' || case when (k + t.id) % 2 = 1 then t.buyer_organization_id else t.supplier_organization_id end,
              t.last_message_at - ($1::int - k) * interval '1 minute'
         from message_threads t cross join generate_series(1, $1::int) k
        where t.subject_line like 'Bench %'`,
      [messagesPerThread],
    );
    await client.query(
      `insert into message_receipts (message_id, thread_id, mailbox, response_status, created_at)
       select m.id, m.thread_id,
              case when m.sender_mailbox = 'org:' || t.buyer_organization_id
                   then 'org:' || t.supplier_organization_id else 'org:' || t.buyer_organization_id end,
              case when m.id % 5 = 0 then 'unread' else 'read' end, m.created_at
         from messages m join message_threads t on t.id = m.thread_id
        where t.subject_line like 'Bench %'`,
    );
    await client.query(
      `insert into thread_mailboxes (thread_id, mailbox, label, archived, unread_count, message_count,
                                     last_received_message_id, last_received_at, last_sent_message_id, last_sent_at)
       select t.id, mb.mailbox, t.label,
              mb.mailbox = 'org:' || t.supplier_organization_id and t.id % 10 = 0,
              (select count(*) from message_receipts r
                where r.thread_id = t.id and r.mailbox = mb.mailbox and r.response_status = 'unread'),
              $1::int, received.id, received.created_at, sent.id, sent.created_at
         from message_threads t
        cross join lateral (values ('org:' || t.buyer_organization_id), ('org:' || t.supplier_organization_id)) mb(mailbox)
         left join lateral (select m.id, m.created_at from messages m join message_receipts r on r.message_id = m.id
                             where m.thread_id = t.id and r.mailbox = mb.mailbox order by m.id desc limit 1) received on true
         left join lateral (select m.id, m.created_at from messages m
                             where m.thread_id = t.id and m.sender_mailbox = mb.mailbox order by m.id desc limit 1) sent on true
        where t.subject_line like 'Bench %'`,
      [messagesPerThread],
    );
    for (const table of ['message_threads', 'messages', 'message_receipts', 'thread_mailboxes'])
      await client.query(`vacuum analyze ${table}`);
  } finally {
    await client.end();
  }
}

async function measure(databaseUrl: string) {
  const server = await startServer({ DATABASE_URL: databaseUrl, DEMO_PASSWORD: password });
  try {
    await insertMessages(databaseUrl);
    const token = await signInToken(server.url, 'supplier@demo.hedgerow.test', password);
    const headers = { authorization: `Bearer ${token}` };
    const base = '/api/v1/messages?view=inbox&perPage=20';
    const firstPages = [base, `${base}&page=2`, `${base}&page=3`];
    const labels = ['Order', 'Freight%20Estimate', 'Photo%20Request'].flatMap((label) =>
      [1, 2].map((page) => `${base}&messageLabel=${label}&page=${page}`),
    );
    const searches = ['riverside', 'J-12', 'maple%20court%2012', 'greenline'].map(
      (query) => `${base}&query=${query}`,
    );
    const paths = [...firstPages, ...labels, ...searches];
    const check = await fetch(`${server.url}${base}`, { headers });
    const first = (await check.json()) as { totalCount: number };
    if (!check.ok || first.totalCount < threadsCount / 2)
      throw new Error(`unexpected first page: ${check.status} ${JSON.stringify(first).slice(0, 200)}`);
    await load({ url: server.url, connections: 20, durationSeconds: 2, headers, paths });
    const result = await load({ url: server.url, connections: 20, durationSeconds: 10, headers, paths });
    const parts = [];
    for (const [label, part] of [
      ['first pages', firstPages],
      ['label filters', labels],
      ['searches', searches],
    ] as const)
      parts.push({
        label,
        run: await load({ url: server.url, connections: 20, durationSeconds: 5, headers, paths: [...part] }),
      });
    const unread = await load({
      url: server.url,
      connections: 20,
      durationSeconds: 5,
      headers,
      paths: ['/api/v1/message_threads/unread_count'],
    });
    for (const run of [result, unread, ...parts.map((part) => part.run)]) {
      if (run.non2xx > 0 || run.errors > 0) throw new Error(`${run.non2xx} non-2xx, ${run.errors} errors`);
    }
    return { result, parts, unread, inboxCount: first.totalCount };
  } finally {
    await server.stop();
  }
}

/** The supplier's inbox on PostgreSQL with 20,000 messages in 5,000 threads (issue 15). */
export async function benchMessages() {
  const measured = await withBenchPostgres('messages', measure);
  if (!measured) return null;
  const { result, parts, unread, inboxCount } = measured;
  console.info(
    `\nMessages inbox on PostgreSQL (${(threadsCount * messagesPerThread).toLocaleString('en-US')} messages in ${threadsCount.toLocaleString('en-US')} threads, ${inboxCount} in the supplier's inbox)`,
  );
  console.info(
    `  GET messages: first pages, label filters and searches, 20 connections   ${result.requestsPerSecond} req/s  p50 ${result.p50} ms  p95 ${result.p95} ms  p99 ${result.p99} ms   ${result.p95 <= 40 ? 'meets target' : 'MISSES target'} (p95 <= 40 ms)`,
  );
  for (const { label, run } of parts)
    console.info(
      `  of which ${label}, 20 connections, 5 s   ${run.requestsPerSecond} req/s  p50 ${run.p50} ms  p95 ${run.p95} ms`,
    );
  console.info(
    `  GET message_threads/unread_count, 20 connections   ${unread.requestsPerSecond} req/s  p50 ${unread.p50} ms  p95 ${unread.p95} ms   ${unread.p95 <= 10 ? 'meets target' : 'MISSES target'} (p95 <= 10 ms)`,
  );
  return measured;
}
