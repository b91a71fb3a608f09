/** Today in the browser's time zone as YYYY-MM-DD: what "not before today" means to this user. */
export function clientToday(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
