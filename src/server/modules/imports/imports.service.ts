import {
  catalogImportMessages,
  type ImportCounts,
  type ImportKind,
  type ImportLine,
  type ImportMapping,
  type ImportMode,
  type ImportView,
  importMessages,
  type LineOutcome,
} from '../../../domain/imports/import-schemas';
import type { Caller } from '../../core/caller';
import type { Clock } from '../../core/clock';
import type { Db, Executor } from '../../core/database';
import { AppError } from '../../core/errors';
import { csvDocument } from '../../documents/csv-document';
import type { JobQueue, JobSender } from '../../jobs/job-queue';
import * as importList from '../../read-models/import-list';
import * as inventory from '../catalog/inventory.service';
import * as organizations from '../organizations/organizations.service';
import { availabilityKind } from './availability-kind';
import { greenGoodsKind, hardGoodsKind, productMappingKind } from './catalog-kinds';
import { readSpreadsheet } from './import-files';
import type { ImportKindHandler } from './import-kinds';
import * as repo from './imports.repository';

/** The import kinds; issue 20 adds its catalogue kinds here. */
export const importKindHandlers: Record<ImportKind, ImportKindHandler> = {
  availability: availabilityKind,
  green_goods: greenGoodsKind,
  hard_goods: hardGoodsKind,
  product_mapping: productMappingKind,
};

/** Who reads an import: its owner (the supplier's branch, or the user who uploaded it), or Beehive staff. */
export type ImportAccess = 'owner' | 'staff';

export const importsQueue = 'imports';
export type ImportJob = { importId: number; step: 'preview' | 'apply' };

const notFound = () => new AppError('not_found', importMessages.notFound);

/** The import, when the caller may see it (its branch is of the caller's organisation, or staff). */
async function importOrThrow(db: Executor, caller: Caller, id: number, access: ImportAccess = 'owner') {
  const row = await repo.findImport(db, id);
  if (!row) throw notFound();
  // Staff routes checked manage_catalog before calling; staff see every import.
  if (access === 'staff') return row;
  // The supplier routes serve availability uploads only; catalogue kinds are Beehive's.
  if (row.kind !== 'availability') throw notFound();
  if (row.branch_id !== null) {
    try {
      await inventory.ownedBranchOrThrow(db, caller, row.branch_id);
    } catch {
      throw notFound();
    }
  } else if (row.user_id !== caller.user.id) {
    throw notFound();
  }
  return row;
}

const emptyCounts: ImportCounts = {
  total: 0,
  valid: 0,
  updated: 0,
  new: 0,
  unmatched: 0,
  invalid: 0,
  zeroed: 0,
};

/** Stored counts with `valid` (new + updated) worked out, for imports counted before it existed. */
export const countsOf = (stored: Record<string, number>): ImportCounts => {
  const counts = { ...emptyCounts, ...stored };
  return { ...counts, valid: counts.new + counts.updated };
};

/** Reads the file, stores its lines and queues the preview. */
export async function createAvailabilityImport(
  db: Db,
  jobs: JobSender,
  caller: Caller,
  branchId: number,
  upload: { filename: string; data: Buffer; mode: ImportMode },
) {
  const branch = await inventory.ownedBranchOrThrow(db, caller, branchId);
  return createImport(db, jobs, caller, {
    kind: 'availability',
    organizationId: branch.organization_id,
    branchId,
    upload,
  });
}

/**
 * Staff upload a catalogue import (green goods, hard goods, product mapping) or a branch's
 * availability for any branch. Availability needs the branch; product mapping the supplier
 * organisation (or one of its branches).
 */
