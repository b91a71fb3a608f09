import type { MarketplaceFiguresCache } from './marketplace-figures.service';

// The marketing module's long-lived objects, built by the composition root (src/server/app.ts).
declare module '../../core/deps' {
  interface AppDeps {
    /** The landing page's figures, counted at most once a minute. */
    marketplaceFigures: MarketplaceFiguresCache;
  }
}
