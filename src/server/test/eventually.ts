/**
 * How long a test waits for something that follows a write asynchronously (the search index's refresh,
 * a peer process's notice). Generous on purpose: these tests check that it happens, not how fast; the
 * speed targets (search reflects a change within 2 s) are measured by `npm run bench`, where a loaded
 * CI machine cannot turn them into a flaky failure.
 */
export const eventuallyTimeoutMs = 15_000;

/** Calls `check` every `intervalMs` until it answers true (then true) or the time is up (then false). */
export async function eventually(check: () => Promise<boolean>, intervalMs = 50): Promise<boolean> {
  const deadline = Date.now() + eventuallyTimeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
