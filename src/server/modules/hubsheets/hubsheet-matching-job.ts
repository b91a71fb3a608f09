import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../core/database';
import { matchColumns, matchListLines, unmatchedColumns } from './hubsheet-matching';
import * as repo from './hubsheets.repository';

/** Lists longer than this are matched in the background after the hubsheet is created (issue 5). */
export const inlineMatchingLimit = 200;
const batchSize = 100;

/**
 * Matches long hubsheets in the background, one hubsheet at a time, in batches of lines; each batch
 * is written as it finishes so the page shows progress and stays usable. State lives in the
 * database (hubsheets.matching_state, list_items.match_state), so a hubsheet left pending or running
 * when the server stopped is taken up again at the next start (resume).
 */
export class HubsheetMatchingJob {
  private readonly queue: number[] = [];
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
  ) {}

  /** Queues a hubsheet whose lines are pending. */
  enqueue(hubsheetId: number) {
    if (this.stopped || this.queue.includes(hubsheetId)) return;
    this.queue.push(hubsheetId);
    this.kick();
  }

  /** Takes up every hubsheet whose matching did not finish. */
  async resume() {
    for (const id of await repo.findUnfinishedMatching(this.db)) this.enqueue(id);
  }

  /** Resolves when the queue is empty (tests and shutdown). */
  async whenIdle() {
    while (this.running) await this.running;
  }

  /** Stops after the current batch; what is left resumes at the next start. */
  async stop() {
    this.stopped = true;
    await this.whenIdle();
  }

  private kick() {
    if (this.running || this.stopped) return;
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.queue.length > 0) this.kick();
    });
  }

  private async drain() {
    while (this.queue.length > 0 && !this.stopped) {
      const id = this.queue.shift() as number;
      try {
        await this.matchHubsheet(id);
      } catch (error) {
        this.log.error({ err: error, hubsheetId: id }, 'background matching of a hubsheet failed');
      }
    }
  }

  private async matchHubsheet(id: number) {
    const hubsheet = await repo.findHubsheet(this.db, id);
    if (!hubsheet) return;
    await repo.setMatchingState(this.db, id, 'running');
    while (!this.stopped) {
      const batch = await repo.claimPendingItems(this.db, id, batchSize);
      if (batch.length === 0) break;
      const lines = batch.map((item) => ({
        text: item.original_text,
        sizeText: item.size_text,
        evidence: item.evidence,
      }));
      let writes: repo.MatchWrite[];
      try {
        const results = await matchListLines(this.db, hubsheet.organizationId, lines);
        writes = batch.map((item, index) => ({ id: item.id, ...toWrite(matchColumns(results[index])) }));
      } catch (error) {
        // A batch the matcher cannot read becomes No Match rather than blocking the list for ever.
        this.log.error({ err: error, hubsheetId: id }, 'matching a batch of hubsheet lines failed');
        writes = batch.map((item) => ({ id: item.id, ...toWrite(unmatchedColumns) }));
      }
      await repo.saveBackgroundMatches(this.db, writes);
      // Let requests waiting on the database go first.
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (!this.stopped) await repo.setMatchingState(this.db, id, 'done');
  }
}

function toWrite(columns: ReturnType<typeof matchColumns>): Omit<repo.MatchWrite, 'id'> {
  return {
    matchScore: columns.matchScore ?? 0,
    productId: columns.productId ?? null,
    productVariantId: columns.productVariantId ?? null,
    alternatives: columns.alternatives ?? [],
  };
}
