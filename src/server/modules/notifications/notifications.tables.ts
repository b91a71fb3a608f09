import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { outboxChannels, outboxStatuses } from '../../../domain/admin/admin-views';
import { notificationKeys, notificationMethods } from '../../../domain/notifications/notification-settings';
import { baseColumns, timestamptz } from '../../db/columns';
import { branches, organizations } from '../organizations/organizations.tables';
import { users } from '../users/users.tables';

/**
 * Every e-mail and text message the product sends; without SMTP_URL (or Twilio) this table is the
 * mailbox admins read. Texts are `channel` 'text' with `to_address` the phone's digits.
 */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    ...baseColumns(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    // 'outbox' (no SMTP server: kept here only), 'queued' (its delivery job waits or retries),
    // 'sent' (handed to SMTP) or 'failed' (the last try failed; `error` says why).
    status: text('status', { enum: outboxStatuses }).notNull(),
    // SMTP tries so far, by the delivery job.
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    sentAt: timestamptz('sent_at'),
    channel: text('channel', { enum: outboxChannels }).notNull().default('email'),
    // Who carried a text: 'twilio', or 'sandbox' (nothing left the building; the outbox is the phone).
    provider: text('provider'),
    // A notification e-mail's one-click unsubscribe URL (its List-Unsubscribe header, RFC 8058).
    unsubscribeUrl: text('unsubscribe_url'),
  },
  (t) => [index('outbox_emails_created_idx').on(t.createdAt)],
);

/**
 * Where an organisation's notifications go: an e-mail address or a phone number (texts), with an
 * optional label; `user_id` when the contact is a member's own (their preferences then apply).
 */
export const notificationContacts = pgTable(
  'notification_contacts',
  {
    ...baseColumns(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    notificationMethod: text('notification_method', { enum: notificationMethods }).notNull(),
    // Digits for a phone, the trimmed lower-case address for an e-mail (one destination, one contact).
    notificationDestination: text('notification_destination').notNull(),
    contactLabel: text('contact_label'),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('notification_contacts_destination_idx').on(
      t.organizationId,
      t.notificationMethod,
      t.notificationDestination,
    ),
    check('notification_contacts_method_check', sql`${t.notificationMethod} in ('Email', 'Phone')`),
  ],
);

/**
 * A contact subscribed (or no longer: `active` false) to one key, per branch for the branch keys.
 * `unsubscribe_token` is the secret of the one-click unsubscribe link in every e-mail.
 */
export const notificationSubscriptions = pgTable(
  'notification_subscriptions',
  {
    ...baseColumns(),
    notificationContactId: bigint('notification_contact_id', { mode: 'number' })
      .notNull()
      .references(() => notificationContacts.id, { onDelete: 'cascade' }),
    key: text('key', { enum: notificationKeys }).notNull(),
    branchId: bigint('branch_id', { mode: 'number' }).references(() => branches.id, { onDelete: 'cascade' }),
    active: boolean('active').notNull().default(true),
    unsubscribeToken: text('unsubscribe_token').notNull(),
  },
  (t) => [
    // One subscription per contact, key and branch; buyer keys have no branch, and null counts as one.
    unique('notification_subscriptions_slot_key')
      .on(t.notificationContactId, t.key, t.branchId)
      .nullsNotDistinct(),
    uniqueIndex('notification_subscriptions_token_idx').on(t.unsubscribeToken),
    index('notification_subscriptions_key_idx').on(t.key, t.branchId),
    check(
      'notification_subscriptions_branch_check',
      sql`(${t.key} in ('branch_order_notification', 'branch_photo_notification')) = (${t.branchId} is not null)`,
    ),
  ],
);

/**
 * Reminders already sent, one row per reminder (`weekly:org:12:2026-11-23`): the insert that claims
 * a key is the send, so a restart or a second process never sends one twice.
 */
export const sentReminders = pgTable(
  'sent_reminders',
  {
    ...baseColumns(),
    reminderKey: text('reminder_key').notNull(),
  },
  (t) => [uniqueIndex('sent_reminders_key_idx').on(t.reminderKey)],
);
