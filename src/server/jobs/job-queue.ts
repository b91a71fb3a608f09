import { createRequire } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import type { Database, Executor } from '../core/database';
import { bossSql } from './boss-sql';

/** What a handler learns about the job it runs. */
export type JobContext = {
  id: string;
  /** 1 on the first try, 2 on the first retry, … */
  attempt: number;
  /** No retry follows if this try fails. */
  isLastAttempt: boolean;
  /** Aborted when the process stops: a long job stops at its next safe point and leaves the rest. */
  signal: AbortSignal;
};

export type JobHandler<T> = (data: T, job: JobContext) => Promise<void>;

/** How a queue's jobs are retried; a failed try waits retryDelaySeconds, doubled per try with backoff. */
export type QueueSettings = {
  /** Tries after the first (4 means five tries in all). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /** A try still running after this long (its process died) is failed and retried. */
  expireInSeconds?: number;
  /**
   * 'stately': at most one job per singletonKey waits and one runs, so sending the same work twice
   * (a hubsheet to match) queues it once.
   */
  policy?: 'standard' | 'stately';
};

/** Puts work on a queue; modules receive this rather than the whole JobQueue. */
export type JobSender = {
  /**
   * Queues a job. Pass the caller's transaction as `db` when there is one: the job then exists only if
   * that transaction commits.
   */
  send<T extends object>(
    queue: string,
    data: T,
    options?: { db?: Executor; singletonKey?: string },
  ): Promise<void>;
};

type Log = { warn(object: object, message: string): void; error(object: object, message: string): void };

type Registration = { name: string; settings: QueueSettings; handler: JobHandler<never> };

type JobQueueOptions = {
  /** How often an idle queue looks for work (jobs sent by another process, retries coming due). */
  pollIntervalMs?: number;
  log: Log;
};

/**
 * Background work on pg-boss, in the app's own database (jobs are rows, so they survive a restart,
 * and pg-boss's SKIP LOCKED fetch runs each one once however many processes work the queue).
 * Modules register their queues and schedules before start(); the composition root starts the queue
 * with the app and stops it on close.
 */
export class JobQueue implements JobSender {
  private readonly boss: PgBoss;
  private readonly registrations = new Map<string, Registration>();
  private readonly schedules = new Map<string, { cron: string; timezone: string }>();
  private readonly startTasks: (() => Promise<void>)[] = [];
  private readonly running = new Set<Promise<void>>();
  /** Fetches in flight: a job they return is in neither the database's due jobs nor `running` yet. */
  private readonly fetching = new Set<Promise<unknown>>();
  private readonly loops: Promise<void>[] = [];
  private readonly finishedListeners: (() => void)[] = [];
  private readonly stopping = new AbortController();
  private readonly pollIntervalMs: number;
  private readonly log: Log;
  private started = false;

  constructor(database: Database, options: JobQueueOptions) {
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.log = options.log;
    // pg-boss's defaults keep a finished job 12 hours, then a week in its archive.
    this.boss = new PgBoss({ db: bossSql(database.db) });
    this.boss.on('error', (error) =>
      this.log.error({ err: error }, 'background jobs: pg-boss reported an error'),
    );
  }

  /**
   * Calls `listener` after each job this process ran, done or failed: a job's writes are writes like a
   * request's, and the per-process caches follow them (http/writes.ts).
   */
  onJobFinished(listener: () => void) {
    this.finishedListeners.push(listener);
  }

  /** Registers the handler of a queue; its jobs run in this process once the queue has started. */
  work<T extends object>(name: string, settings: QueueSettings, handler: JobHandler<T>) {
    if (this.started) throw new Error(`Queue ${name} registered after the job queue started`);
    if (this.registrations.has(name)) throw new Error(`Queue ${name} is registered twice`);
    this.registrations.set(name, { name, settings, handler: handler as JobHandler<never> });
  }

  /**
   * Runs a handler on a cron schedule (`'0 6 * * *'`, UTC unless a timezone is given). pg-boss sends
   * one job per due time however many processes run, and the handler runs like any other job.
   */
  schedule(
    name: string,
    cron: string,
    handler: JobHandler<object>,
    options: { timezone?: string; settings?: QueueSettings } = {},
  ) {
    this.work(name, options.settings ?? {}, handler);
    this.schedules.set(name, { cron, timezone: options.timezone ?? 'UTC' });
  }

  /** Runs a task once the queues exist (a module queuing work left unfinished by the last stop). */
  whenStarted(task: () => Promise<void>) {
    this.startTasks.push(task);
  }

  async send<T extends object>(
    queue: string,
    data: T,
    options: { db?: Executor; singletonKey?: string } = {},
  ) {
    if (!this.registrations.has(queue)) throw new Error(`No queue named ${queue}`);
    await this.boss.send(queue, data, {
      singletonKey: options.singletonKey,
      ...(options.db ? { db: bossSql(options.db) } : {}),
    });
  }

