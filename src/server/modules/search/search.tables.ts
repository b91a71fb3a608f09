import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
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
