/** A listing not updated for more than this many days is stale (its stock and price may be wrong). */
export const staleAfterDays = 30;

const dayMs = 86_400_000;

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** Tells whether a listing last updated at `updatedAt` is older than 30 days at `now`. */
export function isStale(updatedAt: Date | string, now: Date = new Date()): boolean {
  return now.getTime() - toDate(updatedAt).getTime() > staleAfterDays * dayMs;
}

/** "updated today", "updated yesterday", "updated 3 days ago", "updated 2 months ago", "updated 1 year ago". */
export function updatedAgoText(updatedAt: Date | string, now: Date = new Date()): string {
  const days = Math.max(0, Math.floor((now.getTime() - toDate(updatedAt).getTime()) / dayMs));
  if (days === 0) return 'updated today';
  if (days === 1) return 'updated yesterday';
  if (days < 60) return `updated ${days} days ago`;
  const months = Math.floor(days / 30);
  if (months < 24) return `updated ${months} months ago`;
  const years = Math.floor(days / 365);
  return `updated ${years} ${years === 1 ? 'year' : 'years'} ago`;
}
