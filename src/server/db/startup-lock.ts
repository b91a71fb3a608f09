import pg from 'pg';

// Any fixed number: the key of the advisory lock every Hedgerow process takes while it prepares the database.
const startupLockKey = 4_821_730_117;

/**
 * Runs `prepare` (migrations, first-start seed) while holding a PostgreSQL advisory lock, so processes
 * started together on one database prepare it one after the other: the first migrates and seeds, the
 * others find it done. The lock lives on a connection of its own, held until `prepare` ends. Without a
 * server URL (PGlite, one process) it simply runs.
 */
export async function whileHoldingStartupLock<T>(databaseUrl: string | undefined, prepare: () => Promise<T>) {
  if (!databaseUrl) return prepare();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [startupLockKey]);
    return await prepare();
  } finally {
    // Ending the session releases the lock.
    await client.end();
  }
}
