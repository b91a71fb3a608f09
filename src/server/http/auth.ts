import type { FastifyRequest } from 'fastify';
import { canSignIn, canUseSite, isAdmin, isStaff, suspendedAccessText } from '../../domain/access';
import type { Permission } from '../../domain/admin/permissions';
import type { Caller } from '../core/caller';
import { AppError, forbiddenMessage } from '../core/errors';
import * as auth from '../modules/auth/auth.service';
import * as roles from '../modules/users/roles.service';

declare module 'fastify' {
  interface FastifyRequest {
    authLookup?: Promise<Caller | null>;
    permissionLookup?: Promise<Permission[]>;
  }
  interface FastifyContextConfig {
    /** The Beehive permission an /api/internal route needs; the sign-in gate checks it before validation. */
    permission?: Permission;
  }
}

export const signInRequiredMessage = 'Please sign in to continue.';

function bearerTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : null;
}

/** The caller, looked up once per request; null for anonymous visitors and dead tokens. */
export function optionalAuth(request: FastifyRequest): Promise<Caller | null> {
  request.authLookup ??= (async () => {
    const token = bearerTokenOf(request);
    if (!token) return null;
    const { db, sessionCache } = request.server.deps;
    const found = await auth.authenticateToken(db, sessionCache, token);
    // A user whose sign-in was prohibited after the session opened loses it at once.
    if (!found || !canSignIn(found.user.status as never)) return null;
    const { session, user, ...profile } = found;
    return { user, session, impersonatorUserId: session.impersonatorUserId, profile };
  })();
  return request.authLookup;
}

/** The caller, or 401. */
export async function requireAuth(request: FastifyRequest): Promise<Caller> {
  const found = await optionalAuth(request);
  if (!found) throw new AppError('unauthorized', signInRequiredMessage);
  return found;
}

/** The caller when their access lets them use the site's content, else 403 with the suspended text. */
export async function requireSiteUser(request: FastifyRequest): Promise<Caller> {
  const found = await requireAuth(request);
  if (!canUseSite(found.user.status as never)) {
    throw new AppError('forbidden', suspendedAccessText, { code: 'no_site_use' });
  }
  return found;
}

export const impersonatingForbiddenMessage = 'Staff pages are not available while you act as another user.';

// Staff work is always done as oneself, so the audit trail names the real admin, even when the
// impersonated user is staff too.
function refuseImpersonatedStaff(found: Caller) {
  if (found.impersonatorUserId) {
    throw new AppError('forbidden', impersonatingForbiddenMessage, { code: 'impersonating' });
  }
}

/** An admin (the role with every permission) acting as themselves, or 403 (401 when not signed in). */
export async function requireAdmin(request: FastifyRequest): Promise<Caller> {
  const found = await requireAuth(request);
  if (!isAdmin(found.user)) throw new AppError('forbidden', forbiddenMessage);
  refuseImpersonatedStaff(found);
  return found;
}

/** An admin or logistics admin acting as themselves, or 403. */
export async function requireStaff(request: FastifyRequest): Promise<Caller> {
  const found = await requireAuth(request);
  if (!isStaff(found.user)) throw new AppError('forbidden', forbiddenMessage);
  refuseImpersonatedStaff(found);
  return found;
}

/** The Beehive permissions the caller's roles grant (none for visitors), looked up once per request. */
export function callerPermissions(request: FastifyRequest): Promise<Permission[]> {
  request.permissionLookup ??= (async () => {
    const found = await optionalAuth(request);
    if (!found || found.user.roles.length === 0) return [];
    return roles.permissionsOf(request.server.deps.db, found.user.roles);
  })();
  return request.permissionLookup;
}

/** A staff member acting as themselves whose roles grant `permission`, or 403 (401 when not signed in). */
export async function requirePermission(request: FastifyRequest, permission: Permission): Promise<Caller> {
  const found = await requireAuth(request);
  if (!(await callerPermissions(request)).includes(permission)) {
    throw new AppError('forbidden', forbiddenMessage);
  }
  refuseImpersonatedStaff(found);
  return found;
}

/** Anyone whose roles grant some Beehive permission, acting as themselves: the floor of /api/internal. */
export async function requireBeehiveAccess(request: FastifyRequest): Promise<Caller> {
  const found = await requireAuth(request);
  if ((await callerPermissions(request)).length === 0) throw new AppError('forbidden', forbiddenMessage);
  refuseImpersonatedStaff(found);
  return found;
}

/**
 * The logistics team's pages and calls (issue 16: trucks, the freight queue, estimates): staff whose
 * roles grant manage_logistics (the built-in logistics_admin and admin roles), acting as themselves.
 */
export function requireLogisticsOrAdmin(request: FastifyRequest): Promise<Caller> {
  return requirePermission(request, 'manage_logistics');
}
