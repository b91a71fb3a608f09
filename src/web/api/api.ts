import createClient from 'openapi-fetch';
import { apiFetch, failureOf, readBody } from './client';
import type { paths } from './generated/openapi';
import { toQueryString } from './query-string';
import { tokenStore } from './token-store';

/**
 * The typed API client, generated from the server's contract (`npm run api:generate` writes
 * ./generated/openapi.ts): paths, parameters, bodies and answers are checked by the compiler.
 * Requests go through `apiFetch` (token, user's day, retries), so both clients behave alike.
 *
 *   const cart = await answerOf(api.GET('/api/v1/carts/{id}', { params: { path: { id } } }));
 */
export const api = createClient<paths>({
  fetch: (request) => apiFetch(request),
  // The server reads arrays as `ids[]=1&ids[]=2` (DESIGN.md §4).
  querySerializer: (query) => toQueryString(query as never).slice(1),
});

type Outcome<T> = { data?: T; error?: unknown; response: Response };

/** The answer of a call made with `api`, or the ApiError of a refused one (as `apiRequest` throws). */
export async function answerOf<T>(call: Promise<Outcome<T>>): Promise<T> {
  const { data, error, response } = await call;
  if (response.ok) return data as T;
  const body = error ?? (await readBody(response).catch(() => null));
  throw failureOf(response.status, response.statusText, body, tokenStore.get());
}
