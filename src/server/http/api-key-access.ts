import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  apiKeyLength,
  apiKeyPrefix,
  apiKeyRateLimitMessage,
  apiKeyRefusedMessage,
  apiKeyRouteMessage,
} from '../../domain/admin/api-keys';
import { AppError } from '../core/errors';
import * as apiKeys from '../modules/auth/api-keys.service';

/**
 * What an integrator's API key may call (issue 20): the catalogue, availability and its
 * organisation's own orders, read-only. Keys are the method and the route's pattern as registered.
 * Every other route refuses a key with 403, whatever it would answer a visitor.
 */
export const apiKeyOperations: ReadonlySet<string> = new Set([
  'GET /api/v1/products/search',
  'GET /api/v1/products/:idOrPathIdentifier',
  'GET /api/v1/products/:productId/images',
  'GET /api/v1/product_groups',
  'GET /api/v1/availabilities',
  'GET /api/v1/branches',
  'GET /api/v1/branches/:slug',
  'GET /api/v1/branches/:slug/availabilities',
  'GET /api/v1/orders',
  'GET /api/v1/orders/:id',
]);

export function isApiKeyOperation(method: string, routePattern: string) {
  return apiKeyOperations.has(`${method === 'HEAD' ? 'GET' : method} ${routePattern}`);
}

/** The API key a request carries as its bearer token, or null (a session token, or none). */
export function apiKeyOf(request: FastifyRequest): string | null {
  const [scheme, token] = (request.headers.authorization ?? '').split(' ');
  const key = token?.trim();
  if (scheme?.toLowerCase() !== 'bearer' || !key?.startsWith(apiKeyPrefix) || key.length !== apiKeyLength) {
    return null;
  }
  return key;
}

/**
 * Admits a request made with an API key, or refuses it: 401 for an unknown or revoked key (checked
 * against the database on every request, so a revocation holds at once in every process), 429 with
 * Retry-After past the key's per-minute limit, 403 for a route keys may not call. An admitted request
 * reads as the key's organisation (`optionalAuth` and `requireSiteUser` return that caller).
 */
export async function admitApiKey(request: FastifyRequest, reply: FastifyReply, key: string) {
  const { db, clock, config } = request.server.deps;
  const now = clock.now();
  const use = await apiKeys.checkApiKey(db, key, now, config.apiKeyRequestsPerMinute);
  if (use.outcome === 'refused') {
    throw new AppError('unauthorized', apiKeyRefusedMessage, { code: 'api_key_refused' });
  }
  if (use.outcome === 'limited') {
    reply.header('Retry-After', String(use.retryAfterSeconds));
    throw new AppError('rate_limited', apiKeyRateLimitMessage);
  }
  const pattern = request.routeOptions.url ?? '';
  if (!isApiKeyOperation(request.method, pattern)) {
    throw new AppError('forbidden', apiKeyRouteMessage, { code: 'api_key_route' });
  }
  const caller = await apiKeys.apiKeyCaller(db, use, now);
  if (!caller) throw new AppError('unauthorized', apiKeyRefusedMessage, { code: 'api_key_refused' });
  request.authLookup = Promise.resolve(caller);
  request.permissionLookup = Promise.resolve([]);
}
