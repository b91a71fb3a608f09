import { z } from 'zod';

/**
 * What a Beehive role may do. Every /api/internal route asks for one of these (http/auth.ts
 * requirePermission); the admin role holds all of them whatever its stored list says.
 */
export const permissions = [
  'view_users',
  'edit_users',
  'impersonate_users',
  'manage_roles',
  'view_organizations',
  'edit_organizations',
  'manage_feature_flags',
  'view_outbox',
  'view_orders',
  'manage_orders',
  'manage_logistics',
  'manage_marketing',
  'manage_purchase_discounts',
  'manage_support_requests',
  'manage_catalog',
  'manage_api_keys',
  'edit_carts',
  'export_accounting',
] as const;
export type Permission = (typeof permissions)[number];

export const permissionLabels: Record<Permission, string> = {
  view_users: 'See users and their audit trail',
  edit_users: 'Change users’ access status and switches',
  impersonate_users: 'Act as another user',
  manage_roles: 'Create, edit and assign roles',
  view_organizations: 'See organisations',
  edit_organizations: 'Edit organisations',
  manage_feature_flags: 'Change feature flags',
  view_outbox: 'Read the e-mail outbox',
  view_orders: 'See every order',
  manage_orders: 'Change orders (transition, deactivate, swap buyer or supplier)',
  manage_logistics: 'Freight and trucks',
  manage_marketing: 'Marketing messages and house ads',
  manage_purchase_discounts: 'Purchase discounts',
  manage_support_requests: 'Answer and resolve support requests',
  manage_catalog: 'Edit the catalogue and run imports',
  manage_api_keys: 'Generate and revoke integrators’ API keys',
  edit_carts: 'Edit buyers’ carts (staff notes, prices, branches, reassign)',
  export_accounting: 'Export invoices, payments and bills to accounting',
};

export const isPermission = (value: string): value is Permission =>
  (permissions as readonly string[]).includes(value);

/** The roles every installation starts with; their names stay fixed because code and seeds use them. */
export const builtInRoles: Record<string, readonly Permission[]> = {
  admin: permissions,
  logistics_admin: ['view_orders', 'manage_logistics'],
  market_manager: [
    'view_users',
    'view_organizations',
    'edit_organizations',
    'view_orders',
    'manage_support_requests',
  ],
  support: ['view_users', 'view_organizations', 'view_orders', 'view_outbox', 'manage_support_requests'],
};

export const isBuiltInRole = (name: string) => Object.hasOwn(builtInRoles, name);

/** The permissions a user holds through the named roles (admin: all of them). */
export function permissionsOfRoles(
  roleNames: readonly string[],
  roles: readonly { name: string; permissions: readonly string[] }[],
): Permission[] {
  if (roleNames.includes('admin')) return [...permissions];
  const held = new Set<string>();
  for (const role of roles) {
    if (roleNames.includes(role.name)) for (const p of role.permissions) held.add(p);
  }
  return permissions.filter((p) => held.has(p));
}

export const roleNameTakenMessage = 'A role with this name already exists.';
export const builtInRoleMessage = 'Built-in roles keep their name and cannot be deleted.';
export const adminRoleMessage = 'The admin role always has every permission.';

/** A role's name: lower case words joined by underscores, as the built-in ones. */
export const roleInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: 'Enter a name for the role' })
    .max(60, { error: 'Role names are at most 60 characters' })
    .regex(/^[a-z][a-z0-9_]*$/, {
      error: 'Use lower-case letters, digits and underscores, starting with a letter',
    }),
  // No default: a PATCH without it keeps the stored description (an empty PATCH is refused).
  description: z.string().trim().max(300, { error: 'Keep the description under 300 characters' }).optional(),
  permissions: z.array(z.enum(permissions)).max(permissions.length),
});
export type RoleInput = z.infer<typeof roleInputSchema>;

export const roleSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    description: z.string(),
    permissions: z.array(z.enum(permissions)),
    builtIn: z.boolean(),
    userCount: z.number(),
  })
  .meta({ id: 'Role' });
export type Role = z.infer<typeof roleSchema>;

export const permissionViewSchema = z
  .object({ name: z.enum(permissions), label: z.string() })
  .meta({ id: 'PermissionView' });

export const userRolesInputSchema = z.object({
  roleIds: z.array(z.number().int().positive()).max(50),
});
