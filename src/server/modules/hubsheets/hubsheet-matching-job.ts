import type { Db, Executor } from '../../core/database';
import type { JobQueue, JobSender } from '../../jobs/job-queue';
import { matchColumns, matchListLines, unmatchedColumns } from './hubsheet-matching';
import * as repo from './hubsheets.repository';

/** Lists longer than this are matched in the background after the hubsheet is created (issue 5). */
export const inlineMatchingLimit = 200;
const batchSize = 100;

export const hubsheetMatchingQueue = 'hubsheet-matching';

type Log = { error(object: object, message: string): void };

/**
 * Registers the job that matches a long hubsheet in batches of lines; each batch is written as it
 * finishes, so the page shows progress and stays usable. State lives in the database
 * (hubsheets.matching_state, list_items.match_state): a job stopped with its process leaves the rest
 * of its lines pending, and every start queues the hubsheets whose matching did not finish.
 */
export function registerHubsheetMatching(jobs: JobQueue, db: Db, log: Log) {
  jobs.work<{ hubsheetId: number }>(
    hubsheetMatchingQueue,
    // One job per hubsheet waits and one runs: queuing a hubsheet twice matches it once.
    { policy: 'stately', retryLimit: 3, retryDelaySeconds: 10, retryBackoff: true },
    async ({ hubsheetId }, job) => matchHubsheet(db, log, hubsheetId, job.signal),
  );
  jobs.whenStarted(() => resumeHubsheetMatching(db, jobs));
}

/** Queues a hubsheet whose lines are pending; inside a transaction, pass it as `db`. */
export async function queueHubsheetMatching(jobs: JobSender, hubsheetId: number, db?: Executor) {
  await jobs.send(hubsheetMatchingQueue, { hubsheetId }, { db, singletonKey: String(hubsheetId) });
}

/** Queues every hubsheet whose matching did not finish (its process stopped mid-list). */
export async function resumeHubsheetMatching(db: Db, jobs: JobSender) {
  for (const id of await repo.findUnfinishedMatching(db)) await queueHubsheetMatching(jobs, id);
}

async function matchHubsheet(db: Db, log: Log, id: number, signal: AbortSignal) {
  const hubsheet = await repo.findHubsheet(db, id);
  if (!hubsheet) return;
  await repo.setMatchingState(db, id, 'running');
  while (!signal.aborted) {
    const batch = await repo.claimPendingItems(db, id, batchSize);
    if (batch.length === 0) break;
    const lines = batch.map((item) => ({
      text: item.original_text,
      sizeText: item.size_text,
      evidence: item.evidence,
    }));
    let writes: repo.MatchWrite[];
    try {
      const results = await matchListLines(db, hubsheet.organizationId, lines);
      writes = batch.map((item, index) => ({ id: item.id, ...toWrite(matchColumns(results[index])) }));
    } catch (error) {
      // A batch the matcher cannot read becomes No Match rather than blocking the list for ever.
      log.error({ err: error, hubsheetId: id }, 'matching a batch of hubsheet lines failed');
      writes = batch.map((item) => ({ id: item.id, ...toWrite(unmatchedColumns) }));
    }
    await repo.saveBackgroundMatches(db, writes);
    // Let requests waiting on the database go first.
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (!signal.aborted) await repo.setMatchingState(db, id, 'done');
}

function toWrite(columns: ReturnType<typeof matchColumns>): Omit<repo.MatchWrite, 'id'> {
  return {
    matchScore: columns.matchScore ?? 0,
    productId: columns.productId ?? null,
    productVariantId: columns.productVariantId ?? null,
    alternatives: columns.alternatives ?? [],
  };
}
