import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { withBenchPostgres } from './support/databases';
import { load } from './support/load';
import { signInToken, startServer } from './support/server';

const root = path.resolve(import.meta.dirname, '..');
const password = 'hedgerow-demo';
const lineCount = 20_000;
const uploadTargetMs = 30_000;
const searchTargetMs = 2_000;
const inventoryP95TargetMs = 40;
const branchSlug = 'blue-ridge-growers-greenville';

function seedLarge(databaseUrl: string) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/server/db/seed/seed-cli.ts', '--scale', 'large'],
      {
        cwd: root,
        env: { ...process.env, DATABASE_URL: databaseUrl, DEMO_PASSWORD: password },
        stdio: 'ignore',
      },
    );
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`seeding exited with ${code}`))));
  });
}

/** 20,000 lines of catalogue products and sizes (as a grower's sheet names them) with new figures. */
async function availabilitySheet(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // First a product the branch does not list yet (the search probe), then the rest.
    const { rows: probe } = await client.query<{ primary_name: string; size: string }>(
      `select p.primary_name, v.size from products p join product_variants v on v.product_id = p.id
        where not p.restricted and not exists (
          select 1 from availabilities a join branches b on b.id = a.branch_id
           where a.product_id = p.id and b.slug = $1)
        order by p.id limit 1`,
      [branchSlug],
    );
    const { rows: rest } = await client.query<{ primary_name: string; size: string }>(
      `select distinct on (lower(p.primary_name), v.size) p.primary_name, v.size
         from products p join product_variants v on v.product_id = p.id
        where p.primary_name <> $2
        order by lower(p.primary_name), v.size limit $1`,
      [lineCount - 1, probe[0]?.primary_name ?? ''],
    );
    const rows = [...probe, ...rest];
    const quote = (text: string) => `"${text.replace(/"/g, '""')}"`;
    const lines = rows.map(
      (row, i) =>
        `${quote(row.primary_name)},${quote(row.size)},${(i % 500) + 1},${(10 + (i % 90)).toFixed(2)}`,
    );
    return { csv: ['Plant,Size,Qty,Price', ...lines].join('\n'), first: rows[0], count: rows.length };
  } finally {
    await client.end();
  }
}

/** Waits until the server has loaded its search index (it loads in the background at start). */
async function searchIndexReady(url: string, timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const health = (await (await fetch(`${url}/api/health`)).json()) as { searchIndex?: { ready: boolean } };
    if (health.searchIndex?.ready) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the search index did not load in time');
}

