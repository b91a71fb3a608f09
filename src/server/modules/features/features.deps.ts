import type { FeatureCache } from './features.service';

// The features module's long-lived objects, built by the composition root (src/server/app.ts).
declare module '../../core/deps' {
  interface AppDeps {
    /** Every feature and its enablements, read on each signed-in request. */
    features: FeatureCache;
  }
}
