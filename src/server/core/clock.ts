/**
 * The server's sense of "now", injected through the app's dependencies so that rules about today
 * (a date may not be in the future, a delivery not before today) can be tested on any day.
 */
export type Clock = { now: () => Date };

export const systemClock: Clock = { now: () => new Date() };

/** A clock stopped at one instant: tests that name calendar days run against it. */
export function fixedClock(instant: string | Date): Clock {
  const at = new Date(instant);
  if (Number.isNaN(at.getTime())) throw new Error(`fixedClock: not a date: ${String(instant)}`);
  return { now: () => new Date(at) };
}

/** The clock's UTC calendar day, YYYY-MM-DD. */
export function utcDay(clock: Clock): string {
  return clock.now().toISOString().slice(0, 10);
}