async function json<T>(url: string, init: RequestInit & { token: string }): Promise<T> {
  const response = await fetch(url, {
    ...init,
    headers: { ...(init.headers ?? {}), authorization: `Bearer ${init.token}` },
  });
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`);
  return (response.status === 204 ? null : await response.json()) as T;
}

async function waitForStatus(url: string, token: string, id: number, wanted: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const view = await json<{ status: string; counts: Record<string, number>; error: string | null }>(
      `${url}/api/v1/availability_imports/${id}?perPage=1`,
      { token },
    );
    if (view.status === wanted) return view;
    if (view.status === 'failed') throw new Error(`import failed: ${view.error}`);
    if (Date.now() > deadline) throw new Error(`import still ${view.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Issue 19: an availability upload of 20,000 lines into a branch of the large catalogue on PostgreSQL
 * (upload → match and preview → Replace applied) end to end ≤ 30 s; the search shows the new figures
 * ≤ 2 s after it finishes; GET /api/v1/inventory for that branch (20,000 listings) p95 ≤ 40 ms.
 */
export async function benchAvailabilityUpload() {
  console.info(
    `\nAvailability upload (targets on PostgreSQL, large catalogue: ${lineCount.toLocaleString('en-US')} lines end to end <= 30 s, search sees it <= 2 s, inventory API p95 <= 40 ms)`,
  );
  await withBenchPostgres('upload', async (databaseUrl) => {
    const seeding = Date.now();
    await seedLarge(databaseUrl);
    console.info(`  large catalogue seeded in ${((Date.now() - seeding) / 1000).toFixed(0)} s`);
    const sheet = await availabilitySheet(databaseUrl);
    const server = await startServer({ DATABASE_URL: databaseUrl, DEMO_PASSWORD: password });
    try {
      await searchIndexReady(server.url);
      const token = await signInToken(server.url, 'supplier@demo.hedgerow.test', password);
      const organization = await json<{ branches: { id: number; slug: string }[] }>(
        `${server.url}/api/v1/inventory/branches/${branchSlug}`,
        { token },
      );
      const branchId = organization.branches.find((branch) => branch.slug === branchSlug)?.id;
      if (!branchId) throw new Error('no demo branch');

      const probeSearch = async () => {
        const found = await json<{ results: { primaryName: string; totalSuppliers: number }[] }>(
          `${server.url}/api/v1/products/search?perPage=10&query=${encodeURIComponent(sheet.first.primary_name)}`,
          { token },
        );
        return (
          found.results.find((result) => result.primaryName === sheet.first.primary_name)?.totalSuppliers ?? 0
        );
      };
      const suppliersBefore = await probeSearch();

      const started = performance.now();
      const form = new FormData();
      form.append('mode', 'replace');
      form.append('file', new Blob([sheet.csv], { type: 'text/csv' }), 'availability.csv');
      const { id } = await json<{ id: number }>(
        `${server.url}/api/v1/branches/${branchId}/availability_imports`,
        {
          method: 'POST',
          body: form,
          token,
        },
      );
      const uploadedMs = performance.now() - started;
      const preview = await waitForStatus(server.url, token, id, 'ready', 120_000);
      const previewedMs = performance.now() - started;
      await json(`${server.url}/api/v1/availability_imports/${id}/apply`, { method: 'POST', token });
      await waitForStatus(server.url, token, id, 'applied', 120_000);
      const totalMs = performance.now() - started;

      // The search lists the branch for the sheet's first product, which it did not list before.
      const searchStarted = performance.now();
      let searchMs = Number.NaN;
      while (performance.now() - searchStarted < 60_000) {
        if ((await probeSearch()) > suppliersBefore) {
          searchMs = performance.now() - searchStarted;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }

      const listings = await json<{ totalCount: number }>(
        `${server.url}/api/v1/inventory?branchId=${branchId}&perPage=1`,
        {
          token,
        },
      );
      const paths = [
        `/api/v1/inventory?branchId=${branchId}`,
        `/api/v1/inventory?branchId=${branchId}&page=40`,
        `/api/v1/inventory?branchId=${branchId}&query=acer`,
        `/api/v1/inventory?branchId=${branchId}&stock=out_of_stock`,
        `/api/v1/inventory?branchId=${branchId}&page=400`,
      ];
      const headers = { authorization: `Bearer ${token}` };
      // One request at a time first: the figure without concurrency, and the server settled.
      const single: number[] = [];
      for (let i = 0; i < 40; i += 1) {
        const at = performance.now();
        await json(`${server.url}${paths[i % paths.length]}`, { token });
        single.push(performance.now() - at);
      }
      single.sort((a, b) => a - b);
      console.info(
        `  GET /api/v1/inventory one at a time: p50 ${Math.round(single[20])} ms, p95 ${Math.round(single[38])} ms`,
      );
      await load({ url: server.url, connections: 10, durationSeconds: 2, headers, paths });
      const inventory = await load({ url: server.url, connections: 10, durationSeconds: 10, headers, paths });

      const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
      const rows = [
        {
          measure: `upload ${sheet.count.toLocaleString('en-US')} lines (replace)`,
          ms: Math.round(totalMs),
          target: `<= ${uploadTargetMs}`,
          result: verdict(totalMs <= uploadTargetMs),
          detail: `uploaded ${Math.round(uploadedMs)} ms, previewed ${Math.round(previewedMs)} ms; ${JSON.stringify(preview.counts)}`,
        },
        {
          measure: 'search shows it after',
          ms: Math.round(searchMs),
          target: `<= ${searchTargetMs}`,
          result: verdict(searchMs <= searchTargetMs),
          detail: '',
        },
        {
          measure: `GET /api/v1/inventory p95 (${listings.totalCount.toLocaleString('en-US')} listings, 10 connections, 10 s)`,
          ms: inventory.p95,
          target: `<= ${inventoryP95TargetMs}`,
          result: verdict(inventory.p95 <= inventoryP95TargetMs),
          detail: `p50 ${inventory.p50} ms, ${inventory.requestsPerSecond} req/s, errors ${inventory.errors}, non-2xx ${inventory.non2xx}`,
        },
      ];
      for (const row of rows) {
        console.info(
          `  ${row.measure}: ${row.ms} ms (target ${row.target} ms) ${row.result}${row.detail ? ` — ${row.detail}` : ''}`,
        );
      }
    } finally {
      await server.stop();
    }
  });
}
