import type { FastifyRequest } from 'fastify';
import { isCalendarDay } from '../../domain/calendar-date';
import { utcDay } from '../core/clock';

/**
 * The caller's calendar day (YYYY-MM-DD) from the X-Client-Date header, so "not before today"
 * follows the user's time zone; the server clock's UTC day when the header is missing or more than
 * a day off.
 */
export function clientToday(request: FastifyRequest): string {
  const header = request.headers['x-client-date'];
  const value = Array.isArray(header) ? header[0] : header;
  const serverToday = utcDay(request.server.deps.clock);
  if (!value || !isCalendarDay(value)) return serverToday;
  const difference = Math.abs(Date.parse(value) - Date.parse(serverToday));
  return difference <= 86_400_000 ? value : serverToday;
}
