import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../core/database';
import { queryRows } from '../../db/client';

export type ImportRow = {
  id: number;
  kind: string;
  organization_id: number | null;
  branch_id: number | null;
  user_id: number | null;
  file_name: string;
  mode: 'append' | 'replace';
  status: 'previewing' | 'ready' | 'applying' | 'applied' | 'failed';
  progress: number;
  columns: string[];
  mapping: Record<string, number | null>;
  counts: Record<string, number>;
  error: string | null;
  created_at: string | Date;
  applied_at: string | Date | null;
};

export type LineRow = {
  id: number;
  line_number: number;
  cells: string[];
  outcome: string;
  reason: string | null;
  source_key: string | null;
  target_id: number | null;
  suggestion: Record<string, unknown> | null;
  data: Record<string, unknown> | null;
};

const importColumns = sql`id::int, kind, organization_id::int, branch_id::int, user_id::int, file_name, mode, status,
  progress, columns, mapping, counts, error, created_at, applied_at`;

export async function insertImport(
  db: Executor,
  input: {
    kind: string;
    organizationId: number | null;
    branchId: number | null;
    userId: number;
    fileName: string;
    mode: string;
    columns: string[];
    mapping: Record<string, number | null>;
  },
) {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into imports (kind, organization_id, branch_id, user_id, file_name, mode, columns, mapping)
      values (${input.kind}, ${input.organizationId}, ${input.branchId}, ${input.userId}, ${input.fileName},
        ${input.mode}, array(select jsonb_array_elements_text(${JSON.stringify(input.columns)}::jsonb)), ${JSON.stringify(input.mapping)}::jsonb)
      returning id::int`,
  );
  return row.id;
}

export async function insertLines(db: Executor, importId: number, rows: string[][]) {
  for (let i = 0; i < rows.length; i += 5000) {
    const chunk = rows.slice(i, i + 5000).map((cells, j) => ({ n: i + j + 1, c: cells }));
    await db.execute(sql`insert into import_lines (import_id, line_number, cells)
      select ${importId}, r.n, r.c from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as r(n int, c jsonb)`);
  }
}

export async function findImport(db: Executor, id: number) {
  const [row] = await queryRows<ImportRow>(db, sql`select ${importColumns} from imports where id = ${id}`);
  return row;
}

export async function updateImport(
  db: Executor,
  id: number,
  patch: Partial<{
    status: string;
    progress: number;
    counts: Record<string, number>;
    mapping: Record<string, number | null>;
    mode: string;
    error: string | null;
    appliedAt: Date;
  }>,
) {
  const sets: SQL[] = [sql`updated_at = now()`];
  if (patch.status !== undefined) sets.push(sql`status = ${patch.status}`);
  if (patch.progress !== undefined) sets.push(sql`progress = ${patch.progress}`);
  if (patch.counts !== undefined) sets.push(sql`counts = ${JSON.stringify(patch.counts)}::jsonb`);
  if (patch.mapping !== undefined) sets.push(sql`mapping = ${JSON.stringify(patch.mapping)}::jsonb`);
  if (patch.mode !== undefined) sets.push(sql`mode = ${patch.mode}`);
  if (patch.error !== undefined) sets.push(sql`error = ${patch.error}`);
  if (patch.appliedAt !== undefined) sets.push(sql`applied_at = ${patch.appliedAt.toISOString()}`);
  await db.execute(sql`update imports set ${sql.join(sets, sql`, `)} where id = ${id}`);
}

const lineColumns = sql`id::int, line_number, cells, outcome, reason, source_key, target_id::int, suggestion, data`;

export async function allLines(db: Executor, importId: number) {
  return queryRows<LineRow>(
    db,
    sql`select ${lineColumns} from import_lines where import_id = ${importId} order by line_number`,
  );
}

export async function pageOfLines(
  db: Executor,
  importId: number,
  outcome: string | undefined,
  page: number,
  perPage: number,
) {
  const where = outcome
    ? sql`import_id = ${importId} and outcome = ${outcome}`
    : sql`import_id = ${importId}`;
  const rows = await queryRows<LineRow & { total: number }>(
    db,
    sql`select ${lineColumns}, count(*) over ()::int as total from import_lines where ${where}
      order by line_number limit ${perPage} offset ${(page - 1) * perPage}`,
  );
  return { rows, total: rows[0]?.total ?? 0 };
}

export async function findLine(db: Executor, importId: number, id: number) {
  const [row] = await queryRows<LineRow>(
    db,
    sql`select ${lineColumns} from import_lines where import_id = ${importId} and id = ${id}`,
  );
  return row;
}

export type LineWrite = {
  id: number;
  outcome: string;
  reason: string | null;
  sourceKey: string | null;
  targetId: number | null;
  suggestion: Record<string, unknown> | null;
  data: Record<string, unknown> | null;
};

export async function saveLines(db: Executor, writes: LineWrite[]) {
  for (let i = 0; i < writes.length; i += 5000) {
    const chunk = writes.slice(i, i + 5000).map((w) => ({
      i: w.id,
      o: w.outcome,
      r: w.reason,
      k: w.sourceKey,
      t: w.targetId,
      s: w.suggestion,
      d: w.data,
    }));
    await db.execute(sql`update import_lines l set outcome = r.o, reason = r.r, source_key = r.k, target_id = r.t,
        suggestion = r.s, data = r.d
      from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as r(i bigint, o text, r text, k text, t bigint, s jsonb, d jsonb)
      where l.id = r.i`);
  }
}

export async function updateLineCells(db: Executor, id: number, cells: string[]) {
  await db.execute(sql`update import_lines set cells = ${JSON.stringify(cells)}::jsonb, outcome = 'pending',
    reason = null, target_id = null, suggestion = null, data = null where id = ${id}`);
}
