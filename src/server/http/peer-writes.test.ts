/**
 * PeerWrites on a real PostgreSQL server (LISTEN/NOTIFY); runs only with TEST_DATABASE_URL, as PGlite
 * has one process and nobody to tell.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eventually } from '../test/eventually';
import { createDatabaseFromTemplate, dropDatabase } from '../test/postgres-databases';
import { PeerWrites } from './peer-writes';

const serverUrl = process.env.TEST_DATABASE_URL;
const template = inject('postgresTemplate');

/** Waits until `check` holds, failing after the tests' generous wait (how soon is not this test's question). */
async function until(check: () => boolean) {
  if (!(await eventually(async () => check(), 20))) throw new Error('timed out');
}

describe.skipIf(!serverUrl || !template)('PeerWrites', () => {
  let database: { name: string; url: string };
  const started: PeerWrites[] = [];
  beforeAll(async () => {
    database = await createDatabaseFromTemplate(serverUrl as string, template as string);
  });
  afterAll(async () => {
    for (const peers of started) await peers.close();
    if (database) await dropDatabase(serverUrl as string, database.name);
  });

  async function peer() {
    const heard = { writes: 0, listening: [] as boolean[], warnings: [] as string[] };
    const peers = new PeerWrites(
      database.url,
      {
        onPeerWrite: () => {
          heard.writes += 1;
        },
        onListening: (listening) => heard.listening.push(listening),
      },
      (message) => heard.warnings.push(message),
    );
    started.push(peers);
    await peers.start();
    return { peers, heard };
  }

  it("hears the other process's writes, not its own", async () => {
    const first = await peer();
    const second = await peer();
    expect(first.heard.listening).toEqual([true]);
    first.peers.announce();
    await until(() => second.heard.writes === 1);
    second.peers.announce();
    await until(() => first.heard.writes === 1);
    // Its own notice would have arrived by now (it went out before the other's).
    expect(second.heard.writes).toBe(1);
  });

  it('says it is not listening when its connection is cut, and listens again a second later', async () => {
    const watcher = await peer();
    const sender = await peer();
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      // Cut every other connection to this database, as a server restart or failover would.
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
    } finally {
      await admin.end();
    }
    await until(() => watcher.heard.listening.join() === 'true,false,true');
    expect(watcher.heard.warnings.length).toBeGreaterThan(0);
    await until(() => sender.heard.listening.join() === 'true,false,true');
    sender.peers.announce();
    await until(() => watcher.heard.writes === 1);
  });
});
