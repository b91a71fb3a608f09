import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { pgliteDirOf, takeBackup } from './backup';
import { BackupError, type BackupManifest, verifyBackup } from './backup-archive';
import { findRunningServer, requestBackup } from './backup-channel';
import { openDatabase } from './client';

// `npm run db:backup [FILE]`: one consistent .tar.gz of the database and the uploaded files, taken
// by the running server when there is one (only it may open PGlite's folder), else by this process.

function defaultFileName() {
  return `hedgerow-backup-${new Date().toISOString().replace(/\..*$/, '').replaceAll(':', '-')}.tar.gz`;
}

function describe(manifest: BackupManifest, file: string) {
  const uploads = Object.keys(manifest.files).filter((name) => name.startsWith('uploads/')).length;
  const megabytes = (fs.statSync(file).size / 1_048_576).toFixed(1);
  return `${file} (${megabytes} MB): the ${manifest.engine === 'pglite' ? 'embedded' : 'PostgreSQL'} database at migration ${manifest.lastMigration ?? 'none'} and ${uploads} uploaded files, read back and checked`;
}

try {
  const config = loadConfig();
  const outFile = path.resolve(process.argv[2] ?? defaultFileName());
  const server = await findRunningServer(config.dataDir);
  if (server) {
    console.info(`Asking the running server (process ${server.pid}) for a backup...`);
    await requestBackup(server, outFile);
  } else {
    if (!config.databaseUrl && !fs.existsSync(pgliteDirOf(config.dataDir))) {
      throw new BackupError(`There is no database in ${config.dataDir} to back up`);
    }
    console.info('No server is running; copying the database directly...');
    const database = await openDatabase(config);
    try {
      await takeBackup({ database, databaseUrl: config.databaseUrl, dataDir: config.dataDir }, outFile);
    } finally {
      await database.close();
    }
  }
  console.info(`Backup written: ${describe(await verifyBackup(outFile), outFile)}`);
} catch (error) {
  if (!(error instanceof BackupError || error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
