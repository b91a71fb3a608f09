import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openPglite } from '../db/client';

/**
 * The API's OpenAPI document, exactly as `/api/docs/json` serves it: the app is built on a
 * throw-away in-memory database (migrated, so anything that reads at start finds its tables) and
 * asked for its swagger document. No server listens.
 */
export async function openApiDocument(): Promise<Record<string, unknown>> {
  const database = await openPglite({ dataDir: null });
  await database.migrate();
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DEMO_SEED: 'false' }),
    database,
    logger: false,
  });
  try {
    await app.ready();
    return app.swagger() as unknown as Record<string, unknown>;
  } finally {
    await app.close();
    await database.close();
  }
}
