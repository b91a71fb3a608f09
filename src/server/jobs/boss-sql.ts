import type PgBoss from 'pg-boss';
import type { Executor } from '../core/database';

/** What both drivers' clients answer to: node-postgres' Pool or PoolClient, PGlite or its transaction. */
type SqlClient = {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  exec?(text: string): Promise<{ rows: unknown[] }[]>;
};

/**
 * pg-boss's `db` adapter over one of our handles (the database, or a transaction), so pg-boss runs on
 * the app's own connection: the PostgreSQL pool, or PGlite, which has one connection and cannot be
 * reached any other way. Inside a transaction the adapter uses that transaction's client, so a job
 * sent there commits or rolls back with the caller's rows (on PGlite, a query outside the open
 * transaction would wait for it for ever).
 */
export function bossSql(executor: Executor): PgBoss.Db {
  // Drizzle keeps the driver's client on its session; db/client.ts reaches it the same way.
  const client = (executor as unknown as { session: { client: SqlClient } }).session.client;
  return {
    executeSql: async (text, values) => {
      if ((values && values.length > 0) || !client.exec) return client.query(text, values);
      // pg-boss's schema work is several statements in one text (BEGIN; …; COMMIT), which PGlite
      // runs only through exec. A failure there must not leave PGlite's one session in an aborted
      // transaction, or every later query of the app would fail.
      try {
        const results = await client.exec(text);
        return results.at(-1) ?? { rows: [] };
      } catch (error) {
        await client.exec('rollback').catch(() => undefined);
        throw error;
      }
    },
  };
}