export async function createCatalogImport(
  db: Db,
  jobs: JobSender,
  caller: Caller,
  input: {
    kind: ImportKind;
    branchId: number | null;
    organizationId: number | null;
    upload: { filename: string; data: Buffer; mode: ImportMode };
  },
) {
  let organizationId: number | null = null;
  let branchId: number | null = null;
  if (input.kind === 'availability' || (input.kind === 'product_mapping' && input.branchId !== null)) {
    if (input.branchId === null) {
      throw new AppError('invalid_data', catalogImportMessages.branchRequired, {
        fields: { branchId: catalogImportMessages.branchRequired },
      });
    }
    const branch = await inventory.branchOrThrow(db, input.branchId);
    organizationId = branch.organization_id;
    branchId = input.kind === 'availability' ? branch.id : null;
  } else if (input.kind === 'product_mapping') {
    if (
      input.organizationId === null ||
      !(await organizations.organizationExists(db, input.organizationId))
    ) {
      throw new AppError('invalid_data', catalogImportMessages.organizationRequired, {
        fields: { organizationId: catalogImportMessages.organizationRequired },
      });
    }
    organizationId = input.organizationId;
  }
  return createImport(db, jobs, caller, {
    kind: input.kind,
    organizationId,
    branchId,
    upload: input.upload,
  });
}

async function createImport(
  db: Db,
  jobs: JobSender,
  caller: Caller,
  input: {
    kind: ImportKind;
    organizationId: number | null;
    branchId: number | null;
    upload: { filename: string; data: Buffer; mode: ImportMode };
  },
) {
  const { upload, branchId } = input;
  const { columns, rows } = readSpreadsheet(upload.filename, upload.data);
  const handler = importKindHandlers[input.kind];
  const mapping = handler.guessMapping(columns);
  const id = await db.transaction(async (tx) => {
    const created = await repo.insertImport(tx, {
      kind: input.kind,
      organizationId: input.organizationId,
      branchId,
      userId: caller.user.id,
      fileName: upload.filename,
      mode: upload.mode,
      columns,
      mapping,
    });
    await repo.insertLines(tx, created, rows);
    await repo.updateImport(tx, created, { counts: { ...emptyCounts, total: rows.length } });
    await queuePreviewOrWait(tx, jobs, created, handler.mappingProblem(mapping));
    return created;
  });
  return id;
}

/** Queues the preview; with a mapping that cannot preview, the import waits (ready) for the user's mapping. */
async function queuePreviewOrWait(db: Executor, jobs: JobSender, id: number, problem: string | null) {
  if (problem) {
    await repo.updateImport(db, id, { status: 'ready', progress: 0, error: problem });
    return;
  }
  await repo.updateImport(db, id, { status: 'previewing', progress: 0, error: null });
  await jobs.send(importsQueue, { importId: id, step: 'preview' } satisfies ImportJob, { db });
}

async function lineViews(db: Executor, kind: ImportKindHandler, rows: repo.LineRow[]): Promise<ImportLine[]> {
  const targets = await kind.describeTargets(
    db,
    rows.flatMap((row) => (row.target_id === null ? [] : [row.target_id])),
  );
  return rows.map((row) => ({
    id: row.id,
    lineNumber: row.line_number,
    cells: row.cells,
    outcome: row.outcome as LineOutcome,
    reason: row.reason,
    target: row.target_id === null ? null : (targets.get(row.target_id) ?? null),
    suggestion: (row.suggestion as ImportLine['suggestion']) ?? null,
  }));
}

export async function getImport(
  db: Executor,
  caller: Caller,
  id: number,
  query: { outcome?: LineOutcome; page: number; perPage: number },
  access: ImportAccess = 'owner',
): Promise<ImportView> {
  const row = await importOrThrow(db, caller, id, access);
  const handler = importKindHandlers[row.kind as ImportKind];
  const page = await repo.pageOfLines(db, id, query.outcome, query.page, query.perPage);
  return {
    id: row.id,
    kind: row.kind as ImportKind,
    branchId: row.branch_id,
    organizationId: row.organization_id,
    fileName: row.file_name,
    mode: row.mode,
    status: row.status,
    progress: row.progress,
    columns: row.columns,
    mapping: row.mapping as ImportMapping,
    counts: countsOf(row.counts),
    error: row.error,
    createdAt: new Date(row.created_at).toISOString(),
    appliedAt: row.applied_at ? new Date(row.applied_at).toISOString() : null,
    lines: await lineViews(db, handler, page.rows),
    linesTotal: page.total,
  };
}

