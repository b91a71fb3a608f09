import type { MarketplaceFigures } from '../../../domain/marketing/marketplace-figures';
import type { Clock } from '../../core/clock';
import type { Executor } from '../../core/database';
import { countMarketplaceFigures } from '../../read-models/marketplace-figures';

/**
 * The landing page's figures, counted at most once per `ttlMs`: every visitor's first page asks for
 * them, and a count a minute old is as true to a visitor as a fresh one. Concurrent misses share one
 * count.
 */
export class MarketplaceFiguresCache {
  private entry: { figures: MarketplaceFigures; until: number } | null = null;
  private pending: Promise<MarketplaceFigures> | null = null;

  constructor(
    readonly ttlMs: number,
    private readonly clock: Clock,
  ) {}

  async get(db: Executor): Promise<MarketplaceFigures> {
    const now = this.clock.now().getTime();
    if (this.entry && this.entry.until > now) return this.entry.figures;
    this.pending ??= countMarketplaceFigures(db)
      .then((figures) => {
        this.entry = { figures, until: this.clock.now().getTime() + this.ttlMs };
        return figures;
      })
      .finally(() => {
        this.pending = null;
      });
    return this.pending;
  }
}
