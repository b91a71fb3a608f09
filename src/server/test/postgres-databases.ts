import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPostgres } from '../db/client';
import { installJobTables } from '../jobs/job-queue';

function withDatabase(url: string, name: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function admin<T>(url: string, run: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Creates and migrates a uniquely named template database on the server; returns its name. */
export async function createTemplateDatabase(serverUrl: string) {
  const name = `hedgerow_tmpl_${randomBytes(4).toString('hex')}`;
  await admin(serverUrl, (client) => client.query(`create database ${name}`));
  const database = await openPostgres(withDatabase(serverUrl, name), 2);
  await database.migrate();
  await installJobTables(database);
  await database.close();
  return name;
}

/** A fresh database copied from the template, and its URL. */
export async function createDatabaseFromTemplate(serverUrl: string, template: string) {
  const name = `hedgerow_test_${randomBytes(5).toString('hex')}`;
  await admin(serverUrl, (client) => client.query(`create database ${name} template ${template}`));
  return { name, url: withDatabase(serverUrl, name) };
}

/**
 * Drops a test database once its connections have gone. A pool's clients may still be closing when
 * the test file ends; forcing the drop would kill such a backend mid-exit and its client would report
 * 'terminating connection due to administrator command' as an unhandled error. So wait (up to 5 s),
 * and force only as a last resort.
 */
export async function dropDatabase(serverUrl: string, name: string) {
  await admin(serverUrl, async (client) => {
    for (let attempt = 0; attempt < 50; attempt++) {
      try {
        await client.query(`drop database if exists ${name}`);
        return;
      } catch (error) {
        // 55006: the database is being accessed by other users (a closing connection).
        if ((error as { code?: string }).code !== '55006') throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    await client.query(`drop database if exists ${name} with (force)`);
  });
}
