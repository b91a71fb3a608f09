import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * Runs `measure` against a throw-away database on the PostgreSQL server of BENCH_DATABASE_URL
 * (default: this machine's), dropping it afterwards. Says so and returns null when no server answers.
 */
export async function withBenchPostgres<T>(name: string, measure: (databaseUrl: string) => Promise<T>) {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `hedgerow_bench_${name}_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  try {
    await admin.connect();
    await admin.query(`create database ${dbName}`);
  } catch (error) {
    console.info(`PostgreSQL server not reachable (${(error as Error).message}); measuring PGlite only`);
    await admin.end().catch(() => undefined);
    return null;
  }
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  try {
    return await measure(url.toString());
  } finally {
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}

/** Runs `measure` with a fresh embedded-database folder, removed afterwards. */
export async function withBenchDataDir<T>(name: string, measure: (dataDir: string) => Promise<T>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `hedgerow-bench-${name}-`));
  try {
    return await measure(dataDir);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