function refuseWhenApplied(row: repo.ImportRow) {
  if (row.status === 'applied' || row.status === 'applying') {
    throw new AppError('conflict', importMessages.alreadyApplied, { code: 'already_applied' });
  }
}

/** Changes the column mapping or the mode: the preview runs again. */
export async function updateImport(
  db: Db,
  jobs: JobSender,
  caller: Caller,
  id: number,
  input: { mapping?: ImportMapping; mode?: ImportMode },
  access: ImportAccess = 'owner',
) {
  const row = await importOrThrow(db, caller, id, access);
  refuseWhenApplied(row);
  const handler = importKindHandlers[row.kind as ImportKind];
  const mapping = input.mapping ?? (row.mapping as ImportMapping);
  const problem = handler.mappingProblem(mapping);
  if (problem && input.mapping) {
    throw new AppError('invalid_data', problem, { fields: { mapping: problem } });
  }
  await db.transaction(async (tx) => {
    await repo.updateImport(tx, id, { mapping, ...(input.mode ? { mode: input.mode } : {}) });
    await queuePreviewOrWait(tx, jobs, id, problem);
  });
}

/** The user's choice for one line: remembered as a product mapping, the line resolved. */
export async function matchLine(
  db: Db,
  caller: Caller,
  id: number,
  lineId: number,
  targetId: number,
  access: ImportAccess = 'owner',
) {
  const row = await importOrThrow(db, caller, id, access);
  refuseWhenApplied(row);
  const line = await repo.findLine(db, id, lineId);
  if (!line) throw new AppError('not_found', importMessages.lineNotFound);
  const handler = importKindHandlers[row.kind as ImportKind];
  const targets = await handler.describeTargets(db, [targetId]);
  if (!targets.has(targetId)) {
    throw new AppError('invalid_data', 'Choose a size of a catalogue product', {
      fields: { productVariantId: 'Choose a size of a catalogue product' },
    });
  }
  const write = await handler.matchLine(db, row, line, targetId);
  await repo.saveLines(db, [write]);
  await recount(db, row);
  const [view] = await lineViews(db, handler, [(await repo.findLine(db, id, lineId)) as repo.LineRow]);
  return view;
}

async function recount(db: Executor, row: repo.ImportRow, extra: Partial<ImportCounts> = {}) {
  const lines = await repo.allLines(db, row.id);
  const counts: ImportCounts = { ...emptyCounts, ...row.counts, ...extra, total: lines.length };
  for (const outcome of ['updated', 'new', 'unmatched', 'invalid'] as const) {
    counts[outcome] = lines.filter((line) => line.outcome === outcome).length;
  }
  counts.valid = counts.new + counts.updated;
  await repo.updateImport(db, row.id, { counts });
  return counts;
}

/**
 * Staff fix a line's values (one cell per column) before applying: the import is previewed again,
 * so the fixed line gets its new outcome and nothing changes until apply.
 */
export async function fixLine(
  db: Db,
  jobs: JobSender,
  caller: Caller,
  id: number,
  lineId: number,
  cells: string[],
  access: ImportAccess = 'owner',
) {
  const row = await importOrThrow(db, caller, id, access);
  refuseWhenApplied(row);
  const line = await repo.findLine(db, id, lineId);
  if (!line) throw new AppError('not_found', importMessages.lineNotFound);
  if (cells.length !== row.columns.length) {
    throw new AppError('invalid_data', catalogImportMessages.cellsLength, {
      fields: { cells: catalogImportMessages.cellsLength },
    });
  }
  const handler = importKindHandlers[row.kind as ImportKind];
  await db.transaction(async (tx) => {
    await repo.updateLineCells(
      tx,
      lineId,
      cells.map((cell) => cell.trim()),
    );
    await queuePreviewOrWait(tx, jobs, id, handler.mappingProblem(row.mapping as ImportMapping));
  });
}

