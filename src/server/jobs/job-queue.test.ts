import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../core/database';
import { queryRows } from '../db/client';
import { openTestDatabase } from '../test/test-app';
import { type JobContext, JobQueue } from './job-queue';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const warnings: string[] = [];
const log = {
  warn: (_object: object, message: string) => warnings.push(message),
  error: (_object: object, message: string) => warnings.push(message),
};

/** A queue on the test database; a long poll interval so only drain() and start() fetch. */
const queueOnDatabase = () => new JobQueue(database, { log, pollIntervalMs: 60_000 });

describe('the job queue', () => {
  it('runs a job sent before a restart once the next process starts', async () => {
    // The first process stops before the job is done: if it had taken the job, the stop fails this
    // try and the retry is left for the next process.
    const first = queueOnDatabase();
    first.work('restart-test', { retryLimit: 1 }, async (_data, job) => {
      await new Promise((resolve) => job.signal.addEventListener('abort', resolve));
      throw new Error('stopped');
    });
    await first.start();
    await first.send('restart-test', { order: 42 });
    await first.stop();

    const ran: unknown[] = [];
    const second = queueOnDatabase();
    second.work<{ order: number }>('restart-test', { retryLimit: 1 }, async (data) => {
      ran.push(data);
    });
    await second.start();
    await second.drain();
    await second.stop();
    expect(ran).toEqual([{ order: 42 }]);
  });

  it('runs each job once when two processes work the same queue', async () => {
    const runs: number[] = [];
    const processes = [queueOnDatabase(), queueOnDatabase()];
    for (const queue of processes) {
      queue.work<{ n: number }>('once-test', {}, async ({ n }) => {
        runs.push(n);
        // Hand the database to the other process between jobs.
        await new Promise((resolve) => setImmediate(resolve));
      });
      await queue.start();
    }
    for (let n = 1; n <= 30; n += 1) await processes[n % 2].send('once-test', { n });
    await Promise.all(processes.map((queue) => queue.drain()));
    await Promise.all(processes.map((queue) => queue.stop()));
    expect(runs.toSorted((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });

  it('retries a failing job up to its limit and tells the handler which try is the last', async () => {
    const tries: Pick<JobContext, 'attempt' | 'isLastAttempt'>[] = [];
    const queue = queueOnDatabase();
    queue.work('retry-test', { retryLimit: 2 }, async (_data, job) => {
      tries.push({ attempt: job.attempt, isLastAttempt: job.isLastAttempt });
      throw new Error('still broken');
    });
    await queue.start();
    await queue.send('retry-test', {});
    await queue.drain();
    await queue.stop();
    expect(tries).toEqual([
      { attempt: 1, isLastAttempt: false },
      { attempt: 2, isLastAttempt: false },
      { attempt: 3, isLastAttempt: true },
    ]);
    const [job] = await queryRows<{ state: string; output: { message: string } }>(
      database.db,
      sql`select state, output from pgboss.job where name = 'retry-test'`,
    );
    expect(job).toEqual({ state: 'failed', output: { message: 'still broken' } });
  });

  it('keeps a schedule in pg-boss, whose jobs run the scheduled handler', async () => {
    const ran: string[] = [];
    const queue = queueOnDatabase();
    queue.schedule('nightly-test', '0 6 * * *', async () => {
      ran.push('nightly');
    });
    await queue.start();
    expect(
      await queryRows(
        database.db,
        sql`select cron, timezone from pgboss.schedule where name = 'nightly-test'`,
      ),
    ).toEqual([{ cron: '0 6 * * *', timezone: 'UTC' }]);
    // What pg-boss's timekeeper sends at 06:00.
    await queue.send('nightly-test', {});
    await queue.drain();
    await queue.stop();
    expect(ran).toEqual(['nightly']);
  });

  it('refuses a job for a queue nobody registered', async () => {
    const queue = queueOnDatabase();
    await queue.start();
    await expect(queue.send('unknown-queue', {})).rejects.toThrow('No queue named unknown-queue');
    await queue.stop();
  });
});
