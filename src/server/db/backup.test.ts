import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app';
import { fixedClock } from '../core/clock';
import type { Database, Executor } from '../core/database';
import { submittedOrder } from '../test/cart-factories';
import { insertProduct } from '../test/catalog-factories';
import { bearer, insertBranch, insertOrganization, insertUser, tokenFor } from '../test/factories';
import { multipartForm } from '../test/multipart';
import { createDatabaseFromTemplate, dropDatabase } from '../test/postgres-databases';
import { openTestDatabase, testConfig } from '../test/test-app';
import { restoreBackup, takeBackup } from './backup';
import { BackupError } from './backup-archive';
import { findRunningServer, openBackupChannel, requestBackup } from './backup-channel';
import { openPglite, openPostgres, queryRows } from './client';

const serverUrl = process.env.TEST_DATABASE_URL;
const onPostgres = Boolean(serverUrl && inject('postgresTemplate'));
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let workDir: string;
let dataDir: string;
let database: Database;
let databaseUrl: string | undefined;
let app: Awaited<ReturnType<typeof buildApp>>;
const cleanups: (() => Promise<void>)[] = [];

/** Every table's row count, and the rows of the tables the test wrote to. */
async function contentsOf(db: Executor) {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select schemaname || '.' || tablename as name from pg_tables
        where schemaname in ('public', 'drizzle') order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [{ n }] = await queryRows<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${name}`));
    counts[name] = n;
  }
  const rows = async (table: string) =>
    queryRows<Record<string, unknown>>(db, sql.raw(`select * from ${table} order by id`));
  return {
    counts,
    orders: await rows('orders'),
    productImages: await rows('product_images'),
    users: await rows('users'),
  };
}

/** A fresh empty PostgreSQL database; dropped after the file. */
async function emptyPostgresDatabase() {
  const name = `hedgerow_restore_${Math.random().toString(16).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(() => dropDatabase(serverUrl as string, name));
  const url = new URL(serverUrl as string);
  url.pathname = `/${name}`;
  return url.toString();
}

beforeAll(async () => {
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hedgerow-backup-'));
  dataDir = path.join(workDir, 'data');
  if (onPostgres) {
    const created = await createDatabaseFromTemplate(
      serverUrl as string,
      inject('postgresTemplate') as string,
    );
    databaseUrl = created.url;
    database = await openPostgres(created.url, 5);
    cleanups.push(() => dropDatabase(serverUrl as string, created.name));
  } else {
    database = await openTestDatabase();
  }
  app = await buildApp({
    config: testConfig({ dataDir, databaseUrl }),
    database,
    logger: false,
    clock: fixedClock('2026-11-22T15:00:00Z'),
  });
  await app.ready();

  // A marketplace with an order, and a product photo uploaded through the API.
  await submittedOrder(database.db, app);
  const supplier = await insertOrganization(database.db, { name: 'Backup Nursery' });
  const branch = await insertBranch(database.db, supplier.id);
  const token = await tokenFor(
    database.db,
    (await insertUser(database.db, { organizationId: supplier.id })).id,
  );
  const product = await insertProduct(database.db, { primaryName: 'Quercus alba' });
  const { payload, contentType } = multipartForm([{ field: 'photos', filename: 'yard.png', data: png }], {
    pictureTakenOn: '11/02/2026',
    public: 'true',
    branchId: String(branch.id),
  });
  const uploaded = await app.inject({
    method: 'POST',
    url: `/api/v1/products/${product.id}/images`,
    headers: { ...bearer(token), 'content-type': contentType, 'x-client-date': '2026-11-22' },
    payload,
  });
  if (uploaded.statusCode !== 201) throw new Error(uploaded.body);
  // Background work the setup caused (the order's notifications write their default subscriptions)
  // is done before the backup, so the copy and the database it is compared with hold the same rows.
  await app.deps.jobs.drain();
});

afterAll(async () => {
  await app.close();
  await database.close();
  for (const cleanup of cleanups.reverse()) await cleanup();
  await fs.rm(workDir, { recursive: true, force: true });
});

describe(`backups (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let backupFile: string;

  it('a backup asked of the running server restores into an empty data folder with every row and file', async () => {
    const channel = await openBackupChannel(dataDir);
    channel.serve({ database, databaseUrl, dataDir, storage: app.deps.storage });
    try {
      const server = await findRunningServer(dataDir);
      expect(server?.pid).toBe(process.pid);
      backupFile = path.join(workDir, 'backup.tar.gz');
      await requestBackup(server as NonNullable<typeof server>, backupFile);
    } finally {
      await channel.close();
    }
    expect(await findRunningServer(dataDir)).toBeNull();
    const before = await contentsOf(database.db);
    expect(before.orders).toHaveLength(1);
    expect(before.productImages).toHaveLength(1);

    const restoredDir = path.join(workDir, 'restored');
    const restoredUrl = onPostgres ? await emptyPostgresDatabase() : undefined;
    const manifest = await restoreBackup(backupFile, { dataDir: restoredDir, databaseUrl: restoredUrl });
    expect(manifest.engine).toBe(onPostgres ? 'postgres' : 'pglite');
    expect(manifest.lastMigration).toMatch(/^\d{4}_/);

    const restored = restoredUrl
      ? await openPostgres(restoredUrl, 1)
      : await openPglite({ dataDir: path.join(restoredDir, 'pglite') });
    try {
      expect(await contentsOf(restored.db)).toEqual(before);
    } finally {
      await restored.close();
    }
    const key = before.productImages[0].storage_key as string;
    expect(await fs.readFile(path.join(restoredDir, 'uploads', key))).toEqual(png);
    // Opens PGlite twice (the restore, then the check) at about 4.5 s each on a quiet machine.
  }, 120_000);

  it('refuses to restore over a data folder that holds something, and a damaged or mismatched file', async () => {
    const restoredDir = path.join(workDir, 'restored');
    const restoredUrl = onPostgres ? await emptyPostgresDatabase() : undefined;
    // The uploads are already there (and, on PGlite, the database): nothing is overwritten.
    await expect(
      restoreBackup(backupFile, { dataDir: restoredDir, databaseUrl: restoredUrl }),
    ).rejects.toThrow(/is not empty/);
    await expect(
      restoreBackup(backupFile, {
        dataDir: path.join(workDir, 'other'),
        databaseUrl: onPostgres ? undefined : 'postgres://127.0.0.1:1/none',
      }),
    ).rejects.toThrow(onPostgres ? /set DATABASE_URL/ : /unset DATABASE_URL/);

    const damaged = path.join(workDir, 'damaged.tar.gz');
    const bytes = await fs.readFile(backupFile);
    await fs.writeFile(damaged, bytes.subarray(0, Math.floor(bytes.length * 0.8)));
    await expect(
      restoreBackup(damaged, { dataDir: path.join(workDir, 'other'), databaseUrl: undefined }),
    ).rejects.toThrow(BackupError);
    expect(await fs.readdir(path.join(workDir, 'other')).catch(() => [])).toEqual([]);
  });

  it('a file removed while a backup copies the files stays until the copy is done', async () => {
    const key = await app.deps.storage.put('product-images', 'png', png);
    const file = path.join(dataDir, 'uploads', key);
    await app.deps.storage.whileRemovalsWait(async () => {
      await app.deps.storage.remove(key);
      await expect(fs.stat(file)).resolves.toBeTruthy();
    });
    await expect(fs.stat(file)).rejects.toThrow(/ENOENT/);
  });

  it('the backup channel asks for its secret and says when the server is still starting', async () => {
    const startingDir = path.join(workDir, 'starting');
    const channel = await openBackupChannel(startingDir);
    try {
      const server = await findRunningServer(startingDir);
      if (!server) throw new Error('no channel file');
      const out = path.join(workDir, 'never.tar.gz');
      await expect(requestBackup({ ...server, secret: 'guess' }, out)).rejects.toThrow(/secret/);
      await expect(requestBackup(server, out)).rejects.toThrow(/still starting/);
      await expect(fs.stat(out)).rejects.toThrow(/ENOENT/);
    } finally {
      await channel.close();
    }
  });

  it('without a running server the backup is taken directly from the open database', async () => {
    const file = path.join(workDir, 'direct.tar.gz');
    const manifest = await takeBackup({ database, databaseUrl, dataDir }, file);
    // The one photo, with its small and mini sizes.
    expect(Object.keys(manifest.files).filter((name) => name.startsWith('uploads/'))).toHaveLength(3);
  });
});
