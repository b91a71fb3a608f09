import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { baseColumns, timestamptz } from '../../db/columns';
import { branches, organizations } from '../organizations/organizations.tables';
import { users } from '../users/users.tables';

/**
 * An uploaded spreadsheet being imported (issue 19 availability; issue 20 adds catalogue kinds):
 * read → mapped → previewed (every line's outcome) → applied by a pg-boss job. kind names the
 * ImportKind that reads and applies its lines; mapping is that kind's field → column index.
 */
export const imports = pgTable(
  'imports',
  {
    ...baseColumns(),
    kind: text('kind').notNull(),
    organizationId: bigint('organization_id', { mode: 'number' }).references(() => organizations.id, {
      onDelete: 'cascade',
    }),
    branchId: bigint('branch_id', { mode: 'number' }).references(() => branches.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    mode: text('mode').notNull().default('append'),
    status: text('status').notNull().default('previewing'),
    progress: integer('progress').notNull().default(0),
    columns: text('columns').array().notNull().default(sql`'{}'::text[]`),
    mapping: jsonb('mapping').$type<Record<string, number | null>>().notNull().default(sql`'{}'::jsonb`),
    counts: jsonb('counts').$type<Record<string, number>>().notNull().default(sql`'{}'::jsonb`),
    error: text('error'),
    appliedAt: timestamptz('applied_at'),
  },
  (t) => [
    index('imports_branch_idx').on(t.branchId, t.createdAt),
    check('imports_mode_check', sql`${t.mode} in ('append', 'replace')`),
    check(
      'imports_status_check',
      sql`${t.status} in ('previewing', 'ready', 'applying', 'applied', 'failed')`,
    ),
  ],
);

/**
 * One line of an import: its cells as read, and after the preview its outcome (updated, new,
 * unmatched, invalid, unchanged), the reason for invalid ones, the record it resolves to and the
 * matcher's suggestion for unmatched ones; data holds the kind's parsed values.
 */
export const importLines = pgTable(
  'import_lines',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    importId: bigint('import_id', { mode: 'number' })
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    lineNumber: integer('line_number').notNull(),
    cells: jsonb('cells').$type<string[]>().notNull(),
    outcome: text('outcome').notNull().default('pending'),
    reason: text('reason'),
    sourceKey: text('source_key'),
    targetId: bigint('target_id', { mode: 'number' }),
    suggestion: jsonb('suggestion').$type<Record<string, unknown> | null>(),
    data: jsonb('data').$type<Record<string, unknown> | null>(),
  },
  (t) => [index('import_lines_import_idx').on(t.importId, t.lineNumber)],
);
