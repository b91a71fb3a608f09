import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { baseColumns } from '../../db/columns';
import { branches } from '../organizations/organizations.tables';
import { users } from '../users/users.tables';

/** The search tracking events of spec part 1 §7. */
export const searchEventTypes = ['MAKE_SEARCH', 'COMPLETE_SEARCH', 'CLICK'] as const;
export type SearchEventType = (typeof searchEventTypes)[number];

/**
 * One search tracking event: a search asked (MAKE_SEARCH), answered with resultsCount
 * (COMPLETE_SEARCH), or a result clicked (CLICK, with the product and what the tile showed). Rows are
 * append-only, so the table has no updated_at; product_id is not a foreign key so analytics survive
 * a deleted product.
 */
export const searchEvents = pgTable(
  'search_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventType: text('event_type').notNull(),
    query: text('query'),
    pageName: text('page_name'),
    productId: bigint('product_id', { mode: 'number' }),
    resultsCount: integer('results_count'),
    productData: jsonb('product_data'),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('search_events_created_idx').on(t.createdAt),
    index('search_events_user_idx').on(t.userId),
    check(
      'search_events_event_type_check',
      sql`${t.eventType} in ('MAKE_SEARCH', 'COMPLETE_SEARCH', 'CLICK')`,
    ),
  ],
);

/**
 * How often a branch's listings were shown in search results, per UTC day: a result tile counts once
 * for every branch with an in-stock listing of its product. The tracker counts products in memory and
 * adds them here in batches (one upsert per flush), so impressions never slow a search.
 */
export const searchImpressions = pgTable(
  'search_impressions',
  {
    ...baseColumns(),
    day: date('day', { mode: 'string' }).notNull(),
    branchId: bigint('branch_id', { mode: 'number' })
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    impressions: integer('impressions').notNull().default(0),
  },
  (t) => [
    uniqueIndex('search_impressions_branch_day_idx').on(t.branchId, t.day),
    index('search_impressions_day_idx').on(t.day),
    check('search_impressions_count_check', sql`${t.impressions} >= 0`),
  ],
);

// The search index's change log, kept by triggers (migration 0018): every write to what search reads
// bumps the one version row and logs the products it touched, and each process's in-memory index
// (search-index.ts) pulls the changes after the version it holds. Declared here so the module that
// reads them owns them; the triggers themselves live in the migration.

/** The one row holding the catalogue's search version. */
export const searchIndexVersions = pgTable(
  'search_index_versions',
  {
    id: smallint('id').primaryKey().default(1),
    version: bigint('version', { mode: 'bigint' }).notNull().default(sql`0`),
  },
  (table) => [check('search_index_versions_id_check', sql`${table.id} = 1`)],
);

/** One change of what search reads: the product it touched, or null when every product depends on it. */
export const searchIndexChanges = pgTable(
  'search_index_changes',
  {
    version: bigint('version', { mode: 'bigint' }).notNull(),
    productId: bigint('product_id', { mode: 'number' }),
    // Set for a listing change: only this branch's listings of the product moved (names, sizes and the
    // other branches stay as the index holds them). Null: the whole product.
    branchId: bigint('branch_id', { mode: 'number' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('search_index_changes_version_idx').on(table.version)],
);
