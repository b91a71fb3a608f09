import type { FastifyInstance } from 'fastify';
import { admitApiKey, apiKeyOf } from './api-key-access';
import { requireAuth, requireBeehiveAccess, requirePermission } from './auth';
import { isPublicOperation } from './public-routes';

/**
 * Refuses callers before anything of their request is read: 401 for an anonymous (or dead-token)
 * call to any /api route not listed in public-routes.ts, and 403 under /api/internal for a caller
 * without the route's declared permission (`config.permission`), or without any Beehive permission. Outsiders so learn nothing from validation messages, and no handler runs for them.
 * Handlers still check the caller they need (an admin, a site user, an order's party); this is the
 * floor, not the whole rule.
 */
export function registerSignInGate(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    const pattern = request.routeOptions.url;
    // Unknown URLs fall through to the 404 handler; the web app's pages are not API routes.
    if (pattern === undefined || !pattern.startsWith('/api/')) return;
    // An integrator's API key reaches only the read routes it may call, public or not (issue 20).
    const apiKey = apiKeyOf(request);
    if (apiKey) return admitApiKey(request, reply, apiKey);
    if (isPublicOperation(request.method, pattern)) return;
    if (!pattern.startsWith('/api/internal/')) await requireAuth(request);
    else {
      const permission = request.routeOptions.config.permission;
      await (permission ? requirePermission(request, permission) : requireBeehiveAccess(request));
    }
  });
}
