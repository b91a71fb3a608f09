import { describe, expect, it } from 'vitest';
import { dueTomorrow, dueWeek, isPastDue, localTime, timeZoneOfState } from './reminder-schedule';

describe('reminder calendar', () => {
  it('reads the time zone from the state and the local day and hour from it', () => {
    expect(timeZoneOfState('nc')).toBe('America/New_York');
    expect(timeZoneOfState('CA')).toBe('America/Los_Angeles');
    expect(timeZoneOfState(null)).toBe('America/New_York');
    // 2025-11-24 is a Monday; 11:00 UTC is 6:00 in New York and 3:00 in Los Angeles.
    expect(localTime(new Date('2025-11-24T11:00:00Z'), 'America/New_York')).toEqual({
      date: '2025-11-24',
      weekday: 1,
      hour: 6,
    });
    expect(localTime(new Date('2025-11-24T11:00:00Z'), 'America/Los_Angeles').hour).toBe(3);
  });

  it('makes the weekly schedule due on Monday from 6:00 local, for seven days', () => {
    expect(dueWeek(new Date('2025-11-24T10:59:00Z'), 'America/New_York')).toBeNull();
    expect(dueWeek(new Date('2025-11-24T11:00:00Z'), 'America/New_York')).toEqual({
      startDate: '2025-11-24',
      endDate: '2025-11-30',
    });
    expect(dueWeek(new Date('2025-11-24T11:00:00Z'), 'America/Los_Angeles')).toBeNull();
    expect(dueWeek(new Date('2025-11-25T11:00:00Z'), 'America/New_York')).toBeNull();
    expect(dueTomorrow(new Date('2025-11-25T11:30:00Z'), 'America/New_York')).toBe('2025-11-26');
    expect(dueTomorrow(new Date('2025-11-25T09:30:00Z'), 'America/New_York')).toBeNull();
  });

  it('counts two business days, skipping the weekend', () => {
    const friday = new Date('2025-11-21T15:00:00Z');
    expect(isPastDue(friday, new Date('2025-11-25T14:59:00Z'), 'America/New_York')).toBe(false);
    expect(isPastDue(friday, new Date('2025-11-25T15:00:00Z'), 'America/New_York')).toBe(true);
    const monday = new Date('2025-11-24T15:00:00Z');
    expect(isPastDue(monday, new Date('2025-11-26T15:00:00Z'), 'America/New_York')).toBe(true);
    expect(isPastDue(monday, new Date('2025-11-26T14:00:00Z'), 'America/New_York')).toBe(false);
  });
});
