import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { baseColumns } from '../../db/columns';

/**
 * Beehive roles and the permissions they grant (src/domain/admin/permissions.ts). Users hold roles
 * by name in users.roles, so the built-in names (admin, logistics_admin) keep working everywhere;
 * renaming a custom role rewrites those arrays in the same transaction.
 */
export const roles = pgTable(
  'roles',
  {
    ...baseColumns(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [uniqueIndex('roles_name_idx').on(t.name)],
);
