/** Most items an array may carry in a query string (spec part 1 §7). */
export const maxQueryArrayItems = 200;

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

/** Serialises params with bracketed arrays (`ids[]=1&ids[]=2`), skipping empty values. */
export function toQueryString(params: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      for (const item of value.slice(0, maxQueryArrayItems)) search.append(`${key}[]`, String(item));
    } else {
      search.append(key, String(value));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
