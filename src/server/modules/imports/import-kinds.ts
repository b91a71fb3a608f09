import type { ImportCounts, ImportMapping } from '../../../domain/imports/import-schemas';
import type { Db, Executor } from '../../core/database';
import type { ImportRow, LineRow, LineWrite } from './imports.repository';

/**
 * One kind of spreadsheet import (availability today; green goods, hard goods and product mapping
 * in issue 20): how its columns are guessed, how a line is previewed, matched by hand and applied.
 * The imports module runs the rest (upload, mapping, jobs, progress, report) the same for every kind.
 */
export type ImportKindHandler = {
  /** Field → column index from the header row. */
  guessMapping(columns: readonly string[]): ImportMapping;
  /** A field message when the mapping cannot preview at all (no product column). */
  mappingProblem(mapping: ImportMapping): string | null;
  /** Every line's outcome; progress is called with 0–100 as batches finish. */
  preview(
    db: Db,
    job: ImportRow,
    lines: LineRow[],
    progress: (percent: number) => Promise<void>,
  ): Promise<{ writes: LineWrite[]; counts: Partial<ImportCounts> }>;
  /** The user chose the record an unmatched (or wrong) line means; remembered for later imports. */
  matchLine(db: Db, job: ImportRow, line: LineRow, targetId: number): Promise<LineWrite>;
  /** Applies the previewed lines in the caller's transaction; answers counts to add (e.g. zeroed). */
  apply(tx: Executor, job: ImportRow, lines: LineRow[]): Promise<Partial<ImportCounts>>;
  /** After a large apply has committed (at least `bulkApplyLines` lines): tidy what it changed. */
  afterBulkApply?(db: Db): Promise<void>;
  /** The name of the record a line resolves to, for the preview and the result report. */
  describeTargets(
    db: Executor,
    ids: number[],
  ): Promise<Map<number, { productId: number; productVariantId: number; primaryName: string; size: string }>>;
};
