import type { FastifyInstance } from 'fastify';
import { requireAuth, requireStaff } from './auth';
import { isPublicOperation } from './public-routes';

/**
 * Refuses callers before anything of their request is read: 401 for an anonymous (or dead-token)
 * call to any /api route not listed in public-routes.ts, and 403 for a non-staff call under
 * /api/internal. Outsiders so learn nothing from validation messages, and no handler runs for them.
 * Handlers still check the caller they need (an admin, a site user, an order's party); this is the
 * floor, not the whole rule.
 */
export function registerSignInGate(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    const pattern = request.routeOptions.url;
    // Unknown URLs fall through to the 404 handler; the web app's pages are not API routes.
    if (pattern === undefined || !pattern.startsWith('/api/')) return;
    if (isPublicOperation(request.method, pattern)) return;
    if (pattern.startsWith('/api/internal/')) await requireStaff(request);
    else await requireAuth(request);
  });
}
