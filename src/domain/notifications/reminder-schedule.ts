/**
 * The calendar rules of scheduled reminders (issue 17): each organisation's time zone from the state
 * or province of its address, local days and hours, and business days.
 */

const zones: Record<string, string> = {
  // US states by their main time zone.
  CT: 'America/New_York',
  DE: 'America/New_York',
  DC: 'America/New_York',
  FL: 'America/New_York',
  GA: 'America/New_York',
  IN: 'America/Indiana/Indianapolis',
  KY: 'America/New_York',
  ME: 'America/New_York',
  MD: 'America/New_York',
  MA: 'America/New_York',
  MI: 'America/Detroit',
  NH: 'America/New_York',
  NJ: 'America/New_York',
  NY: 'America/New_York',
  NC: 'America/New_York',
  OH: 'America/New_York',
  PA: 'America/New_York',
  RI: 'America/New_York',
  SC: 'America/New_York',
  VT: 'America/New_York',
  VA: 'America/New_York',
  WV: 'America/New_York',
  AL: 'America/Chicago',
  AR: 'America/Chicago',
  IL: 'America/Chicago',
  IA: 'America/Chicago',
  KS: 'America/Chicago',
  LA: 'America/Chicago',
  MN: 'America/Chicago',
  MS: 'America/Chicago',
  MO: 'America/Chicago',
  NE: 'America/Chicago',
  ND: 'America/Chicago',
  OK: 'America/Chicago',
  SD: 'America/Chicago',
  TN: 'America/Chicago',
  TX: 'America/Chicago',
  WI: 'America/Chicago',
  AZ: 'America/Phoenix',
  CO: 'America/Denver',
  ID: 'America/Boise',
  MT: 'America/Denver',
  NM: 'America/Denver',
  UT: 'America/Denver',
  WY: 'America/Denver',
  CA: 'America/Los_Angeles',
  NV: 'America/Los_Angeles',
  OR: 'America/Los_Angeles',
  WA: 'America/Los_Angeles',
  AK: 'America/Anchorage',
  HI: 'Pacific/Honolulu',
  PR: 'America/Puerto_Rico',
  // Canadian provinces and territories.
  NL: 'America/St_Johns',
  NS: 'America/Halifax',
  NB: 'America/Moncton',
  PE: 'America/Halifax',
  QC: 'America/Toronto',
  ON: 'America/Toronto',
  MB: 'America/Winnipeg',
  SK: 'America/Regina',
  AB: 'America/Edmonton',
  BC: 'America/Vancouver',
  YT: 'America/Whitehorse',
  NT: 'America/Yellowknife',
  NU: 'America/Iqaluit',
};

/** Where the marketplace started; an organisation without an address keeps this zone. */
export const defaultTimeZone = 'America/New_York';

/** The IANA time zone of a US state or Canadian province code ('NC' → America/New_York). */
export function timeZoneOfState(state: string | null | undefined) {
  return (state && zones[state.trim().toUpperCase()]) || defaultTimeZone;
}

export type LocalTime = { date: string; weekday: number; hour: number };

/** An instant as a zone's calendar date (YYYY-MM-DD), ISO weekday (Monday 1 … Sunday 7) and hour. */
export function localTime(instant: Date, timeZone: string): LocalTime {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
      weekday: 'short',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    weekday: weekdays.indexOf(parts.weekday) + 1,
    hour: Number(parts.hour),
  };
}

/** A calendar date moved by whole days. */
export function addDays(date: string, days: number) {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** The local hour at which the day's reminders go out (the weekly schedule on Mondays, 6:00). */
export const reminderHour = 6;

/** The week a weekly schedule reminder covers, when one is due now (Monday from 6:00 local), else null. */
export function dueWeek(now: Date, timeZone: string): { startDate: string; endDate: string } | null {
  const local = localTime(now, timeZone);
  if (local.weekday !== 1 || local.hour < reminderHour) return null;
  return { startDate: local.date, endDate: addDays(local.date, 6) };
}

/** The day an upcoming order reminder is about (tomorrow, local), once today's reminder hour has come. */
export function dueTomorrow(now: Date, timeZone: string): string | null {
  const local = localTime(now, timeZone);
  return local.hour < reminderHour ? null : addDays(local.date, 1);
}

/**
 * Whether an order sent at `sentAt` has waited more than `businessDays` working days (Monday to
 * Friday, in the supplier's zone) by `now`: sent Friday 10:00, two business days end Tuesday 10:00.
 */
export function isPastDue(sentAt: Date, now: Date, timeZone: string, businessDays = 2) {
  let due = new Date(sentAt);
  let counted = 0;
  while (counted < businessDays) {
    due = new Date(due.getTime() + 24 * 60 * 60 * 1000);
    const weekday = localTime(due, timeZone).weekday;
    if (weekday <= 5) counted += 1;
  }
  return now.getTime() >= due.getTime();
}
