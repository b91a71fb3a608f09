import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { baseColumns } from '../../db/columns';

/** Addresses signed up to the newsletter from the footer. */
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    ...baseColumns(),
    email: text('email').notNull(),
    source: text('source'),
  },
  (t) => [uniqueIndex('newsletter_subscriptions_email_idx').on(sql`lower(${t.email})`)],
);
