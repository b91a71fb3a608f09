import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { baseColumns, timestamptz } from '../../db/columns';
import { branches, organizations } from '../organizations/organizations.tables';

/** People who sign in. Roles hold staff roles (admin, logistics_admin); supplier is derived from branches. */
export const users = pgTable(
  'users',
  {
    ...baseColumns(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    status: text('status').notNull().default('approved_for_site_use_only'),
    activated: boolean('activated').notNull().default(false),
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    isMarketManager: boolean('is_market_manager').notNull().default(false),
    organizationId: bigint('organization_id', { mode: 'number' }).references(() => organizations.id),
    defaultPostalCode: text('default_postal_code'),
    searchedForProducts: boolean('searched_for_products').notNull().default(false),
    createdCart: boolean('created_cart').notNull().default(false),
    // The inbox (src/server/modules/messages) is on for everyone by default; the header's envelope follows it.
    messagesEnabled: boolean('messages_enabled').notNull().default(true),
    showNewUserSurvey: boolean('show_new_user_survey').notNull().default(false),
    lastSignInAt: timestamptz('last_sign_in_at'),
  },
  (t) => [
    uniqueIndex('users_email_idx').on(sql`lower(${t.email})`),
    index('users_organization_idx').on(t.organizationId),
    check(
      'users_status_check',
      sql`${t.status} in ('approved', 'approved_for_site_use_only', 'no_site_use', 'login_prohibited')`,
    ),
  ],
);

/** A user's favourite (preferred) supplier branches. */
export const favoriteBranches = pgTable(
  'favorite_branches',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    branchId: bigint('branch_id', { mode: 'number' })
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.branchId] })],
);

/**
 * The market manager staff assigned to an organisation (issue 20): the dashboard's market manager
 * card shows them to the organisation's members. One per organisation; none means the default.
 */
export const marketManagerAssignments = pgTable('market_manager_assignments', {
  organizationId: bigint('organization_id', { mode: 'number' })
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  userId: bigint('user_id', { mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});
