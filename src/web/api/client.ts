import { clientToday } from './client-date';
import { type QueryValue, toQueryString } from './query-string';
import { tokenStore } from './token-store';

export const genericErrorMessage = 'An error occurred - please contact support.';
export const offlineMessage = 'You appear to be offline';

/** Any failed call: the server's message (or the fallback chain), status and field errors. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null = null,
    /** Messages by field name, for the form's fields. */
    readonly fields: Record<string, string> = {},
    /** Data to recover with, typed per code: read it with errorDetailsOf (src/domain/api-errors.ts). */
    readonly details: unknown = null,
    /** The whole answer. */
    readonly body: unknown = null,
  ) {
    super(message);
  }
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  idempotencyKey?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Override the stored token (impersonation hand-over). */
  token?: string | null;
};

const maxAttempts = 3;
const retryDelayMs = (attempt: number) => 1000 * 1.5 ** attempt;

let onUnauthorized: () => void = () => {};
/** The app registers what to do when the server says the token is no longer good. */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

/** The message a person sees for a failed response: the server's, else the status text, else the generic one. */
export function errorMessageOf(body: unknown, statusText: string): string {
  const message = (body as { message?: unknown } | null)?.message;
  if (typeof message === 'string' && message.trim()) return message;
  if (statusText.trim()) return statusText;
  return genericErrorMessage;
}

export async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 304) return null;
  return parseBody(await response.text());
}

/** An answer's JSON, or its text when it is not JSON; null when empty. */
function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Sends one API request as the signed-in user: adds the token and the user's day, and retries GETs
 * and mutations with an Idempotency-Key up to 3 times on network failures and 5xx answers
 * (1000 ms × 1.5^attempt); other mutations never, so nothing is done twice. Offline after the last
 * try throws the offline ApiError. Used by `apiRequest` and by the generated client (./api.ts).
 */
export async function apiFetch(request: Request, token = tokenStore.get()): Promise<Response> {
  // Every call says which day it is for the user, so date rules on the server ("not before today",
  // "not in the future") follow the user's time zone (see src/server/http/client-date.ts).
  request.headers.set('X-Client-Date', clientToday());
  if (!request.headers.has('Accept')) request.headers.set('Accept', 'application/json');
  if (token && !request.headers.has('Authorization')) request.headers.set('Authorization', `Bearer ${token}`);
  const retryable = request.method === 'GET' || request.headers.has('Idempotency-Key');
  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      response = await fetch(retryable ? request.clone() : request);
    } catch (error) {
      if (request.signal?.aborted) throw error;
      if (retryable && attempt < maxAttempts - 1) {
        await sleep(retryDelayMs(attempt), request.signal);
        continue;
      }
      throw new ApiError(offlineMessage, 0, 'offline');
    }
    if (response.status >= 500 && retryable && attempt < maxAttempts - 1) {
      await sleep(retryDelayMs(attempt), request.signal);
      continue;
    }
    return response;
  }
}

/** Calls the API and answers the parsed body; a refused call throws an ApiError (see apiFetch). */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = options.token !== undefined ? options.token : tokenStore.get();
  const headers: Record<string, string> = {};
  // A FormData body (file upload) is sent as multipart; the browser writes its Content-Type.
  const formBody = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !formBody) headers['Content-Type'] = 'application/json';
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  Object.assign(headers, options.headers);
  const url = `${path}${options.query ? toQueryString(options.query) : ''}`;
  const body =
    options.body === undefined
      ? undefined
      : formBody
        ? (options.body as FormData)
        : JSON.stringify(options.body);
  const request = new Request(new URL(url, window.location.origin), {
    method: options.method ?? 'GET',
    headers,
    body,
    signal: options.signal,
  });
  const response = await apiFetch(request, token);
  const answer = await readBody(response);
  if (response.ok || response.status === 304) return answer as T;
  throw failureOf(response.status, response.statusText, answer, token);
}

/** The error of a refused call; a refused token is dropped and the app told (it signs the user out). */
export function failureOf(status: number, statusText: string, body: unknown, token: string | null): ApiError {
  const message = errorMessageOf(body, statusText);
  if (token && (status === 401 || /NotAuthorized/i.test(message))) {
    tokenStore.clear();
    onUnauthorized();
  }
  const { code, fields, details } = (body ?? {}) as {
    code?: string;
    fields?: Record<string, string>;
    details?: unknown;
  };
  return new ApiError(message, status, code ?? null, fields ?? {}, details ?? null, body);
}

/**
 * Downloads a file the API serves to signed-in users (a plain link cannot carry the bearer token):
 * fetches it with the token and hands it to the browser under the server's file name.
 */
export async function downloadFile(path: string, query?: Record<string, QueryValue>): Promise<void> {
  const token = tokenStore.get();
  const url = `${path}${query ? toQueryString(query) : ''}`;
  let response: Response;
  try {
    response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new ApiError(offlineMessage, 0, 'offline');
  }
  if (!response.ok) {
    const body = await readBody(response);
    throw new ApiError(errorMessageOf(body, response.statusText), response.status);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const plain = /filename="([^"]+)"/i.exec(disposition)?.[1];
  const fileName = encoded ? decodeURIComponent(encoded) : (plain ?? 'download');
  const objectUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}

/**
 * Sends a multipart form with upload progress (fetch cannot report it). `onProgress` gets 0–98 while
 * bytes go out and 100 once the server has answered: the last step, the server storing the files, is
 * not measurable (spec part 1 §9: the bar stops at 98 percent until complete). Never retried.
 */
export function uploadForm<T>(
  path: string,
  form: FormData,
  onProgress: (percent: number) => void,
): Promise<T> {
  const token = tokenStore.get();
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('X-Client-Date', clientToday());
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.min(98, Math.round((event.loaded / event.total) * 100)));
    };
    request.onerror = () => reject(new ApiError(offlineMessage, 0, 'offline'));
    request.onload = () => {
      const body = parseBody(request.responseText);
      if (request.status >= 200 && request.status < 300) {
        onProgress(100);
        resolve(body as T);
        return;
      }
      reject(failureOf(request.status, request.statusText, body, token));
    };
    request.send(form);
  });
}
