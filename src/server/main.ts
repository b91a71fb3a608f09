import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp, webDistDir } from './app';
import { ConfigError, loadConfig } from './config';
import { openBackupChannel } from './db/backup-channel';
import { openDatabase, queryRows } from './db/client';
import { demoAccounts } from './db/seed/demo-accounts';
import { seedDemo, seedEssentials } from './db/seed/seed';
import { whileHoldingStartupLock } from './db/startup-lock';
import { openFileStorage } from './storage/open-file-storage';

const startedAt = Date.now();

function loadConfigOrExit() {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** Builds the web app on first start so `npm install && npm start` needs nothing else. */
async function ensureWebBuild() {
  if (fs.existsSync(path.join(webDistDir, 'index.html'))) return;
  console.info('Building the web app (first start only)...');
  const { build } = await import('vite');
  await build({
    configFile: path.resolve(import.meta.dirname, '../../vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: webDistDir },
  });
}

const config = loadConfigOrExit();
// Open before the database, so `npm run db:backup` knows from the first moment that this process
// owns the data folder (it answers "still starting" until the app is ready).
const backupChannel = await openBackupChannel(config.dataDir);
await ensureWebBuild();
const database = await openDatabase(config);
// Several processes may start together on one PostgreSQL database: one prepares it at a time.
await whileHoldingStartupLock(config.databaseUrl, async () => {
  await database.migrate();
  const [{ n: userCount }] = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from users`,
  );
  if (config.demoSeed && userCount === 0) {
    console.info('Seeding the demo marketplace (first start only)...');
    await seedDemo(database.db, {
      password: config.demoPassword,
      scale: 'demo',
      storage: openFileStorage(config),
    });
  } else {
    await seedEssentials(database.db);
  }
});

const app = await buildApp({ config, database });
await app.listen({ port: config.port, host: config.host });
backupChannel.serve({
  database,
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  storage: app.deps.storage,
});

console.info(
  `\nHedgerow is running at ${config.appUrl} (database: ${database.kind}, ready in ${Date.now() - startedAt} ms)`,
);
if (config.demoSeed) {
  console.info(`Demo sign-ins (password: ${config.demoPassword}):`);
  for (const account of demoAccounts) console.info(`  ${account.email.padEnd(32)} ${account.role}`);
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: no new connections, finishing requests');
  // Fastify stops accepting, waits for in-flight requests, then runs onClose hooks.
  const forceExit = setTimeout(() => process.exit(1), 10_000);
  forceExit.unref();
  await backupChannel.close();
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
