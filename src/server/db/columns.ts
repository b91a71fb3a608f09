import { bigserial, timestamp } from 'drizzle-orm/pg-core';

/** The id and timestamps every table carries (DESIGN.md §6). */
export const baseColumns = () => ({
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
