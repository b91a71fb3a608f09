import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { baseColumns, timestamptz } from '../../db/columns';
import { users } from '../users/users.tables';

/**
 * What visitors and users ask staff through the Contact Us form or the 'Send Us Your List' card
 * (with the list attached). Staff assign one, answer it by e-mail and resolve it in Beehive.
 */
export const supportRequests = pgTable(
  'support_requests',
  {
    ...baseColumns(),
    kind: text('kind').notNull().default('contact'),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    // The signed-in user who sent it, if any (visitors may write too).
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    attachmentKey: text('attachment_key'),
    attachmentName: text('attachment_name'),
    attachmentType: text('attachment_type'),
    attachmentSize: integer('attachment_size'),
    status: text('status').notNull().default('open'),
    assigneeUserId: bigint('assignee_user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    reply: text('reply'),
    repliedAt: timestamptz('replied_at'),
    resolvedAt: timestamptz('resolved_at'),
    resolvedByUserId: bigint('resolved_by_user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    index('support_requests_status_idx').on(t.status, t.createdAt),
    check('support_requests_status_check', sql`${t.status} in ('open', 'resolved')`),
    check('support_requests_kind_check', sql`${t.kind} in ('contact', 'list')`),
  ],
);
