import type { Config } from '../config';
import type { JobQueue } from '../jobs/job-queue';
import type { FileStorage } from '../storage/file-storage';
import type { Clock } from './clock';
import type { Database, Db } from './database';

/**
 * What route handlers and services need, built once by the composition root (`buildDeps` in
 * src/server/app.ts) and decorated on the app as `app.deps`.
 *
 * Core names only what every module shares. A module that owns a long-lived object (the search
 * index, the session cache, the mailer) adds it to this interface from its own `<module>.deps.ts`
 * with `declare module`, so the dependency points from the module to core and core imports no
 * module; `buildDeps` must still build every member, or tsc refuses it.
 */
export interface AppDeps {
  db: Db;
  database: Database;
  config: Config;
  /** Uploaded files (product photos): a folder under DATA_DIR, or the S3-compatible bucket of S3_URL. */
  storage: FileStorage;
  /** Background work on pg-boss (jobs/job-queue.ts); modules register their queues, tests wait on `jobs.drain()`. */
  jobs: JobQueue;
  /** "Now" for rules about today; tests pass a fixed one. */
  clock: Clock;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
