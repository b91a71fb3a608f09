import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from './support/server';

/** The resident memory of a process, in MB, from /proc (Linux). */
function residentMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/** Queries a person would type: the relevance cases' queries and their first words, in turn. */
function searchQueries(): string[] {
  const lines = fs.readFileSync(path.resolve(import.meta.dirname, 'relevance-cases.csv'), 'utf8').split('\n');
  const queries = lines
    .slice(1)
    .map((line) => line.slice(0, line.lastIndexOf(',')).trim())
    .filter(Boolean);
  return [...queries, ...queries.map((query) => query.split(' ')[0])];
}

/**
 * The server's memory at rest on the demo catalogue (embedded database, default settings): resident
 * size once a later start has answered and the search index is loaded, and again after 1,000 full
 * searches (ten at a time). No target: the figure is written down so a change that grows it shows.
 */
export async function benchMemory() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hedgerow-memory-'));
  try {
    // The first start seeds the demo marketplace; memory is measured on a later start, as people run it.
    await (await startServer({ DATA_DIR: dataDir })).stop();
    const server = await startServer({ DATA_DIR: dataDir });
    try {
      const pid = server.child.pid as number;
      for (;;) {
        const health = (await (await fetch(`${server.url}/api/health`)).json()) as {
          searchIndex: { ready: boolean };
        };
        if (health.searchIndex.ready) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const atRest = residentMb(pid);
      const queries = searchQueries();
      let sent = 0;
      const worker = async () => {
        while (sent < 1000) {
          const query = queries[sent++ % queries.length];
          const response = await fetch(
            `${server.url}/api/v1/products/search?query=${encodeURIComponent(query)}`,
          );
          if (!response.ok) throw new Error(`search ${query}: HTTP ${response.status}`);
          await response.arrayBuffer();
        }
      };
      await Promise.all(Array.from({ length: 10 }, worker));
      const afterSearches = residentMb(pid);
      console.info('\nServer memory on the demo catalogue (resident set size, embedded database)');
      console.info(`  after start, search index loaded: ${atRest.toFixed(0)} MB`);
      console.info(`  after 1,000 searches:             ${afterSearches.toFixed(0)} MB`);
      return { atRestMb: atRest, afterSearchesMb: afterSearches };
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
