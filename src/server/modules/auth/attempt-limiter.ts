import { and, count, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Executor } from '../../core/database';
import { signInFailures } from './auth.tables';

/** Sweep the failures of every key once per this many recorded, so keys that stop failing go too. */
const sweepEvery = 200;

/**
 * Counts failed attempts per key in a sliding window, in the database (`sign_in_failures`), so every
 * server process on one database counts the same failures: ten wrong passwords spread over several
 * processes are still ten (docs/decisions.md, 'Sign-in failures are counted in the database').
 * Checking and recording are separate statements, so a burst of concurrent attempts may pass the limit
 * by the few that were checked before the others were recorded; each is still a full password check.
 */
export class AttemptLimiter {
  private recorded = 0;

  constructor(
    private readonly db: Executor,
    private readonly maxFailures: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** True when any of the keys has reached its limit within the window. */
  async isBlocked(keys: string[]): Promise<boolean> {
    const counts = await this.db
      .select({ failures: count() })
      .from(signInFailures)
      .where(and(inArray(signInFailures.key, keys), gt(signInFailures.failedAt, this.windowStart())))
      .groupBy(signInFailures.key);
    return counts.some((row) => row.failures >= this.maxFailures);
  }

  async recordFailure(keys: string[]): Promise<void> {
    const failedAt = new Date(this.now());
    await this.db.insert(signInFailures).values(keys.map((key) => ({ key, failedAt })));
    this.recorded += 1;
    if (this.recorded % sweepEvery === 0) {
      await this.db.delete(signInFailures).where(lt(signInFailures.failedAt, this.windowStart()));
    }
  }

  async reset(key: string): Promise<void> {
    await this.db.delete(signInFailures).where(eq(signInFailures.key, key));
  }

  private windowStart() {
    return new Date(this.now() - this.windowMs);
  }
}
