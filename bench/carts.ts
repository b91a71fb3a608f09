import pg from 'pg';
import { withBenchPostgres } from './support/databases';
import { load } from './support/load';
import { signInToken, startServer } from './support/server';

const password = 'hedgerow-demo';
const itemsPerCart = 500;
const branchesPerCart = 25;

type Listing = { branch_id: number; product_variant_id: number };

/** 20 in-stock listings from each of 25 branches: a large job's cart. */
async function pickListings(databaseUrl: string): Promise<Listing[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<Listing>(
      `select branch_id::int, product_variant_id::int
         from (select a.branch_id, a.product_variant_id,
                      row_number() over (partition by a.branch_id order by a.id) as n
                 from availabilities a
                 join products p on p.id = a.product_id and not p.restricted
                where a.in_stock
                  and a.branch_id in (select branch_id from availabilities group by branch_id
                                       having count(*) >= 40 order by branch_id limit $1)) ranked
        where n <= $2
        order by branch_id, product_variant_id`,
      [branchesPerCart, itemsPerCart / branchesPerCart],
    );
    return rows;
  } finally {
    await client.end();
  }
}

async function call<T>(
  url: string,
  token: string,
  method: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(url, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function measure(databaseUrl: string) {
  const server = await startServer({ DATABASE_URL: databaseUrl, DEMO_PASSWORD: password });
  try {
    const token = await signInToken(server.url, 'buyer@demo.hedgerow.test', password);
    const headers = { authorization: `Bearer ${token}` };
    const listings = await pickListings(databaseUrl);
    if (listings.length !== itemsPerCart)
      throw new Error(`found ${listings.length} listings, need ${itemsPerCart}`);

    const cart = await call<{ id: number }>(`${server.url}/api/v1/carts`, token, 'POST', {
      name: 'Benchmark: 500 lines',
    });
    for (const listing of listings) {
      await call(`${server.url}/api/v1/cart_items`, token, 'POST', {
        cartId: cart.id,
        branchId: listing.branch_id,
        productVariantId: listing.product_variant_id,
        quantity: 1 + (listing.product_variant_id % 40),
      });
    }

    const cartUrl = `${server.url}/api/v1/carts/${cart.id}`;
    await load({ url: cartUrl, connections: 2, durationSeconds: 2, headers });
    const loadOne = await load({ url: cartUrl, connections: 1, durationSeconds: 10, headers });
    const loadFour = await load({ url: cartUrl, connections: 4, durationSeconds: 10, headers });

    // 20 buyers' carts (one per connection), each adding sizes from the pool in turn.
    const addCarts: number[] = [];
    for (let n = 0; n < 20; n++) {
      addCarts.push(
        (await call<{ id: number }>(`${server.url}/api/v1/carts`, token, 'POST', { name: `Adds ${n + 1}` }))
          .id,
      );
    }
    const addRequests = (connection: number) =>
      listings.slice(connection * 25, connection * 25 + 25).map((listing) => ({
        method: 'POST' as const,
        path: '/api/v1/cart_items',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          cartId: addCarts[connection],
          branchId: listing.branch_id,
          productVariantId: listing.product_variant_id,
          quantity: 1,
        }),
      }));
    await load({ url: server.url, connections: 20, durationSeconds: 2, requestsFor: addRequests });
    const adds = await load({
      url: server.url,
      connections: 20,
      durationSeconds: 10,
      requestsFor: addRequests,
    });

    // Submit three copies of the 500-line cart, one at a time.
    const submitMs: number[] = [];
    for (let n = 0; n < 3; n++) {
      const copy = await call<{ id: number }>(`${cartUrl}/duplicate`, token, 'POST');
      const started = performance.now();
      const answer = await call<{ orders: unknown[] }>(
        `${server.url}/api/v1/carts/${copy.id}/submit`,
        token,
        'POST',
        undefined,
        {
          'idempotency-key': `bench-submit-${copy.id}`,
        },
      );
      submitMs.push(Math.round(performance.now() - started));
      if (answer.orders.length !== branchesPerCart)
        throw new Error(`expected ${branchesPerCart} orders, got ${answer.orders.length}`);
    }
    for (const result of [loadOne, loadFour, adds]) {
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`${result.non2xx} non-2xx, ${result.errors} errors`);
    }
    return { loadOne, loadFour, adds, submitMs };
  } finally {
    await server.stop();
  }
}

/** Carts on PostgreSQL: reading a 500-line cart across 25 branches, adding items, submitting it. */
export async function benchCarts() {
  const result = await withBenchPostgres('carts', measure);
  if (!result) return null;
  const verdict = (ok: boolean) => (ok ? 'meets target' : 'MISSES target');
  const { loadOne, loadFour, adds, submitMs } = result;
  console.info('\nCarts on PostgreSQL (demo catalogue)');
  console.info(
    `  GET cart, 500 items / 25 branches, 1 connection   ${loadOne.requestsPerSecond} req/s  p50 ${loadOne.p50} ms  p95 ${loadOne.p95} ms   ${verdict(loadOne.p95 <= 80)} (p95 <= 80 ms)`,
  );
  console.info(
    `  GET cart, 500 items / 25 branches, 4 connections  ${loadFour.requestsPerSecond} req/s  p50 ${loadFour.p50} ms  p95 ${loadFour.p95} ms   ${verdict(loadFour.p95 <= 80)} (p95 <= 80 ms)`,
  );
  console.info(
    `  POST cart item, 20 connections                    ${adds.requestsPerSecond} req/s  p50 ${adds.p50} ms  p95 ${adds.p95} ms   ${verdict(adds.p95 <= 20)} (p95 <= 20 ms)`,
  );
  console.info(
    `  Submit 500 items into 25 orders                   ${submitMs.join(' ms, ')} ms   ${verdict(Math.max(...submitMs) <= 1000)} (<= 1 s)`,
  );
  return result;
}
