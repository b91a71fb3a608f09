import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import * as tar from 'tar';

/**
 * A backup is one .tar.gz:
 *   manifest.json                what it holds, with the size and SHA-256 of every other entry
 *   database/pgdata.tar.gz       PGlite's data folder (PGlite's own dump), or
 *   database/postgres.dump       `pg_dump --format=custom` of the DATABASE_URL database
 *   uploads/<prefix>/<file>      the uploaded files, as they lie under DATA_DIR/uploads
 */
export type BackupManifest = {
  format: 'hedgerow-backup';
  version: 1;
  createdAt: string;
  engine: 'pglite' | 'postgres';
  /** The last migration applied when the backup was taken. */
  lastMigration: string | null;
  files: Record<string, { bytes: number; sha256: string }>;
};

export const manifestName = 'manifest.json';
export const databaseEntryOf = (engine: BackupManifest['engine']) =>
  engine === 'pglite' ? 'database/pgdata.tar.gz' : 'database/postgres.dump';

/** Thrown when a file is not a readable Hedgerow backup, or a restore must not go ahead. */
export class BackupError extends Error {}

async function sha256Of(file: string) {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/**
 * Packs a staging folder (database/ and uploads/ already in place) into `outFile`, with a manifest
 * naming every file. The archive appears under its name only once complete.
 */
export async function packBackup(
  stagingDir: string,
  outFile: string,
  about: Omit<BackupManifest, 'format' | 'version' | 'files'>,
) {
  const files: BackupManifest['files'] = {};
  for (const file of await filesUnder(stagingDir)) {
    const full = path.join(stagingDir, file);
    files[file] = { bytes: (await fs.stat(full)).size, sha256: await sha256Of(full) };
  }
  if (!files[databaseEntryOf(about.engine)]) throw new Error('The database dump is missing from the backup');
  const manifest: BackupManifest = { format: 'hedgerow-backup', version: 1, ...about, files };
  await fs.writeFile(path.join(stagingDir, manifestName), `${JSON.stringify(manifest, null, 2)}\n`);
  const partial = `${outFile}.partial`;
  await tar.create({ gzip: true, portable: true, file: partial, cwd: stagingDir }, [
    manifestName,
    ...Object.keys(files),
  ]);
  await fs.rename(partial, outFile);
  return manifest;
}

/**
 * Reads the whole archive once and checks every entry against the manifest (sizes, SHA-256, nothing
 * missing or extra), so a truncated or altered file is refused before anything is restored.
 */
export async function verifyBackup(file: string): Promise<BackupManifest> {
  const seen = new Map<string, { bytes: number; sha256: string }>();
  const hashing: Promise<void>[] = [];
  let manifestText = '';
  try {
    await tar.list({
      file,
      onReadEntry: (entry) => {
        if (entry.type !== 'File') return entry.resume();
        const hash = createHash('sha256');
        const chunks: Buffer[] = [];
        let bytes = 0;
        entry.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          hash.update(chunk);
          if (entry.path === manifestName) chunks.push(chunk);
        });
        hashing.push(
          new Promise((resolve) =>
            entry.on('end', () => {
              seen.set(entry.path, { bytes, sha256: hash.digest('hex') });
              if (entry.path === manifestName) manifestText = Buffer.concat(chunks).toString('utf8');
              resolve();
            }),
          ),
        );
      },
    });
    await Promise.all(hashing);
  } catch (error) {
    throw new BackupError(`${file} is not a readable backup (${(error as Error).message})`);
  }
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(manifestText) as BackupManifest;
  } catch {
    throw new BackupError(`${file} has no manifest: it is not a Hedgerow backup`);
  }
  if (manifest.format !== 'hedgerow-backup' || manifest.version !== 1) {
    throw new BackupError(`${file} is not a Hedgerow backup of a version this program reads`);
  }
  seen.delete(manifestName);
  const problems: string[] = [];
  for (const [name, expected] of Object.entries(manifest.files)) {
    const found = seen.get(name);
    if (!found) problems.push(`${name} is missing`);
    else if (found.bytes !== expected.bytes || found.sha256 !== expected.sha256)
      problems.push(`${name} differs`);
    seen.delete(name);
  }
  for (const name of seen.keys()) problems.push(`${name} is not in the manifest`);
  if (problems.length > 0) {
    throw new BackupError(`${file} is damaged: ${problems.slice(0, 5).join('; ')}`);
  }
  return manifest;
}

/** Extracts a verified backup into `dir` (regular files only, no links, nothing outside `dir`). */
export async function unpackBackup(file: string, dir: string) {
  await fs.mkdir(dir, { recursive: true });
  await tar.extract({
    file,
    cwd: dir,
    strict: true,
    preservePaths: false,
    filter: (_path, entry) => 'type' in entry && entry.type === 'File',
  });
}
