import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
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

/** Customers' words shown on the landing page; staff write them in Beehive and publish them (issue 20). */
export const testimonials = pgTable(
  'testimonials',
  {
    ...baseColumns(),
    quote: text('quote').notNull(),
    name: text('name').notNull(),
    company: text('company'),
    published: boolean('published').notNull().default(false),
  },
  (t) => [index('testimonials_published_idx').on(t.published)],
);
