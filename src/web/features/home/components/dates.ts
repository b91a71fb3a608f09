// Written by hand, not with Intl.DateTimeFormat: the dashboard's first dates would load the browser's
// locale data first (see src/domain/text/number-format.ts).
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'MMM d, yyyy' (part 1 §9), from an ISO time or a yyyy-MM-dd day (read as that calendar day). */
export function shortDate(value: string | null): string {
  if (!value) return '';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00`) : new Date(value);
  return Number.isNaN(date.getTime())
    ? ''
    : `${months[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}
