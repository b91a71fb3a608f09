/**
 * Counts failed attempts per key in a sliding window, in memory. One server process is the deployment
 * unit today; a shared store would be needed before running several (see docs/decisions.md).
 */
export class AttemptLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** True when any of the keys has reached its limit within the window. */
  isBlocked(keys: string[]): boolean {
    return keys.some((key) => this.recent(key).length >= this.maxFailures);
  }

  recordFailure(keys: string[]): void {
    for (const key of keys) {
      const list = this.recent(key);
      list.push(this.now());
      this.failures.set(key, list);
    }
    if (this.failures.size > 50_000) this.sweep();
  }

  reset(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    return (this.failures.get(key) ?? []).filter((at) => at > since);
  }

  private sweep(): void {
    for (const key of this.failures.keys()) {
      if (this.recent(key).length === 0) this.failures.delete(key);
    }
  }
}
