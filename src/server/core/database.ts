import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';

// The database handle every module works with. The engines that open it (PGlite, a PostgreSQL
// pool) live in src/server/db/client.ts; modules only ever see these types.

/** The Drizzle database every repository works with, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Record<string, never>>;
/** A transaction handle; repositories accept either this or the database. */
export type Tx = PgTransaction<PgQueryResultHKT, Record<string, never>>;
/** Anything a query can run on. */
export type Executor = Db | Tx;

/** An open database: the Drizzle handle plus what the engine needs to migrate, report and close. */
export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
};