/** Queues applying a previewed import. */
export async function applyImport(
  db: Db,
  jobs: JobSender,
  caller: Caller,
  id: number,
  access: ImportAccess = 'owner',
) {
  const row = await importOrThrow(db, caller, id, access);
  refuseWhenApplied(row);
  if (row.status !== 'ready' || row.error) {
    throw new AppError('conflict', importMessages.notReady, { code: 'not_ready' });
  }
  await db.transaction(async (tx) => {
    await repo.updateImport(tx, id, { status: 'applying', progress: 0 });
    await jobs.send(importsQueue, { importId: id, step: 'apply' } satisfies ImportJob, { db: tx });
  });
}

/** The job: previews or applies an import, writing progress as it goes. */
/** From this many lines an applied import runs its kind's afterBulkApply. */
const bulkApplyLines = 1_000;

export async function runImportJob(db: Db, clock: Clock, job: ImportJob) {
  const row = await repo.findImport(db, job.importId);
  if (!row) return;
  const handler = importKindHandlers[row.kind as ImportKind];
  try {
    if (job.step === 'preview') {
      if (row.status !== 'previewing') return;
      const lines = await repo.allLines(db, row.id);
      const { writes, counts } = await handler.preview(db, row, lines, (progress) =>
        repo.updateImport(db, row.id, { progress: Math.min(99, progress) }),
      );
      await db.transaction(async (tx) => {
        await repo.saveLines(tx, writes);
        await recount(tx, row, counts);
        await repo.updateImport(tx, row.id, { status: 'ready', progress: 100 });
      });
    } else {
      if (row.status !== 'applying') return;
      const lines = await repo.allLines(db, row.id);
      await db.transaction(async (tx) => {
        const counts = await handler.apply(tx, row, lines);
        await repo.updateImport(tx, row.id, {
          status: 'applied',
          progress: 100,
          counts: countsOf({ ...row.counts, ...counts }),
          appliedAt: clock.now(),
        });
      });
      if (lines.length >= bulkApplyLines) await handler.afterBulkApply?.(db);
    }
  } catch (error) {
    await repo.updateImport(db, row.id, {
      status: 'failed',
      error: 'This import failed. Upload the file again; if it fails again, contact our team.',
    });
    throw error;
  }
}

/** The result report: every line with its outcome, reason and the catalogue size it became. */
export async function importReport(db: Executor, caller: Caller, id: number, access: ImportAccess = 'owner') {
  const row = await importOrThrow(db, caller, id, access);
  const handler = importKindHandlers[row.kind as ImportKind];
  const lines = await repo.allLines(db, id);
  const targets = await handler.describeTargets(
    db,
    lines.flatMap((line) => (line.target_id === null ? [] : [line.target_id])),
  );
  const records = [
    ['Line', ...row.columns, 'Outcome', 'Reason', 'Catalogue product', 'Catalogue size'],
    ...lines.map((line) => {
      const target = line.target_id === null ? undefined : targets.get(line.target_id);
      return [
        String(line.line_number + 1),
        ...row.columns.map((_, i) => line.cells[i] ?? ''),
        line.outcome,
        line.reason ?? '',
        target?.primaryName ?? '',
        target?.size ?? '',
      ];
    }),
  ];
  const base = row.file_name.replace(/\.[^.]+$/, '').replace(/[^\w.-]+/g, '-');
  return { csv: csvDocument(records), filename: `${base}-result.csv` };
}

/** Registers the imports queue (one job per import step; a failed one marks the import failed). */
export function registerImportJobs(jobs: JobQueue, db: Db, clock: Clock) {
  jobs.work<ImportJob>(importsQueue, { retryLimit: 0, expireInSeconds: 600 }, (job) =>
    runImportJob(db, clock, job),
  );
}

export async function assertBranchAccess(db: Executor, caller: Caller, branchId: number) {
  await inventory.ownedBranchOrThrow(db, caller, branchId);
}

/** Beehive's list of imports, newest first, with who uploaded them and for which branch or supplier. */
export async function listImportsForStaff(
  db: Executor,
  filter: { kind?: ImportKind; page: number; perPage: number },
) {
  const { rows, total } = await importList.listImports(db, filter);
  return {
    rows: rows.map((row) => ({
      ...row,
      kind: row.kind as ImportKind,
      status: row.status as repo.ImportRow['status'],
      counts: countsOf(row.counts),
    })),
    total,
  };
}
