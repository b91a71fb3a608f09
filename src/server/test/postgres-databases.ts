import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPostgres } from '../db/client';

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
  await database.close();
  return name;
}

/** A fresh database copied from the template, and its URL. */
export async function createDatabaseFromTemplate(serverUrl: string, template: string) {
  const name = `hedgerow_test_${randomBytes(5).toString('hex')}`;
  await admin(serverUrl, (client) => client.query(`create database ${name} template ${template}`));
  return { name, url: withDatabase(serverUrl, name) };
}

export async function dropDatabase(serverUrl: string, name: string) {
  await admin(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
}
