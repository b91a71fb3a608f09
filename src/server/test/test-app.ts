import fs from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import type { Clock } from '../core/clock';
import type { Database } from '../core/database';
import { openPglite, openPostgres } from '../db/client';
import type { MailTransport } from '../modules/notifications/mailer';
import type { SmsProvider } from '../modules/notifications/text-messages';
import { templateDumpPath } from './global-setup';
import { createDatabaseFromTemplate, dropDatabase } from './postgres-databases';

/** A fresh database for one test file, copied from the migrated template. */
export async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = inject('postgresTemplate');
  if (serverUrl && template) {
    const { name, url } = await createDatabaseFromTemplate(serverUrl, template);
    const database = await openPostgres(url, 5);
    return {
      ...database,
      close: async () => {
        await database.close();
        await dropDatabase(serverUrl, name);
      },
    };
  }
  const dump = await fs.readFile(templateDumpPath);
  return openPglite({ dataDir: null, loadDataDir: new Blob([dump]) });
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_URL: 'http://hedgerow.test' }),
    ...overrides,
  };
}

export type TestApp = { app: FastifyInstance; database: Database; close: () => Promise<void> };

/** The whole app on a fresh database; call close() in afterAll. */
export async function createTestApp(
  options: {
    config?: Partial<Config>;
    mailTransport?: MailTransport;
    smsProvider?: SmsProvider;
    clock?: Clock;
  } = {},
) {
  const database = await openTestDatabase();
  const app = await buildApp({
    config: testConfig(options.config),
    database,
    mailTransport: options.mailTransport,
    smsProvider: options.smsProvider,
    logger: false,
    clock: options.clock,
  });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
