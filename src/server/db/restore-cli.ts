import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { restoreBackup } from './backup';
import { BackupError } from './backup-archive';
import { findRunningServer } from './backup-channel';

// `npm run db:restore FILE`: brings a backup back into an empty DATA_DIR (and, for a PostgreSQL
// backup, the empty database DATABASE_URL names). It never overwrites anything.

try {
  const file = process.argv[2];
  if (!file) throw new BackupError('Name the backup to restore: npm run db:restore FILE');
  const config = loadConfig();
  const server = await findRunningServer(config.dataDir);
  if (server) {
    throw new BackupError(
      `A Hedgerow server (process ${server.pid}) is running on ${config.dataDir}: restore into another, empty DATA_DIR`,
    );
  }
  const manifest = await restoreBackup(path.resolve(file), {
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
  });
  const uploads = Object.keys(manifest.files).filter((name) => name.startsWith('uploads/')).length;
  console.info(
    `Restored the backup of ${manifest.createdAt} (${manifest.engine}, ${uploads} uploaded files) into ${config.dataDir}. Start the server with npm start.`,
  );
} catch (error) {
  if (!(error instanceof BackupError || error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
