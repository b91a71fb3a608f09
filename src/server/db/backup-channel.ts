import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { type BackupSource, takeBackup } from './backup';
import { BackupError } from './backup-archive';

/**
 * How `npm run db:backup` reaches a running server. PGlite lets one process open its data folder, so
 * while the server runs only the server can copy the database. It listens on 127.0.0.1 (a port of
 * its own, never the public one) and writes the port and a fresh secret into DATA_DIR, readable by
 * its owner only: whoever may read the data folder may ask for a backup, nobody else.
 */
type ChannelFile = { pid: number; port: number; secret: string };

const channelFileOf = (dataDir: string) => path.join(dataDir, 'backup-channel.json');

export type BackupChannel = {
  /** From now on, answer backup requests from this source (the server has finished starting). */
  serve(source: BackupSource): void;
  close(): Promise<void>;
};

function sameSecret(given: string, secret: string) {
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

function answer(response: http.ServerResponse, status: number, message: string) {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ message }));
}

/** Opens the channel for a server that is starting on `dataDir`; it answers 503 until `serve`. */
export async function openBackupChannel(dataDir: string): Promise<BackupChannel> {
  const secret = randomBytes(32).toString('hex');
  let source: BackupSource | null = null;
  // One backup at a time: a second request waits for the first.
  let previous: Promise<unknown> = Promise.resolve();

  async function sendBackup(response: http.ServerResponse, from: BackupSource) {
    const file = path.join(dataDir, `.backup-out-${randomUUID()}.tar.gz`);
    try {
      await takeBackup(from, file);
      const { size } = await fs.stat(file);
      response.writeHead(200, { 'content-type': 'application/gzip', 'content-length': size });
      await pipeline(createReadStream(file), response);
    } catch (error) {
      if (!response.headersSent) answer(response, 500, `The backup failed: ${(error as Error).message}`);
      else response.destroy();
    } finally {
      await fs.rm(file, { force: true });
    }
  }

  const server = http.createServer((request, response) => {
    request.resume();
    if (request.method !== 'POST' || request.url !== '/backup') return answer(response, 404, 'Not found');
    const given = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (!sameSecret(given, secret)) return answer(response, 401, 'Wrong or missing secret');
    const from = source;
    if (!from) return answer(response, 503, 'The server is still starting; try again in a moment');
    const turn = previous.then(() => sendBackup(response, from));
    previous = turn.catch(() => undefined);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as { port: number };

  await fs.mkdir(dataDir, { recursive: true });
  const file = channelFileOf(dataDir);
  const partial = `${file}.${process.pid}.partial`;
  const contents: ChannelFile = { pid: process.pid, port, secret };
  await fs.writeFile(partial, JSON.stringify(contents), { mode: 0o600 });
  await fs.rename(partial, file);

  return {
    serve(from) {
      source = from;
    },
    async close() {
      server.close();
      // A backup under way finishes before the database it copies is closed.
      await previous;
      // Another server may have started on the folder since; its file stays.
      const current = await readChannelFile(dataDir);
      if (current?.pid === process.pid) await fs.rm(file, { force: true });
    },
  };
}

async function readChannelFile(dataDir: string): Promise<ChannelFile | null> {
  try {
    return JSON.parse(await fs.readFile(channelFileOf(dataDir), 'utf8')) as ChannelFile;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The server running on `dataDir`, or null when none runs (a file left by a stopped one is ignored). */
export async function findRunningServer(dataDir: string): Promise<ChannelFile | null> {
  const channel = await readChannelFile(dataDir);
  return channel && isRunning(channel.pid) ? channel : null;
}

/** Asks the running server for a backup and writes it to `outFile` (complete, or not at all). */
export async function requestBackup(server: ChannelFile, outFile: string) {
  const partial = `${outFile}.partial`;
  // node:http rather than fetch: fetch gives up when the answer takes over five minutes to begin,
  // and a large database takes that long to copy.
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        path: '/backup',
        method: 'POST',
        headers: { authorization: `Bearer ${server.secret}` },
      },
      resolve,
    );
    request.on('error', (error) =>
      reject(
        new BackupError(
          `The server (process ${server.pid}) did not answer (${error.message}). If no Hedgerow server runs on this data folder, delete backup-channel.json in it and try again.`,
        ),
      ),
    );
    request.end();
  });
  if (response.statusCode !== 200) {
    const chunks: Buffer[] = [];
    for await (const chunk of response) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    let message = body;
    try {
      message = (JSON.parse(body) as { message: string }).message;
    } catch {
      // not JSON: show it as it came
    }
    throw new BackupError(message);
  }
  await pipeline(response, createWriteStream(partial));
  await fs.rename(partial, outFile);
}
