import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live (DESIGN.md §6: a storage interface, a local folder by default). Keys are
 * made here, never taken from a user, so a key is always a safe relative path.
 */
export interface FileStorage {
  /** Stores the bytes under a new key beginning with `prefix` and returns the key. */
  put(prefix: string, extension: string, data: Buffer): Promise<string>;
  /** The stored bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the file; a missing one is not an error. */
  remove(key: string): Promise<void>;
  /**
   * Runs `work` while removals wait (they happen when it ends), so a backup that copies the database
   * and then the files finds the file of every row it copied.
   */
  whileRemovalsWait<T>(work: () => Promise<T>): Promise<T>;
}

/** The folder under DATA_DIR that holds uploaded files. */
export const uploadsDirOf = (dataDir: string) => path.join(dataDir, 'uploads');

const keyPattern = /^[a-z0-9-]+\/[0-9a-f-]{36}\.[a-z0-9]{1,5}$/;

/** A new key under `prefix`: a random name, so keys never collide between processes. */
export const newStorageKey = (prefix: string, extension: string) => `${prefix}/${randomUUID()}.${extension}`;

/** Refuses anything that is not a key this module made (a key is part of a path or URL). */
export function checkStorageKey(key: string) {
  if (!keyPattern.test(key)) throw new Error(`Not a storage key: ${key}`);
  return key;
}

/**
 * Files under one folder (`DATA_DIR/uploads` by default), one subfolder per prefix. Several processes
 * may share the folder (a shared volume): keys are random and files appear whole.
 */
export class LocalFolderStorage implements FileStorage {
  private holds = 0;
  private waitingRemovals: string[] = [];

  constructor(private readonly root: string) {}

  async put(prefix: string, extension: string, data: Buffer): Promise<string> {
    const key = newStorageKey(prefix, extension);
    const file = this.pathOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Written beside and renamed, so a reader never sees half a file.
    const partial = `${file}.partial`;
    await fs.writeFile(partial, data);
    await fs.rename(partial, file);
    return key;
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    const file = this.pathOf(key);
    if (this.holds > 0) this.waitingRemovals.push(file);
    else await fs.rm(file, { force: true });
  }

  async whileRemovalsWait<T>(work: () => Promise<T>): Promise<T> {
    this.holds++;
    try {
      return await work();
    } finally {
      this.holds--;
      if (this.holds === 0) {
        const files = this.waitingRemovals.splice(0);
        await Promise.all(files.map((file) => fs.rm(file, { force: true })));
      }
    }
  }

  private pathOf(key: string) {
    return path.join(this.root, checkStorageKey(key));
  }
}
