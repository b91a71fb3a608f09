import { withBenchDataDir, withBenchPostgres } from './support/databases';
import { load } from './support/load';
import { signInToken, startServer } from './support/server';

const password = 'hedgerow-demo';

async function measure(label: string, env: Record<string, string>) {
  const server = await startServer({ ...env, DEMO_PASSWORD: password });
  try {
    const token = await signInToken(server.url, 'buyer@demo.hedgerow.test', password);
    const headers = { authorization: `Bearer ${token}` };
    // Warm up caches and the JIT before measuring.
    await load({ url: `${server.url}/api/v1/users/current`, connections: 10, durationSeconds: 2, headers });
    const result = await load({
      url: `${server.url}/api/v1/users/current`,
      connections: 50,
      durationSeconds: 10,
      headers,
    });
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`${label}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    return result;
  } finally {
    await server.stop();
  }
}

/** GET /api/v1/users/current with a valid token, 50 connections for 10 s, on PostgreSQL and on PGlite. */
export async function benchCurrentUser() {
  const rows: { engine: string; requestsPerSecond: number; p50: number; p99: number }[] = [];
  const onPostgres = await withBenchPostgres('current_user', (url) =>
    measure('postgres', { DATABASE_URL: url }),
  );
  if (onPostgres) rows.push({ engine: 'PostgreSQL', ...onPostgres });
  const onPglite = await withBenchDataDir('current-user', (dataDir) =>
    measure('pglite', { DATA_DIR: dataDir }),
  );
  rows.push({ engine: 'PGlite', ...onPglite });
  console.info(
    '\nGET /api/v1/users/current — 50 connections, 10 s (target on PostgreSQL: >= 2,000 req/s, p99 <= 25 ms)',
  );
  for (const row of rows) {
    const verdict =
      row.engine === 'PostgreSQL'
        ? row.requestsPerSecond >= 2000 && row.p99 <= 25
          ? 'meets target'
          : 'MISSES target'
        : '';
    console.info(
      `  ${row.engine.padEnd(11)} ${String(row.requestsPerSecond).padStart(6)} req/s   p50 ${row.p50} ms   p99 ${row.p99} ms   ${verdict}`,
    );
  }
  return rows;
}
