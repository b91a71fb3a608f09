import fs from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite, pgliteClientOf } from '../db/client';
import { installJobTables } from '../jobs/job-queue';
import { createTemplateDatabase, dropDatabase } from './postgres-databases';

export const templateDumpPath = path.resolve(import.meta.dirname, '../../../.test-data/template.tar.gz');

/**
 * Migrates one template database for the whole run; every test file then starts from a copy of it
 * (a PGlite dump, or CREATE DATABASE … TEMPLATE on a server when TEST_DATABASE_URL is set).
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const templateName = await createTemplateDatabase(serverUrl);
    project.provide('postgresTemplate', templateName);
    return async () => dropDatabase(serverUrl, templateName);
  }
  const database = await openPglite({ dataDir: null });
  await database.migrate();
  await installJobTables(database);
  const dump = await pgliteClientOf(database).dumpDataDir('gzip');
  await fs.mkdir(path.dirname(templateDumpPath), { recursive: true });
  await fs.writeFile(templateDumpPath, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('postgresTemplate', null);
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresTemplate: string | null;
  }
}
