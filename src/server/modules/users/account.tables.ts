import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { baseColumns } from '../../db/columns';
import { addresses, organizations } from '../organizations/organizations.tables';
import { users } from './users.tables';

/**
 * Delivery addresses in the address book. An entry belongs to the user's organisation (shared by its
 * people) or, for a user without one, to the user; one entry per owner may be the default.
 */
export const addressBookEntries = pgTable(
  'address_book_entries',
  {
    ...baseColumns(),
    addressId: bigint('address_id', { mode: 'number' })
      .notNull()
      .references(() => addresses.id, { onDelete: 'cascade' }),
    organizationId: bigint('organization_id', { mode: 'number' }).references(() => organizations.id, {
      onDelete: 'cascade',
    }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [
    uniqueIndex('address_book_entries_address_idx').on(t.addressId),
    index('address_book_entries_organization_idx').on(t.organizationId),
    index('address_book_entries_user_idx').on(t.userId),
    uniqueIndex('address_book_entries_org_default_idx')
      .on(t.organizationId)
      .where(sql`${t.isDefault} and ${t.organizationId} is not null`),
    uniqueIndex('address_book_entries_user_default_idx')
      .on(t.userId)
      .where(sql`${t.isDefault} and ${t.organizationId} is null`),
  ],
);

/** A user's preferences beyond the profile: search sort and which e-mails they want. */
export const userPreferences = pgTable(
  'user_preferences',
  {
    ...baseColumns(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    searchSort: text('search_sort'),
    emailMessages: boolean('email_messages').notNull().default(true),
    emailPhotoRequests: boolean('email_photo_requests').notNull().default(true),
    emailScheduleReminders: boolean('email_schedule_reminders').notNull().default(true),
    emailProductNews: boolean('email_product_news').notNull().default(true),
  },
  (t) => [uniqueIndex('user_preferences_user_idx').on(t.userId)],
);
