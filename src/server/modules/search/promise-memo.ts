/**
 * Promised values remembered by key: for `ttlMs` (Infinity: until pushed out), at most `maxEntries`
 * (the oldest go first). Concurrent asks for one key share one computation; a failure is forgotten,
 * so the next ask computes again.
 */
export class PromiseMemo<T> {
  private readonly entries = new Map<string, { expires: number; value: Promise<T> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  get(key: string, compute: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const found = this.entries.get(key);
    if (found && found.expires > now) return found.value;
    if (found) this.entries.delete(key);
    const value = compute();
    this.entries.set(key, { expires: now + this.ttlMs, value });
    value.catch(() => this.entries.delete(key));
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return value;
  }
}
