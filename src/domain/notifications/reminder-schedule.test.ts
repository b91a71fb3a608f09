import { describe, expect, it } from 'vitest';
import { dueTomorrow, dueWeek, isPastDue, localTime, timeZoneOfState } from './reminder-schedule';

describe('reminder calendar', () => {
  it('reads the time zone from the state and the local day and hour from it', () => {
    expect(timeZoneOfState('nc')).toBe('America/New_York');
    expect(timeZoneOfState('CA')).toBe('America/Los_Angeles');
    expect(timeZoneOfState(null)).toBe('America/New_York');
    // 2026-11-23 is a Monday; 11:00 UTC is 6:00 in New York and 3:00 in Los Angeles.
    expect(localTime(new Date('2026-11-23T11:00:00Z'), 'America/New_York')).toEqual({
      date: '2026-11-23',
      weekday: 1,
      hour: 6,
    });
    expect(localTime(new Date('2026-11-23T11:00:00Z'), 'America/Los_Angeles').hour).toBe(3);
  });

  it('makes the weekly schedule due on Monday from 6:00 local, for seven days', () => {
    expect(dueWeek(new Date('2026-11-23T10:59:00Z'), 'America/New_York')).toBeNull();
    expect(dueWeek(new Date('2026-11-23T11:00:00Z'), 'America/New_York')).toEqual({
      startDate: '2026-11-23',
      endDate: '2026-11-29',
    });
    expect(dueWeek(new Date('2026-11-23T11:00:00Z'), 'America/Los_Angeles')).toBeNull();
    expect(dueWeek(new Date('2026-11-24T11:00:00Z'), 'America/New_York')).toBeNull();
    expect(dueTomorrow(new Date('2026-11-24T11:30:00Z'), 'America/New_York')).toBe('2026-11-25');
    expect(dueTomorrow(new Date('2026-11-24T09:30:00Z'), 'America/New_York')).toBeNull();
  });

  it('counts two business days, skipping the weekend', () => {
    const friday = new Date('2026-11-20T15:00:00Z');
    expect(isPastDue(friday, new Date('2026-11-24T14:59:00Z'), 'America/New_York')).toBe(false);
    expect(isPastDue(friday, new Date('2026-11-24T15:00:00Z'), 'America/New_York')).toBe(true);
    const monday = new Date('2026-11-23T15:00:00Z');
    expect(isPastDue(monday, new Date('2026-11-25T15:00:00Z'), 'America/New_York')).toBe(true);
    expect(isPastDue(monday, new Date('2026-11-25T14:00:00Z'), 'America/New_York')).toBe(false);
  });
});
