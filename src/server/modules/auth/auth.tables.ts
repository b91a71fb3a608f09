import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { baseColumns, timestamptz } from '../../db/columns';
import { organizations } from '../organizations/organizations.tables';
import { users } from '../users/users.tables';

/** Signed-in sessions; only a SHA-256 of the bearer token is kept. */
export const sessions = pgTable(
  'sessions',
  {
    ...baseColumns(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    // Set when an admin acts as this user; the admin's own session stays valid beside it.
    impersonatorUserId: bigint('impersonator_user_id', { mode: 'number' }).references(() => users.id),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
  },
  (t) => [uniqueIndex('sessions_token_hash_idx').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** One-time password reset links; only a hash of the token is kept. */
export const passwordResets = pgTable(
  'password_resets',
  {
    ...baseColumns(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [uniqueIndex('password_resets_token_hash_idx').on(t.tokenHash)],
);

/** What a person told us when they signed up; completed later through the complete-profile modal. */
export const inviteRequests = pgTable(
  'invite_requests',
  {
    ...baseColumns(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    companyName: text('company_name'),
    orgUsesPlatform: boolean('org_uses_platform'),
    organizationId: bigint('organization_id', { mode: 'number' }).references(() => organizations.id),
    companyType: text('company_type'),
    projectTypes: text('project_types').array().notNull().default(sql`'{}'::text[]`),
    companySize: text('company_size'),
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    postalCode: text('postal_code'),
    completedAt: timestamptz('completed_at'),
  },
  (t) => [index('invite_requests_user_idx').on(t.userId)],
);

/**
 * Failed sign-ins per limiter key (`email:…`, `ip:…`), one row each, so every server process on the
 * database counts the same failures (attempt-limiter.ts). Rows older than the window are swept.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    key: text('key').notNull(),
    failedAt: timestamptz('failed_at').notNull(),
  },
  (t) => [
    index('sign_in_failures_key_idx').on(t.key, t.failedAt),
    index('sign_in_failures_at_idx').on(t.failedAt),
  ],
);

/**
 * Integrators' API keys (issue 20): a key reads as its organisation through /api/v1 (catalogue,
 * availability, its own orders). Only a SHA-256 of the key is kept, and a short prefix to tell keys
 * apart. The per-minute request count lives on the row, so every process counts the same requests.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    ...baseColumns(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    keyHash: text('key_hash').notNull(),
    keyPrefix: text('key_prefix').notNull(),
    createdByUserId: bigint('created_by_user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    lastUsedAt: timestamptz('last_used_at'),
    revokedAt: timestamptz('revoked_at'),
    revokedByUserId: bigint('revoked_by_user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    /** The start of the current one-minute window and the requests counted in it (the rate limit). */
    windowStartedAt: timestamptz('window_started_at'),
    windowCount: integer('window_count').notNull().default(0),
  },
  (t) => [
    uniqueIndex('api_keys_key_hash_idx').on(t.keyHash),
    index('api_keys_organization_idx').on(t.organizationId),
  ],
);
