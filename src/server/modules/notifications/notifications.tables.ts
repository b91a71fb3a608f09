import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { outboxStatuses } from '../../../domain/admin/admin-views';
import { baseColumns, timestamptz } from '../../db/columns';

/** Every e-mail the product sends; without SMTP_URL this table is the mailbox admins read. */
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
  },
  (t) => [index('outbox_emails_created_idx').on(t.createdAt)],
);
