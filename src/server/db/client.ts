import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Database, Db, Executor } from '../core/database';

export const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

/** The PostgreSQL extensions the schema relies on; PGlite must load them when it opens. */
const pgliteExtensions = { pg_trgm, unaccent };

/** Opens PGlite persisted under `dataDir` (or in memory when dataDir is null, or from a dump). */
export async function openPglite(options: { dataDir: string | null; loadDataDir?: Blob }): Promise<Database> {
  if (options.dataDir) await fs.mkdir(options.dataDir, { recursive: true });
  const client = await PGlite.create(options.dataDir ?? undefined, {
    extensions: pgliteExtensions,
    loadDataDir: options.loadDataDir,
  });
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
      return true;
    },
    close: () => client.close(),
    // Kept for the test harness, which dumps a migrated template.
    ...({ pglite: client } as object),
  };
}

/** Opens a pool on a PostgreSQL server. */
export async function openPostgres(connectionString: string, poolSize = 20): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // An idle connection the server closes (restart, failover, an administrator) must not stop the
  // process: the pool drops it and opens a new one on the next query.
  pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  const db = drizzleNodePg(pool) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: () => migrateNodePg(drizzleNodePg(pool), { migrationsFolder }),
    ping: async () => {
      await pool.query('select 1');
      return true;
    },
    close: () => pool.end(),
  };
}

/** Opens the database the settings name: a server with DATABASE_URL, else PGlite under DATA_DIR. */
export function openDatabase(settings: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return settings.databaseUrl
    ? openPostgres(settings.databaseUrl)
    : openPglite({ dataDir: path.join(settings.dataDir, 'pglite') });
}

/** The PGlite client behind a Database, for dumping templates in tests. */
export function pgliteClientOf(database: Database): PGlite {
  const client = (database as unknown as { pglite?: PGlite }).pglite;
  if (!client) throw new Error('Not a PGlite database');
  return client;
}

/** Runs raw SQL and returns its rows; both drivers answer with `{ rows }`. */
/** A list of ids as one bigint[] parameter (one bind value, however many ids). */
export const bigintArray = (ids: readonly number[]) => sql`string_to_array(${ids.join(',')}, ',')::bigint[]`;

export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

type PreparingExecutor = {
  session: {
    prepareQuery(
      query: unknown,
      fields: undefined,
      name: string,
      arrayMode: boolean,
    ): { execute(): Promise<unknown> };
  };
  dialect: { sqlToQuery(query: SQL): unknown };
};

/**
 * Runs raw SQL as a named prepared statement, so PostgreSQL parses and plans it once per pooled
 * connection instead of on every call (planning a join-heavy statement costs more than running it).
 * For hot statements whose text never varies: the name must always go with the same SQL shape.
 * PGlite runs it as an ordinary query.
 */
export async function queryRowsPrepared<T>(db: Executor, name: string, query: SQL): Promise<T[]> {
  const { session, dialect } = db as unknown as PreparingExecutor;
  const result = (await session
    .prepareQuery(dialect.sqlToQuery(query), undefined, name, false)
    .execute()) as {
    rows: T[];
  };
  return result.rows;
}

/**
 * A page's LIMIT and OFFSET written into the SQL text rather than bound as parameters, for statements
 * prepared by name. With both as parameters PostgreSQL's generic plan assumes a tenth of the rows,
 * costs far more than a plan for 20 rows and so is never chosen: every execution was planned again
 * (1.7 to 4.4 ms of the inbox page's 4 ms). `key` goes into the statement's name; only the first
 * pages are prepared (`preparable`), so each connection keeps a bounded number of statements.
 */
export function pageWindow(limit: number, offset: number) {
  const rows = Math.trunc(limit);
  const skip = Math.trunc(offset);
  return { clause: sql.raw(`limit ${rows} offset ${skip}`), key: `${rows}_${skip}`, preparable: skip <= 200 };
}

/**
 * A prepared statement without parameters, built once per database handle: for the hottest constant
 * reads (a version row), where even turning the SQL into text on every call showed in profiles.
 */
export function constantStatement<T>(name: string, query: SQL): (db: Executor) => Promise<T[]> {
  const built = new WeakMap<object, { execute(): Promise<unknown> }>();
  return async (db) => {
    let statement = built.get(db);
    if (!statement) {
      const { session, dialect } = db as unknown as PreparingExecutor;
      statement = session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
      built.set(db, statement);
    }
    return ((await statement.execute()) as { rows: T[] }).rows;
  };
}
