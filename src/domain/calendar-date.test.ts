import { describe, expect, test } from 'vitest';
import { calendarDateSchema, impossibleDateMessage, isCalendarDay } from './calendar-date';

describe('calendar days', () => {
  test('real days pass, leap days only in leap years', () => {
    expect(isCalendarDay('2026-02-28')).toBe(true);
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2000-02-29')).toBe(true);
    expect(isCalendarDay('2100-02-29')).toBe(false);
    expect(isCalendarDay('2026-02-29')).toBe(false);
  });

  test('impossible days, months and year 0 are refused with the calendar message', () => {
    for (const text of ['2026-02-30', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-00', '0000-01-01']) {
      const result = calendarDateSchema().safeParse(text);
      expect(result.success, text).toBe(false);
      expect(result.error?.issues[0].message).toBe(impossibleDateMessage);
    }
  });

  test('text that is not a date keeps the format message', () => {
    expect(
      calendarDateSchema('Start date must be a date').safeParse('tomorrow').error?.issues[0].message,
    ).toBe('Start date must be a date');
  });
});
