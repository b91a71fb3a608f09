import type { FastifyInstance } from 'fastify';
import { PeerWrites } from './peer-writes';

const readMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Calls `started` when every write request (anything but GET, HEAD and OPTIONS) starts and `answered`
 * once its handler is done, before its answer is sent: what an in-process cache needs to never serve a
 * request something older than a write this process has answered.
 */
export function onWrites(app: FastifyInstance, listeners: { started(): void; answered(): void }) {
  // Callback hooks, not async ones: they run on every request, and an async hook costs a promise each.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!readMethods.has(request.method)) listeners.started();
    done();
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (!readMethods.has(request.method)) listeners.answered();
    done(null, payload);
  });
}

/** The per-process caches that follow writes (auth/session-cache.ts, search/search-index.ts). */
export type WriteFollowers = {
  sessionCache: { clear(): void; standAside(): void; resume(): void };
  searchIndex: { noteWrite(): void; refresh(): void };
};

/** How often the search index pulls the change log on its own, in case another process's notice was lost. */
const changeLogPollMs = 1000;

/**
 * Keeps the caches in step with writes. This process's write requests and finished jobs empty them. With DATABASE_URL,
 * where several processes may share the database, each also announces its answered writes to the
 * others and hears theirs (http/peer-writes.ts): the session cache empties and the search index pulls
 * the change log at once, and a timer pulls it every second besides, so a lost notice still shows
 * within two. On PGlite (one process) nothing more runs.
 */
export function followWrites(
  app: FastifyInstance,
  followers: WriteFollowers,
  jobs: { onJobFinished(listener: () => void): void },
  databaseUrl: string | undefined,
) {
  const { sessionCache, searchIndex } = followers;
  const noteWrite = () => {
    sessionCache.clear();
    searchIndex.noteWrite();
  };
  if (!databaseUrl) {
    onWrites(app, { started: noteWrite, answered: noteWrite });
    jobs.onJobFinished(noteWrite);
    return;
  }
  const peers = new PeerWrites(
    databaseUrl,
    {
      onPeerWrite: () => {
        sessionCache.clear();
        searchIndex.refresh();
      },
      onListening: (listening) => {
        if (!listening) return sessionCache.standAside();
        // Writes made while not listening went unheard: start from the database again.
        sessionCache.resume();
        searchIndex.refresh();
      },
    },
    (message) => app.log.warn(message),
  );
  // Until the first notice can be heard, another process's write could go unnoticed.
  sessionCache.standAside();
  const answered = () => {
    noteWrite();
    peers.announce();
  };
  onWrites(app, { started: noteWrite, answered });
  // A background job's writes (an availability upload applied, a payment settled) count the same.
  jobs.onJobFinished(answered);
  let poll: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await peers.start();
    poll = setInterval(() => searchIndex.refresh(), changeLogPollMs);
    poll.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(poll);
    await peers.close();
  });
}
