import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import type { Database } from '../core/database';
import { uploadsDirOf } from '../storage/file-storage';
import {
  BackupError,
  type BackupManifest,
  databaseEntryOf,
  packBackup,
  unpackBackup,
  verifyBackup,
} from './backup-archive';
import { migrationsFolder, openPglite, openPostgres, pgliteClientOf, queryRows } from './client';

const run = promisify(execFile);

/** What a backup copies: the open database and the data folder its uploads live in. */
export type BackupSource = {
  database: Database;
  /** Set when the database is a PostgreSQL server (pg_dump reads it directly). */
  databaseUrl: string | undefined;
  dataDir: string;
  /** The running server's storage, so no file is removed while the backup copies them. */
  storage?: { whileRemovalsWait<T>(work: () => Promise<T>): Promise<T> };
};

/** Where a restore puts things: DATA_DIR, and the PostgreSQL database when DATABASE_URL is set. */
export type RestoreTarget = { dataDir: string; databaseUrl: string | undefined };

/** The PGlite data folder under DATA_DIR (as `openDatabase` opens it). */
export const pgliteDirOf = (dataDir: string) => path.join(dataDir, 'pglite');

// pg_dump and pg_restore take the password from the environment, so it never shows in `ps`.
function postgresToolArgs(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

async function runTool(tool: string, args: string[], env: NodeJS.ProcessEnv) {
  try {
    await run(tool, args, { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === 'ENOENT') {
      throw new BackupError(
        `${tool} was not found: install the PostgreSQL client tools (version 15 or newer)`,
      );
    }
    throw new BackupError(`${tool} failed: ${(failure.stderr ?? failure.message).trim()}`);
  }
}

/** The tag of the newest migration applied (drizzle records each one's timestamp). */
async function lastMigrationOf(database: Database): Promise<string | null> {
  const [row] = await queryRows<{ created_at: string }>(
    database.db,
    sql`select created_at::text as created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  if (!row) return null;
  const journal = JSON.parse(
    await fs.readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
  ) as {
    entries: { when: number; tag: string }[];
  };
  return journal.entries.find((entry) => String(entry.when) === row.created_at)?.tag ?? row.created_at;
}

// Hard links cost nothing and keep the bytes even if the file is removed a moment later; a copy
// serves when the staging folder is on another file system.
async function copyUploads(from: string, to: string) {
  let entries: string[];
  try {
    entries = await fs.readdir(from, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const relative of entries) {
    const source = path.join(from, relative);
    // Half-written files (`.partial`, renamed when complete) belong to no row yet.
    if (relative.endsWith('.partial') || !(await fs.stat(source)).isFile()) continue;
    const target = path.join(to, relative);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.link(source, target).catch(() => fs.copyFile(source, target));
  }
}

async function dumpDatabase(source: BackupSource, file: string) {
  await fs.mkdir(path.dirname(file), { recursive: true });
  if (source.databaseUrl) {
    const { dbname, env } = postgresToolArgs(source.databaseUrl);
    // One transaction snapshot: consistent however many writes happen meanwhile.
    await runTool(
      'pg_dump',
      ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, dbname],
      env,
    );
    return;
  }
  const client = pgliteClientOf(source.database);
  // The dump copies the data folder between two queries; after a checkpoint the copy needs no
  // recovery work when it is opened, and any transaction still open is rolled back as after a crash.
  await client.query('checkpoint');
  const dump = await client.dumpDataDir('gzip');
  await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
}

/**
 * Writes one consistent backup of the database and the uploaded files to `outFile`: the database
 * first, then the files, with removals held meanwhile, so every row's file is in it.
 */
export async function takeBackup(source: BackupSource, outFile: string): Promise<BackupManifest> {
  const engine = source.databaseUrl ? 'postgres' : 'pglite';
  // Inside DATA_DIR, so the uploads can be hard-linked rather than copied.
  const staging = path.join(source.dataDir, `.backup-${randomUUID()}`);
  await fs.mkdir(staging, { recursive: true });
  try {
    const hold = source.storage ?? { whileRemovalsWait: <T>(work: () => Promise<T>) => work() };
    const createdAt = new Date().toISOString();
    await hold.whileRemovalsWait(async () => {
      await dumpDatabase(source, path.join(staging, databaseEntryOf(engine)));
      await copyUploads(uploadsDirOf(source.dataDir), path.join(staging, 'uploads'));
    });
    await fs.mkdir(path.dirname(path.resolve(outFile)), { recursive: true });
    return await packBackup(staging, outFile, {
      createdAt,
      engine,
      lastMigration: await lastMigrationOf(source.database),
    });
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

async function isEmptyFolder(dir: string) {
  try {
    return (await fs.readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

async function postgresTableCount(databaseUrl: string) {
  const database = await openPostgres(databaseUrl, 1);
  try {
    const [{ n }] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
          where c.relkind in ('r', 'p') and s.nspname not in ('pg_catalog', 'information_schema')
            and s.nspname not like 'pg\\_toast%'`,
    );
    return n;
  } finally {
    await database.close();
  }
}

async function knownMigrationTags() {
  const journal = JSON.parse(
    await fs.readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
  ) as {
    entries: { tag: string }[];
  };
  return new Set(journal.entries.map((entry) => entry.tag));
}

/** Refuses (BackupError) unless the backup fits the target and the target holds nothing yet. */
async function assertRestorable(manifest: BackupManifest, target: RestoreTarget) {
  if (manifest.engine === 'postgres' && !target.databaseUrl) {
    throw new BackupError('This backup is of a PostgreSQL database: set DATABASE_URL to an empty database');
  }
  if (manifest.engine === 'pglite' && target.databaseUrl) {
    throw new BackupError(
      'This backup is of the embedded database: unset DATABASE_URL to restore it into DATA_DIR',
    );
  }
  if (manifest.lastMigration && !(await knownMigrationTags()).has(manifest.lastMigration)) {
    throw new BackupError(
      `This backup was made by a newer Hedgerow (migration ${manifest.lastMigration}): restore it with that version`,
    );
  }
  if (!(await isEmptyFolder(uploadsDirOf(target.dataDir)))) {
    throw new BackupError(`${uploadsDirOf(target.dataDir)} is not empty: restore into an empty data folder`);
  }
  if (target.databaseUrl) {
    if ((await postgresTableCount(target.databaseUrl)) > 0) {
      throw new BackupError('The DATABASE_URL database already has tables: restore into an empty database');
    }
  } else if (!(await isEmptyFolder(pgliteDirOf(target.dataDir)))) {
    throw new BackupError(`${pgliteDirOf(target.dataDir)} is not empty: restore into an empty data folder`);
  }
}

async function restoreDatabase(dumpFile: string, target: RestoreTarget) {
  if (target.databaseUrl) {
    const { dbname, env } = postgresToolArgs(target.databaseUrl);
    await runTool(
      'pg_restore',
      [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        `--dbname=${dbname}`,
        dumpFile,
      ],
      env,
    );
    return;
  }
  const dataDir = pgliteDirOf(target.dataDir);
  try {
    const database = await openPglite({ dataDir, loadDataDir: new Blob([await fs.readFile(dumpFile)]) });
    await database.close();
  } catch (error) {
    // Leave the folder empty, as it was, so the restore can be tried again.
    await fs.rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Restores a backup into an empty data folder (and, for a PostgreSQL backup, an empty database):
 * checks the whole archive first, then the database, then the uploaded files.
 */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<BackupManifest> {
  const manifest = await verifyBackup(file);
  await assertRestorable(manifest, target);
  await fs.mkdir(target.dataDir, { recursive: true });
  const staging = path.join(target.dataDir, `.restore-${randomUUID()}`);
  try {
    await unpackBackup(file, staging);
    await restoreDatabase(path.join(staging, databaseEntryOf(manifest.engine)), target);
    const restoredUploads = path.join(staging, 'uploads');
    if (!(await isEmptyFolder(restoredUploads))) {
      await fs.rm(uploadsDirOf(target.dataDir), { recursive: true, force: true });
      await fs.rename(restoredUploads, uploadsDirOf(target.dataDir));
    }
    return manifest;
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}
