// Read model: Beehive's list of imports (/admin/imports) with who uploaded them and the branch or
// supplier they were for. Reads imports, users, branches and organisations.

import { sql } from 'drizzle-orm';
import type { Executor } from '../core/database';
import { queryRows } from '../db/client';

export type ImportListRow = {
  id: number;
  kind: string;
  status: string;
  fileName: string;
  counts: Record<string, number>;
  userName: string | null;
  branchName: string | null;
  organizationName: string | null;
  createdAt: string;
  appliedAt: string | null;
};

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** A page of imports, newest first; `kind` narrows to one kind. */
export async function listImports(db: Executor, filter: { kind?: string; page: number; perPage: number }) {
  const where = filter.kind ? sql`i.kind = ${filter.kind}` : sql`true`;
  const rows = await queryRows<ImportListRow & { total: number }>(
    db,
    sql`select i.id::int as "id", i.kind, i.status, i.file_name as "fileName", i.counts,
               nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as "userName",
               b.name as "branchName", o.name as "organizationName",
               ${iso('i.created_at')} as "createdAt", ${iso('i.applied_at')} as "appliedAt",
               count(*) over ()::int as total
          from imports i
          left join users u on u.id = i.user_id
          left join branches b on b.id = i.branch_id
          left join organizations o on o.id = i.organization_id
         where ${where}
         order by i.created_at desc, i.id desc
         limit ${filter.perPage} offset ${(filter.page - 1) * filter.perPage}`,
  );
  return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
}
