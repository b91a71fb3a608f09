import type { Permission } from './permissions';

// Kept apart from permissions.ts (which holds the roles' Zod schemas) so the web app's first page,
// whose header and route guards ask these questions, does not load Zod.

/** Whether a signed-in user (as the web app holds them) may do this in Beehive. */
export const can = (user: { permissions: readonly string[] } | null | undefined, permission: Permission) =>
  Boolean(user?.permissions.includes(permission));

/** Whether the user may open Beehive at all. */
export const canUseBeehive = (user: { permissions: readonly string[] } | null | undefined) =>
  Boolean(user && user.permissions.length > 0);
