/** Date and time of an event, e.g. 'Mar 3, 2026, 4:05 PM'. */
export const formatDateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
/** The day of an instant, e.g. 'Mar 3, 2026'. */
export const formatDay = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
/** A date-only value (YYYY-MM-DD) without a time-zone shift. */
export const formatCalendarDay = (day: string) =>
  new Date(`${day}T12:00:00`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
