import pg from 'pg';
import { withBenchPostgres } from './support/databases';
import { load } from './support/load';
import { signInToken, startServer } from './support/server';

const password = 'hedgerow-demo';
const ordersCount = 20_000;

/**
 * 20,000 orders (two lines each) of the demo buyer to the demo supplier's branches, in one
 * statement: eight states in turn (five of them open), names and job numbers that repeat, one order
 * every 26 minutes back from now.
 */
export async function insertOrders(databaseUrl: string) {
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
       ), inserted as (
         insert into orders (order_number, name, state, user_id, buyer_organization_id, branch_id,
                             supplier_organization_id, job_number, fulfillment, requested_on,
                             original_subtotal, subtotal, supplier_subtotal, total, submitted_at)
         select 'B-' || g,
                (array['Riverside Park', 'Maple Court', 'Cedar Hills', 'Oak Street', 'Summit Medical',
                       'Willow Creek', 'Lakeview', 'Founders Plaza'])[1 + g % 8] || ' ' || (g % 400),
                (array['purchase_order_sent', 'confirmed', 'fulfilled', 'needs_buyer_review', 'cancelled',
                       'needs_supplier_review', 'paid', 'waiting_for_fulfillment'])[1 + (g / 3) % 8],
                buyer.user_id, buyer.organization_id, supplier.branch_id, supplier.organization_id,
                'J-' || (g % 1000), case when g % 3 = 0 then 'delivery' else 'pickup' end,
                (now() - g * interval '26 minutes')::date + 7,
                10000 + g % 90000, 10000 + g % 90000, 9000 + g % 80000, 10600 + g % 95000,
                now() - g * interval '26 minutes'
           from generate_series(1, $1::int) g
          cross join buyer
           join supplier on supplier.n = g % supplier.branches
         returning id, subtotal, supplier_subtotal
       )
       insert into order_items (order_id, position, primary_name, size, quantity, buyer_total, supplier_total)
       select inserted.id, p, 'Bench plant ' || p, '#3', 5, inserted.subtotal / 2, inserted.supplier_subtotal / 2
         from inserted cross join generate_series(1, 2) p`,
      [ordersCount],
    );
    // What autovacuum would do shortly after a bulk load.
    await client.query('vacuum analyze orders');
    await client.query('vacuum analyze order_items');
  } finally {
    await client.end();
  }
}

async function measure(databaseUrl: string) {
  const server = await startServer({ DATABASE_URL: databaseUrl, DEMO_PASSWORD: password });
  try {
    await insertOrders(databaseUrl);
    const token = await signInToken(server.url, 'supplier@demo.hedgerow.test', password);
    const headers = { authorization: `Bearer ${token}` };
    const base = '/api/v1/orders?tab=supplier&orderType=open&perPage=25';
    // Pages 1–40 of the open orders, and some searches (a name, a job number, the buyer's name).
    const pages = Array.from({ length: 40 }, (_, n) => `${base}&page=${n + 1}`);
    const searches = ['riverside', 'J-12', 'greenline', 'maple%20court%2012'].flatMap((query) =>
      [1, 2, 3].map((page) => `${base}&query=${query}&page=${page}`),
    );
    const paths = [...pages, ...searches];
    const check = await fetch(`${server.url}${paths[0]}`, { headers });
    const first = (await check.json()) as { totalCount: number };
    if (!check.ok || first.totalCount < ordersCount / 2)
      throw new Error(`unexpected first page: ${check.status} ${JSON.stringify(first).slice(0, 200)}`);
    await load({ url: server.url, connections: 20, durationSeconds: 2, headers, paths });
    const result = await load({ url: server.url, connections: 20, durationSeconds: 10, headers, paths });
    // The two halves alone, to see which one holds the figure back.
    const pagesOnly = await load({
      url: server.url,
      connections: 20,
      durationSeconds: 5,
      headers,
      paths: pages,
    });
    const searchesOnly = await load({
      url: server.url,
      connections: 20,
      durationSeconds: 5,
      headers,
      paths: searches,
    });
    for (const run of [result, pagesOnly, searchesOnly]) {
      if (run.non2xx > 0 || run.errors > 0) throw new Error(`${run.non2xx} non-2xx, ${run.errors} errors`);
    }
    return { result, pagesOnly, searchesOnly, openCount: first.totalCount };
  } finally {
    await server.stop();
  }
}

/** The supplier's Orders list on PostgreSQL with 20,000 orders: open orders, paged and searched. */
export async function benchOrders() {
  const measured = await withBenchPostgres('orders', measure);
  if (!measured) return null;
  const { result, pagesOnly, searchesOnly, openCount } = measured;
  const verdict = result.p95 <= 40 ? 'meets target' : 'MISSES target';
  console.info(
    `\nOrders list on PostgreSQL (${ordersCount.toLocaleString('en-US')} supplier orders, ${openCount} open)`,
  );
  console.info(
    `  GET orders?tab=supplier&orderType=open, pages and searches, 20 connections   ${result.requestsPerSecond} req/s  p50 ${result.p50} ms  p95 ${result.p95} ms  p99 ${result.p99} ms   ${verdict} (p95 <= 40 ms)`,
  );
  for (const [label, run] of [
    ['  of which pages only (40 pages), 20 connections, 5 s', pagesOnly],
    ['  of which searches only (4 queries x 3 pages), 20 connections, 5 s', searchesOnly],
  ] as const) {
    console.info(`${label}   ${run.requestsPerSecond} req/s  p50 ${run.p50} ms  p95 ${run.p95} ms`);
  }
  return measured;
}
