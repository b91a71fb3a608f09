import pg from 'pg';
import { withBenchPostgres } from './support/databases';
import { load } from './support/load';
import { signInToken, startServer } from './support/server';

const password = 'hedgerow-demo';

async function call<T>(url: string, token: string, method: string, body?: unknown) {
  const response = await fetch(url, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** 40 in-stock, unrestricted listings of one branch of the demo supplier (Blue Ridge Growers). */
async function supplierListings(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ branch_id: number; product_variant_id: number }>(
      `select a.branch_id::int, a.product_variant_id::int
         from availabilities a
         join branches b on b.id = a.branch_id
         join users u on u.organization_id = b.organization_id and u.email = 'supplier@demo.hedgerow.test'
         join products p on p.id = a.product_id and not p.restricted
        where a.in_stock
        order by a.id
        limit 40`,
    );
    return rows;
  } finally {
    await client.end();
  }
}

async function measure(databaseUrl: string) {
  const server = await startServer({ DATABASE_URL: databaseUrl, DEMO_PASSWORD: password });
  try {
    const buyer = await signInToken(server.url, 'buyer@demo.hedgerow.test', password);
    const supplier = await signInToken(server.url, 'supplier@demo.hedgerow.test', password);
    const cart = await call<{ id: number }>(`${server.url}/api/v1/carts`, buyer, 'POST', {
      name: 'Benchmark order',
    });
    const listings = await supplierListings(databaseUrl);
    for (const listing of listings) {
      await call(`${server.url}/api/v1/cart_items`, buyer, 'POST', {
        cartId: cart.id,
        branchId: listing.branch_id,
        productVariantId: listing.product_variant_id,
        quantity: 5,
      });
    }
    const submitted = await call<{ orders: { id: number }[] }>(
      `${server.url}/api/v1/carts/${cart.id}/submit`,
      buyer,
      'POST',
    );
    const orderId = submitted.orders[0].id;
    // An answered order with a proposal round: events, versions and responses to read.
    const order = await call<{ items: { id: number }[] }>(
      `${server.url}/api/v1/orders/${orderId}`,
      supplier,
      'GET',
    );
    await call(`${server.url}/api/v1/orders/${orderId}/respond`, supplier, 'POST', {
      version: 1,
      respondedWith: 'changes_requested',
      changes: { items: [{ orderItemId: order.items[0].id, quantity: 4, reason: 'inventory_issue' }] },
    });
    const review = await call<{ proposals: { id: number }[] }>(
      `${server.url}/api/v1/orders/${orderId}`,
      buyer,
      'GET',
    );
    await call(
      `${server.url}/api/v1/orders/${orderId}/proposals/${review.proposals[0].id}/accept`,
      buyer,
      'POST',
      {
        version: 1,
      },
    );
    const url = `${server.url}/api/v1/orders/${orderId}`;
    const headers = { authorization: `Bearer ${buyer}` };
    await load({ url, connections: 10, durationSeconds: 2, headers });
    const result = await load({ url, connections: 20, durationSeconds: 10, headers });
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`${result.non2xx} non-2xx, ${result.errors} errors`);
    return { result, items: listings.length };
  } finally {
    await server.stop();
  }
}

/** The order page's API call (order, items, versions, events, answers) on PostgreSQL. */
export async function benchOrderPage() {
  const measured = await withBenchPostgres('order_page', measure);
  if (!measured) return null;
  const { result, items } = measured;
  console.info(
    `\nOrder page API on PostgreSQL (GET /api/v1/orders/{id}, ${items} items, 2 versions, 20 connections, 10 s)`,
  );
  console.info(
    `  ${result.requestsPerSecond} req/s  p50 ${result.p50} ms  p95 ${result.p95} ms   ${result.p95 <= 30 ? 'meets target' : 'MISSES target'} (p95 <= 30 ms)`,
  );
  return result;
}
