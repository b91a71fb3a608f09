import type { AttemptLimiter } from './attempt-limiter';
import type { SessionWithUser } from './auth.service';
import type { SessionCache } from './session-cache';

// The auth module's long-lived objects, built by the composition root (src/server/app.ts).
declare module '../../core/deps' {
  interface AppDeps {
    /** Counts failed sign-ins per e-mail and address. */
    signInLimiter: AttemptLimiter;
    /** Recent token lookups, so the several calls of one page load read the session once. */
    sessionCache: SessionCache<SessionWithUser>;
  }
}
