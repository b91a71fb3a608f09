import { bigint, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { baseColumns } from '../../db/columns';
import { users } from '../users/users.tables';

/** The audit trail: who did what to which record, and when. */
export const auditEvents = pgTable(
  'audit_events',
  {
    ...baseColumns(),
    actorUserId: bigint('actor_user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    // Set when the actor was an admin acting as another user.
    impersonatorUserId: bigint('impersonator_user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    subjectType: text('subject_type').notNull(),
    subjectId: bigint('subject_id', { mode: 'number' }),
    action: text('action').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>(),
  },
  (t) => [index('audit_events_subject_idx').on(t.subjectType, t.subjectId)],
);
