import { bigint, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { baseColumns } from '../../db/columns';
import { users } from '../users/users.tables';

/**
 * The first answer to a keyed mutation (Idempotency-Key header, DESIGN.md §4), per user, key and
 * action, so a repeat returns it instead of acting twice. status is null while the first attempt
 * is still in its transaction.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    ...baseColumns(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    action: text('action').notNull(),
    status: integer('status'),
    response: jsonb('response'),
  },
  (t) => [uniqueIndex('idempotency_keys_user_key_idx').on(t.userId, t.key, t.action)],
);
