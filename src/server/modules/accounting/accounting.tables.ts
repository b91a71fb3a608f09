import { bigint, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { baseColumns, timestamptz } from '../../db/columns';
import { users } from '../users/users.tables';

/**
 * The QuickBooks Online company Beehive is linked to (issue 20): at most one row. Its tokens are
 * stored encrypted (quickbooks-token-cipher.ts); the access token lasts an hour and is refreshed
 * with the refresh token when it has expired.
 */
export const quickbooksConnections = pgTable(
  'quickbooks_connections',
  {
    ...baseColumns(),
    realmId: text('realm_id').notNull(),
    companyName: text('company_name').notNull(),
    accessTokenSealed: text('access_token_sealed').notNull(),
    refreshTokenSealed: text('refresh_token_sealed').notNull(),
    accessExpiresAt: timestamptz('access_expires_at').notNull(),
    refreshExpiresAt: timestamptz('refresh_expires_at'),
    connectedByUserId: bigint('connected_by_user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    connectedAt: timestamptz('connected_at').notNull(),
  },
  // One linked company at a time: connecting again replaces the row (quickbooks-connection.service.ts).
  (t) => [uniqueIndex('quickbooks_connections_realm_idx').on(t.realmId)],
);

/** The `state` each authorize step issued, checked (once) by the callback; only a hash is kept. */
export const quickbooksAuthorizations = pgTable(
  'quickbooks_authorizations',
  {
    ...baseColumns(),
    stateHash: text('state_hash').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [uniqueIndex('quickbooks_authorizations_state_idx').on(t.stateHash)],
);

export const quickbooksPushStatuses = ['queued', 'running', 'succeeded', 'failed'] as const;

/** One push of new invoices and supplier bills to QuickBooks: its progress and outcome. */
export const quickbooksPushes = pgTable(
  'quickbooks_pushes',
  {
    ...baseColumns(),
    status: text('status', { enum: quickbooksPushStatuses }).notNull(),
    requestedByUserId: bigint('requested_by_user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    requestedAt: timestamptz('requested_at').notNull(),
    startedAt: timestamptz('started_at'),
    finishedAt: timestamptz('finished_at'),
    /** Records to push, known once the push has started. */
    total: integer('total').notNull().default(0),
    invoicesPushed: integer('invoices_pushed').notNull().default(0),
    billsPushed: integer('bills_pushed').notNull().default(0),
    error: text('error'),
  },
  (t) => [index('quickbooks_pushes_requested_idx').on(t.requestedAt)],
);

export const pushedRecordKinds = ['invoice', 'bill'] as const;

/**
 * What is in QuickBooks already: each invoice (by invoice number) and supplier bill (by order
 * number) once, with the id QuickBooks gave it, so nothing is pushed twice.
 */
export const quickbooksPushedRecords = pgTable(
  'quickbooks_pushed_records',
  {
    ...baseColumns(),
    kind: text('kind', { enum: pushedRecordKinds }).notNull(),
    documentNumber: text('document_number').notNull(),
    realmId: text('realm_id').notNull(),
    quickbooksId: text('quickbooks_id').notNull(),
    pushId: bigint('push_id', { mode: 'number' }).references(() => quickbooksPushes.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [uniqueIndex('quickbooks_pushed_records_document_idx').on(t.realmId, t.kind, t.documentNumber)],
);
