/**
 * Remembers the answer of the session lookup (session, user, organisation, branches, favourites) for a
 * token for a moment, so the several calls of one page load read the session once.
 *
 * Staleness is bounded two ways. In this process, every write request (anything but GET, HEAD and
 * OPTIONS) empties the cache when it starts and again once its handler is done, before its answer is
 * sent, and a lookup that began before then is not stored (the generation moved): no request that
 * starts after a write's answer sees a session or user older than that write. Writes made by another
 * server process on the same database (sign-out, suspension) empty it when that process's notice
 * arrives (http/peer-writes.ts), and while notices cannot be heard the cache stands aside (`standAside`);
 * a write no process announces (made with psql, say) takes effect within `ttlMs`. An entry never
 * outlives its session.
 */
export class SessionCache<T extends { session: { expiresAt: Date } }> {
  private readonly entries = new Map<string, { found: T | null; until: number }>();
  private generation = 0;
  private bypassed = false;
  private static readonly maxEntries = 10_000;

  constructor(readonly ttlMs: number) {}

  /** The lookup's answer for a token hash, from the cache while fresh, else from `lookup`. */
  async get(tokenHash: string, lookup: () => Promise<T | null>): Promise<T | null> {
    if (this.ttlMs <= 0 || this.bypassed) return lookup();
    const now = Date.now();
    const entry = this.entries.get(tokenHash);
    if (entry && entry.until > now) return entry.found;
    const generation = this.generation;
    const found = await lookup();
    if (generation === this.generation) {
      if (this.entries.size >= SessionCache.maxEntries) this.entries.clear();
      const until = Math.min(
        now + this.ttlMs,
        found ? found.session.expiresAt.getTime() : Number.POSITIVE_INFINITY,
      );
      this.entries.set(tokenHash, { found, until });
    }
    return found;
  }

  /** Forgets everything; lookups in flight will not store what they read. */
  clear() {
    this.generation += 1;
    this.entries.clear();
  }

  /** Stops caching (every lookup reads) until `resume`: while other processes' writes go unheard. */
  standAside() {
    this.bypassed = true;
    this.clear();
  }

  /** Caches again, starting empty. */
  resume() {
    this.bypassed = false;
    this.clear();
  }

  get size() {
    return this.entries.size;
  }
}
