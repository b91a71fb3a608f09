import { z } from 'zod';

export const dateFormatMessage = 'Enter a date as YYYY-MM-DD';
export const impossibleDateMessage = 'Choose a day that exists on the calendar';

const isoDayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether 'YYYY-MM-DD' names a real day ('2026-02-30' and '2026-13-01' do not; nor year 0). */
export function isCalendarDay(text: string): boolean {
  const match = isoDayPattern.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}

function daysInMonth(year: number, month: number) {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * A calendar day as 'YYYY-MM-DD', the one date schema of forms and routes: the format, then the day
 * itself, so an impossible day is a field message rather than a database error.
 */
export const calendarDateSchema = (formatMessage = dateFormatMessage) =>
  z
    .string()
    .regex(isoDayPattern, { error: formatMessage, abort: true })
    .refine(isCalendarDay, { error: impossibleDateMessage });
