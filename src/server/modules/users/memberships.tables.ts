import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { baseColumns, timestamptz } from '../../db/columns';
import { organizations } from '../organizations/organizations.tables';
import { users } from './users.tables';

/**
 * People who asked to join a company that already uses Hedgerow (at sign-up). Until the company's
 * manager or staff approve, the person is not a member: users.organization_id stays empty, so they see
 * none of the company's carts or orders.
 */
export const organizationJoinRequests = pgTable(
  'organization_join_requests',
  {
    ...baseColumns(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state').notNull().default('pending'),
    decidedByUserId: bigint('decided_by_user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    decidedAt: timestamptz('decided_at'),
  },
  (t) => [
    index('organization_join_requests_organization_idx').on(t.organizationId, t.state),
    // One open request per person.
    uniqueIndex('organization_join_requests_pending_user_idx')
      .on(t.userId)
      .where(sql`${t.state} = 'pending'`),
    check('organization_join_requests_state_check', sql`${t.state} in ('pending', 'approved', 'declined')`),
  ],
);

/** An e-mailed link that signs a person up straight into a company (only a hash of its token is kept). */
export const organizationInvitations = pgTable(
  'organization_invitations',
  {
    ...baseColumns(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedByUserId: bigint('invited_by_user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    expiresAt: timestamptz('expires_at').notNull(),
    acceptedAt: timestamptz('accepted_at'),
    acceptedByUserId: bigint('accepted_by_user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [
    uniqueIndex('organization_invitations_token_hash_idx').on(t.tokenHash),
    index('organization_invitations_organization_idx').on(t.organizationId),
  ],
);
