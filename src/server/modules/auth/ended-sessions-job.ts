import type { Clock } from '../../core/clock';
import type { Db } from '../../core/database';
import type { JobQueue } from '../../jobs/job-queue';
import { deleteEndedBefore } from './auth.repository';

export const endedSessionsQueue = 'delete-ended-sessions';

/** How long an ended session or reset link is kept, for looking into a sign-in problem. */
export const endedSessionsKeptDays = 30;

/**
 * Every night, deletes sessions and password reset links that ended more than 30 days ago; nothing
 * else removes them, and every sign-in adds one.
 */
export function registerEndedSessionsCleanup(jobs: JobQueue, db: Db, clock: Clock) {
  jobs.schedule(endedSessionsQueue, '30 3 * * *', async () => {
    await deleteEndedBefore(db, new Date(clock.now().getTime() - endedSessionsKeptDays * 86_400_000));
  });
}
