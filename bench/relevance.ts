import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from './support/server';

const casesFile = path.resolve(import.meta.dirname, 'relevance-cases.csv');
const target = 0.95;

type Case = { query: string; expected: string };

function readCases(): Case[] {
  const lines = fs.readFileSync(casesFile, 'utf8').split('\n').slice(1);
  return lines
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      // The expected path identifier never has a comma; the query may (last comma splits).
      const at = line.lastIndexOf(',');
      return { query: line.slice(0, at), expected: line.slice(at + 1) };
    });
}

async function topThree(url: string, query: string): Promise<string[]> {
  const response = await fetch(
    `${url}/api/v1/products/search?perPage=3&include=results&query=${encodeURIComponent(query)}`,
  );
  if (!response.ok) throw new Error(`${query}: HTTP ${response.status}`);
  const body = (await response.json()) as { results: { pathIdentifier: string }[] };
  return body.results.map((result) => result.pathIdentifier);
}

/**
 * Runs the queries of relevance-cases.csv against the API on the demo catalogue (a server on a fresh
 * embedded database, or BENCH_SERVER_URL) and prints the share with the expected product in the top 3.
 */
export async function benchRelevance() {
  const cases = readCases();
  const external = process.env.BENCH_SERVER_URL;
  const dataDir = external ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'hedgerow-relevance-'));
  const server = external
    ? null
    : await startServer({ DATA_DIR: dataDir as string, SEARCH_CACHE_SECONDS: '0' });
  const url = external ?? (server?.url as string);
  const misses: { query: string; expected: string; got: string[] }[] = [];
  let top1 = 0;
  try {
    for (const { query, expected } of cases) {
      const got = await topThree(url, query);
      if (got[0] === expected) top1 += 1;
      if (!got.includes(expected)) misses.push({ query, expected, got });
    }
  } finally {
    await server?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const share = (cases.length - misses.length) / cases.length;
  console.info(
    `\nSearch relevance — ${cases.length} queries on the demo catalogue (target: expected product in the top 3 for >= ${target * 100}%)`,
  );
  console.info(
    `  top 3: ${(share * 100).toFixed(1)}%   first: ${((top1 / cases.length) * 100).toFixed(1)}%   ${share >= target ? 'meets target' : 'MISSES target'}`,
  );
  for (const miss of misses)
    console.info(
      `  miss: "${miss.query}" expected ${miss.expected}, got ${miss.got.join(', ') || 'nothing'}`,
    );
  return { share, misses };
}
