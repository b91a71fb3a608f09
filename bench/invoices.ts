import pg from 'pg';
import { withBenchPostgres } from './support/databases';
import { load } from './support/load';
import { signInToken, startServer } from './support/server';

const password = 'hedgerow-demo';
const invoicesCount = 5_000;

/**
 * 5,000 invoiced orders of the demo buyer and their invoices, in two statements: statuses in turn
 * (half paid, the rest requested, partly paid or processing), due dates spread over the past year,
 * names that repeat so searches find some.
 */
async function insertInvoices(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `with buyer as (
         select u.id as user_id, u.organization_id from users u where u.email = 'buyer@demo.hedgerow.test'
       ), supplier as (
         select b.id as branch_id, b.organization_id from branches b
           join users u on u.organization_id = b.organization_id
          where u.email = 'supplier@demo.hedgerow.test' order by b.id limit 1
       ), inserted as (
         insert into orders (order_number, name, state, user_id, buyer_organization_id, branch_id,
                             supplier_organization_id, job_number, original_subtotal, subtotal,
                             supplier_subtotal, total, submitted_at, fulfilled_on)
         select 'IB-' || g,
                (array['Riverside Park', 'Maple Court', 'Cedar Hills', 'Oak Street', 'Summit Medical',
                       'Willow Creek', 'Lakeview', 'Founders Plaza'])[1 + g % 8] || ' ' || (g % 400),
                case when g % 2 = 0 then 'paid' else 'invoiced' end,
                buyer.user_id, buyer.organization_id, supplier.branch_id, supplier.organization_id,
                'J-' || (g % 1000), 10000 + g % 90000, 10000 + g % 90000, 9000 + g % 80000,
                10000 + g % 90000, now() - g * interval '100 minutes', (now() - g * interval '100 minutes')::date
           from generate_series(1, $1::int) g cross join buyer cross join supplier
         returning id, order_number, name, job_number, total, user_id, buyer_organization_id, fulfilled_on
       )
       insert into invoices (invoice_number, order_id, order_version, order_number, order_name, job_number,
                             buyer_organization_id, user_id, status, amounts, total, amount_paid,
                             amount_due, issued_on, due_date)
       select 'INV-B' || inserted.id, inserted.id, 1, inserted.order_number, inserted.name, inserted.job_number,
              inserted.buyer_organization_id, inserted.user_id,
              (array['PAID', 'PAYMENT_REQUESTED', 'PAID', 'PARTIALLY_PAID', 'PAID', 'PAYMENT_PENDING'])[1 + inserted.id % 6],
              jsonb_build_object('subtotal', jsonb_build_object('label', 'Subtotal', 'data', inserted.total),
                                 'total', jsonb_build_object('label', 'Total', 'data', inserted.total)),
              inserted.total,
              case when inserted.id % 6 in (0, 2, 4) then inserted.total when inserted.id % 6 = 3 then inserted.total / 2 else 0 end,
              case when inserted.id % 6 in (0, 2, 4) then 0 when inserted.id % 6 = 3 then inserted.total - inserted.total / 2 else inserted.total end,
              inserted.fulfilled_on, inserted.fulfilled_on
         from inserted`,
      [invoicesCount],
    );
    await client.query('vacuum analyze orders');
    await client.query('vacuum analyze invoices');
  } finally {
    await client.end();
  }
}

async function measure(databaseUrl: string) {
  const server = await startServer({ DATABASE_URL: databaseUrl, DEMO_PASSWORD: password });
  try {
    await insertInvoices(databaseUrl);
    const token = await signInToken(server.url, 'buyer@demo.hedgerow.test', password);
    const headers = { authorization: `Bearer ${token}` };
    // The dashboard as people use it: open and paid tabs paged, other sorts, searches.
    const open = Array.from({ length: 20 }, (_, n) => `/api/v1/invoices?status=open&page=${n + 1}`);
    const paid = Array.from({ length: 10 }, (_, n) => `/api/v1/invoices?status=paid&page=${n + 1}`);
    const sorts = ['amountDue|desc', 'invoiceNumber|asc', 'dueDate|desc'].map(
      (sort) => `/api/v1/invoices?status=open&sort=${encodeURIComponent(sort)}`,
    );
    const searches = ['riverside', 'INV-B12', 'maple%20court%2012'].map(
      (query) => `/api/v1/invoices?status=open&query=${query}`,
    );
    const paths = [...open, ...paid, ...sorts, ...searches];
    const check = await fetch(`${server.url}${paths[0]}`, { headers });
    const first = (await check.json()) as { openCount: number; paidCount: number };
    if (!check.ok || first.openCount + first.paidCount < invoicesCount)
      throw new Error(`unexpected first page: ${check.status} ${JSON.stringify(first).slice(0, 200)}`);
    await load({ url: server.url, connections: 20, durationSeconds: 2, headers, paths });
    const result = await load({ url: server.url, connections: 20, durationSeconds: 10, headers, paths });
    // One connection: what one request costs when nothing else waits (the figure on a busy machine).
    const single = await load({ url: server.url, connections: 1, durationSeconds: 5, headers, paths });
    for (const run of [result, single]) {
      if (run.non2xx > 0 || run.errors > 0) throw new Error(`${run.non2xx} non-2xx, ${run.errors} errors`);
    }
    return { result, single, counts: first };
  } finally {
    await server.stop();
  }
}

/** The buyer's invoices dashboard on PostgreSQL with 5,000 invoices (issue 18: p95 ≤ 40 ms at 20 connections). */
export async function benchInvoices() {
  const measured = await withBenchPostgres('invoices', measure);
  if (!measured) return null;
  const { result, single, counts } = measured;
  const verdict = result.p95 <= 40 ? 'meets target' : 'MISSES target';
  console.info(
    `\nInvoices dashboard on PostgreSQL (${invoicesCount.toLocaleString('en-US')} invoices: ${counts.openCount} open, ${counts.paidCount} paid)`,
  );
  console.info(
    `  GET invoices, tabs paged, sorted and searched, 20 connections   ${result.requestsPerSecond} req/s  p50 ${result.p50} ms  p95 ${result.p95} ms  p99 ${result.p99} ms   ${verdict} (p95 <= 40 ms)`,
  );
  console.info(
    `  the same, 1 connection, 5 s   ${single.requestsPerSecond} req/s  p50 ${single.p50} ms  p95 ${single.p95} ms`,
  );
  return measured;
}
