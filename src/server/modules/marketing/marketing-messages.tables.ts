import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, pgTable, text } from 'drizzle-orm/pg-core';
import { baseColumns } from '../../db/columns';
import { users } from '../users/users.tables';

/** Dismissible dashboard messages for an audience (validated in src/domain/marketing), shown between optional first and last days. */
export const marketingMessages = pgTable(
  'marketing_messages',
  {
    ...baseColumns(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    audience: text('audience').notNull(),
    ctaUrl: text('cta_url'),
    ctaButtonLabel: text('cta_button_label'),
    ctaEventLabel: text('cta_event_label'),
    eventLabel: text('event_label'),
    activeFrom: date('active_from', { mode: 'string' }),
    activeTo: date('active_to', { mode: 'string' }),
    active: boolean('active').notNull().default(true),
    createdByUserId: bigint('created_by_user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    index('marketing_messages_audience_idx').on(t.audience),
    check(
      'marketing_messages_dates_check',
      sql`${t.activeFrom} is null or ${t.activeTo} is null or ${t.activeTo} >= ${t.activeFrom}`,
    ),
  ],
);
