import { sql } from 'drizzle-orm';
import type { Executor } from '../../../core/database';

/** A column of a bulk insert: its name and the SQL type json_to_recordset reads it as. */
export type BulkColumn = readonly [name: string, type: string];

/**
 * Inserts many rows with one statement per chunk: the chunk travels as a single JSON parameter that
 * json_to_recordset unpacks, which both PGlite and node-postgres handle quickly (no 65,535-parameter
 * limit, no per-row round trip). `onConflict` is the SQL after ON CONFLICT, e.g. `do nothing`.
 */
export async function bulkInsert(
  db: Executor,
  table: string,
  columns: readonly BulkColumn[],
  rows: readonly Record<string, unknown>[],
  options: { onConflict?: string; chunkSize?: number } = {},
): Promise<void> {
  const chunkSize = options.chunkSize ?? 5_000;
  const names = columns.map(([name]) => `"${name}"`).join(', ');
  const definitions = columns.map(([name, type]) => `"${name}" ${type}`).join(', ');
  const conflict = options.onConflict ? ` on conflict ${options.onConflict}` : '';
  for (let start = 0; start < rows.length; start += chunkSize) {
    const chunk = rows.slice(start, start + chunkSize);
    await db.execute(
      sql`insert into ${sql.raw(`"${table}"`)} (${sql.raw(names)})
          select ${sql.raw(names)} from json_to_recordset(${JSON.stringify(chunk)}::json) as x(${sql.raw(definitions)})
          ${sql.raw(conflict)}`,
    );
  }
}