  /** Installs pg-boss's tables (first start), creates the queues and schedules, and starts working. */
  async start() {
    if (this.started) return;
    this.started = true;
    await this.boss.start();
    for (const { name, settings } of this.registrations.values()) {
      const options = {
        policy: settings.policy ?? 'standard',
        retryLimit: settings.retryLimit ?? 0,
        retryDelay: settings.retryDelaySeconds ?? 0,
        retryBackoff: settings.retryBackoff ?? false,
        expireInSeconds: settings.expireInSeconds ?? 15 * 60,
      };
      await this.boss.createQueue(name, { name, ...options });
      // A queue created by an earlier version keeps its settings unless they are written again.
      await this.boss.updateQueue(name, { name, ...options });
    }
    for (const [name, { cron, timezone }] of this.schedules) {
      await this.boss.schedule(name, cron, {}, { tz: timezone });
    }
    for (const registration of this.registrations.values()) this.loops.push(this.workLoop(registration));
    for (const task of this.startTasks) {
      await task().catch((error) => this.log.error({ err: error }, 'background jobs: a start task failed'));
    }
  }

  /** Stops taking jobs, lets running ones finish (long ones are asked to stop), and stops pg-boss. */
  async stop() {
    if (!this.started || this.stopping.signal.aborted) return;
    this.stopping.abort();
    await Promise.allSettled(this.loops);
    await Promise.allSettled(this.running);
    await this.boss.stop({ graceful: true, wait: true, timeout: 1000 });
  }

  /**
   * Runs every job that is due until none is left, including retries due at once and jobs that
   * running jobs send. Tests wait on it instead of the clock; jobs due later (a back-off) are left.
   */
  async drain() {
    for (;;) {
      // A job a work loop is fetching right now is no longer due and not yet running: it counts as
      // busy, or drain could return just before it runs (and never see its retries).
      const wasBusy = this.running.size > 0 || this.fetching.size > 0;
      let ran = 0;
      for (const registration of this.registrations.values()) ran += await this.runDueJobs(registration);
      await Promise.allSettled([...this.fetching, ...this.running]);
      if (ran === 0 && !wasBusy) return;
    }
  }

  private async workLoop(registration: Registration) {
    const { signal } = this.stopping;
    while (!signal.aborted) {
      let ran = 0;
      try {
        ran = await this.runDueJobs(registration);
      } catch (error) {
        this.log.warn({ err: error, queue: registration.name }, 'background jobs: could not fetch a job');
      }
      if (ran === 0) await sleep(this.pollIntervalMs, undefined, { signal }).catch(() => undefined);
    }
  }

  /** Fetches and runs the due jobs of one queue, one at a time; answers how many ran. */
  private async runDueJobs(registration: Registration) {
    let ran = 0;
    while (!this.stopping.signal.aborted) {
      const fetch = this.boss.fetch<object>(registration.name, { includeMetadata: true });
      this.fetching.add(fetch);
      let job: Awaited<typeof fetch>[number] | undefined;
      try {
        [job] = await fetch;
      } finally {
        this.fetching.delete(fetch);
      }
      if (!job) break;
      const run = this.runJob(registration, job);
      this.running.add(run);
      try {
        await run;
      } finally {
        this.running.delete(run);
      }
      ran += 1;
    }
    return ran;
  }

  private async runJob(registration: Registration, job: PgBoss.JobWithMetadata<object>) {
    const context: JobContext = {
      id: job.id,
      attempt: job.retryCount + 1,
      isLastAttempt: job.retryCount >= job.retryLimit,
      signal: this.stopping.signal,
    };
    try {
      await registration.handler(job.data as never, context);
      await this.boss.complete(registration.name, job.id);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.log.warn(
        { queue: registration.name, jobId: job.id, attempt: context.attempt, error: message },
        context.isLastAttempt
          ? 'background job failed for good'
          : 'background job failed; it will be retried',
      );
      // pg-boss schedules the retry (with back-off) or, after the last try, marks the job failed.
      await this.boss.fail(registration.name, job.id, { message });
    } finally {
      for (const listener of this.finishedListeners) listener();
    }
  }
}

// pg-boss's own SQL for queuing one job (what boss.send runs), read from its plans module.
const bossPlans = createRequire(import.meta.url)('pg-boss/src/plans.js') as {
  insertJob(schema: string): string;
};
const insertJobSql = bossPlans.insertJob('pgboss');

/**
 * Queues a job on a handle alone (a transaction deep inside a service that holds no JobQueue), with
 * the statement pg-boss's send runs, so the job takes its queue's retry settings and exists only if
 * the caller's transaction commits. Like send, it queues nothing on a queue that was never created
 * (nor before pg-boss has installed its tables).
 */
export async function sendJobWithin<T extends object>(executor: Executor, queue: string, data: T) {
  const client = bossSql(executor);
  // Before pg-boss's first start (the demo seed of a new database) there are no job tables to queue in.
  const { rows } = await client.executeSql("select to_regclass('pgboss.job') is not null as ready", []);
  if (!(rows[0] as { ready: boolean }).ready) return;
  const values = [null, queue, JSON.stringify(data), ...new Array(16).fill(null)];
  await client.executeSql(insertJobSql, values);
}

/** Creates pg-boss's tables now rather than at the first start (the tests' template database). */
export async function installJobTables(database: Database) {
  const boss = new PgBoss({ db: bossSql(database.db), schedule: false, supervise: false });
  await boss.start();
  await boss.stop({ graceful: false });
}
