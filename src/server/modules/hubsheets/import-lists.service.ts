import type { z } from 'zod';
import {
  recognitionNotes,
  recognizeColumnsByContent,
  splitQuantityAndSize,
} from '../../../domain/hubsheets/column-content';
import {
  type ColumnMapping,
  missingRequiredColumns,
  recognizeColumns,
  sizeColumnsOf,
} from '../../../domain/hubsheets/header-recognition';
import {
  type importMappingSchema,
  requiredHeadersMissingMessage,
} from '../../../domain/hubsheets/hubsheet-schemas';
import type { ImportListView } from '../../../domain/hubsheets/hubsheet-types';
import { readBudgetPrice, readWholeQuantity } from '../../../domain/hubsheets/line-reading';
import { actorOf, type Caller } from '../../core/caller';
import type { Executor } from '../../core/database';
import { AppError } from '../../core/errors';
import { type Actor, recordEvent } from '../audit/audit.service';
import * as repo from './hubsheets.repository';
import { readSpreadsheetRows, splitHeaders } from './import-files';

type ImportMapping = z.output<typeof importMappingSchema>;

export const importListNotFoundMessage = 'This uploaded list was not found. Upload the file again.';
const importListNotFound = () =>
  new AppError('not_found', importListNotFoundMessage, { code: 'import_list_not_found' });

const sampleSize = 5;

/** Who may use an uploaded list: its uploader and the uploader's organisation; everyone else gets 404. */
function canUse(caller: Caller, list: { userId: number; organizationId: number | null }) {
  return (
    list.userId === caller.user.id ||
    (list.organizationId !== null && list.organizationId === caller.user.organizationId)
  );
}

export async function readableImportList(db: Executor, caller: Caller, id: number) {
  const list = await repo.findImportList(db, id);
  if (!list || !canUse(caller, list)) throw importListNotFound();
  return list;
}

const mappingOf = (list: repo.ImportListRow): ColumnMapping => ({
  productNameIndex: list.productNameIndex,
  containerIndex: list.containerIndex,
  quantityIndex: list.quantityIndex,
  budgetedPriceIndex: list.budgetedPriceIndex,
  otherIndexes: list.otherIndexes,
});

/** The data rows that will become lines: those with product text once the product column is known. */
function countLines(list: repo.ImportListRow) {
  const index = list.productNameIndex;
  if (index === null) return list.rows.length;
  return list.rows.filter((row) => (row[index] ?? '').trim() !== '').length;
}

const emptyMapping: ColumnMapping = {
  productNameIndex: null,
  containerIndex: null,
  quantityIndex: null,
  budgetedPriceIndex: null,
  otherIndexes: [],
};

/** The mapping the content suggests for a list whose required columns are not assigned yet. */
function suggestedMapping(list: repo.ImportListRow): ColumnMapping {
  const headers = list.headersIncluded ? list.originalHeaders : null;
  return recognizeColumnsByContent(headers, list.rows, headers ? recognizeColumns(headers) : null);
}

export function importListView(list: repo.ImportListRow): ImportListView {
  const mapping = mappingOf(list);
  const missingHeaders = missingRequiredColumns(mapping);
  return {
    id: list.id,
    importListItemsCount: countLines(list),
    filename: list.filename,
    originalHeaders: list.originalHeaders,
    sampleRows: list.rows.slice(0, sampleSize),
    headersIncluded: list.headersIncluded,
    ...mapping,
    missingHeaders,
    columnNotes: recognitionNotes(list.originalHeaders, list.rows, mapping),
    suggestedMapping: missingHeaders.length > 0 ? suggestedMapping(list) : null,
  };
}

/** The answer the wizard turns into the mapping step: the list is stored, its required columns are not known. */
export function requiredHeadersMissing(view: ImportListView) {
  return {
    message: requiredHeadersMissingMessage,
    code: 'required_headers_missing',
    details: { importList: view },
  };
}

/**
 * Reads an uploaded file and stores its rows (nothing is stored when the file cannot be read). With
 * headers, the columns are recognised by their names checked against their content; without, by
 * their content alone (the mapping step shows the suggestion).
 */
export async function createImportList(
  db: Executor,
  caller: Caller,
  file: { filename: string; contentType: string | null; data: Buffer; headersIncluded: boolean },
) {
  return storeImportList(
    db,
    { userId: caller.user.id, organizationId: caller.user.organizationId },
    actorOf(caller),
    {
      ...file,
      rows: readSpreadsheetRows(file),
    },
  );
}

/**
 * A file's rows split into headers and data, with the columns recognised: by the headers checked
 * against the content. When the headers do not name the required columns (or the file has none)
 * nothing is assigned: the mapping step opens with the content's suggestion (suggestedMapping).
 */
export function recognizeTable(rows: string[][], headersIncluded: boolean) {
  const table = splitHeaders(rows, headersIncluded);
  const byHeaders = headersIncluded ? recognizeColumns(table.headers) : null;
  const mapping: ColumnMapping =
    byHeaders && missingRequiredColumns(byHeaders).length === 0
      ? recognizeColumnsByContent(table.headers, table.rows, byHeaders)
      : (byHeaders ?? emptyMapping);
  const suggestion =
    missingRequiredColumns(mapping).length > 0
      ? recognizeColumnsByContent(headersIncluded ? table.headers : null, table.rows, byHeaders)
      : null;
  return { table, mapping, suggestion };
}

/**
 * Stores rows read from a file (a spreadsheet, or a PDF or image through the converter) as an import
 * list: headers found under title rows, columns recognised by header and content.
 */
export async function storeImportList(
  db: Executor,
  owner: { userId: number; organizationId: number | null },
  actor: Actor,
  file: {
    filename: string;
    contentType: string | null;
    data: Buffer;
    headersIncluded: boolean;
    rows: string[][];
  },
) {
  const { table, mapping } = recognizeTable(file.rows, file.headersIncluded);
  const list = await repo.insertImportList(db, {
    userId: owner.userId,
    organizationId: owner.organizationId,
    filename: file.filename.slice(0, 255),
    contentType: file.contentType,
    byteSize: file.data.length,
    headersIncluded: file.headersIncluded,
    originalHeaders: table.headers,
    rows: table.rows,
    ...mapping,
  });
  await recordEvent(db, actor, { type: 'import_list', id: list.id }, 'upload', {
    filename: list.filename,
    lines: table.rows.length,
  });
  return importListView(list);
}

export async function getImportList(db: Executor, caller: Caller, id: number) {
  return importListView(await readableImportList(db, caller, id));
}

const notInFileMessage = 'This column is not in the file';

/** The mapping step's answer: which column holds what (product name and quantity required). */
export async function updateMapping(db: Executor, caller: Caller, id: number, input: ImportMapping) {
  const list = await readableImportList(db, caller, id);
  const width = list.originalHeaders.length;
  const fields: Record<string, string> = {};
  for (const field of [
    'productNameIndex',
    'containerIndex',
    'quantityIndex',
    'budgetedPriceIndex',
  ] as const) {
    const index = input[field];
    if (index !== null && index >= width) fields[field] = notInFileMessage;
  }
  if (input.otherIndexes?.some((index) => index >= width)) fields.otherIndexes = notInFileMessage;
  if (Object.keys(fields).length > 0) {
    throw new AppError('invalid_data', Object.values(fields)[0], { fields });
  }
  const updated = await repo.updateImportList(db, list.id, {
    productNameIndex: input.productNameIndex,
    containerIndex: input.containerIndex,
    quantityIndex: input.quantityIndex,
    budgetedPriceIndex: input.budgetedPriceIndex,
    otherIndexes: [...new Set(input.otherIndexes ?? [])].sort((a, b) => a - b),
  });
  return importListView(updated);
}

/** A line of the list as it becomes a hubsheet line, before matching. */
export type ImportedLine = {
  position: number;
  originalText: string;
  sizeText: string | null;
  quantityText: string | null;
  quantity: number | null;
  budgetPrice: string | null;
  evidence: string[];
  originalRow: string[];
};

/**
 * A section row ('TREES', 'SHRUBS:', 'Groundcovers'): only the product cell is filled, with a few
 * words and no figures. It heads the lines under it and is not a line itself.
 */
function isSectionRow(row: string[], productIndex: number): boolean {
  if (row.some((value, index) => index !== productIndex && value.trim() !== '')) return false;
  const text = row[productIndex].trim();
  if (/\d|'|"/.test(text)) return false;
  const words = text.split(/\s+/);
  return words.length <= 3 && (text === text.toUpperCase() || text.endsWith(':'));
}

/**
 * The lines of an uploaded list by its mapping. A row without product text is skipped (a section
 * heading, a subtotal, a spacer): its 1-based line number is reported in `skippedLines`. Size
 * columns marked 'Other' (a Root or Height beside the Size) join the size text when the list has a
 * size column; the other 'Other' columns are evidence for the matcher.
 */
export function importedLines(list: repo.ImportListRow): { lines: ImportedLine[]; skippedLines: number[] } {
  const mapping = mappingOf(list);
  if (missingRequiredColumns(mapping).length > 0) {
    throw new AppError('unprocessable', requiredHeadersMissingMessage, { code: 'required_headers_missing' });
  }
  const productIndex = mapping.productNameIndex as number;
  const quantityIndex = mapping.quantityIndex as number;
  const sizeExtras =
    mapping.containerIndex === null ? [] : sizeColumnsOf(list.originalHeaders, mapping.otherIndexes);
  const evidenceIndexes = mapping.otherIndexes.filter((index) => !sizeExtras.includes(index));
  const cell = (row: string[], index: number | null) => (index === null ? '' : (row[index] ?? '').trim());
  const lines: ImportedLine[] = [];
  const skippedLines: number[] = [];
  // Quantity and size written in one column ('25 #5'): both are read from it.
  const sharedQuantity = mapping.containerIndex !== null && mapping.containerIndex === quantityIndex;
  for (const [rowIndex, row] of list.rows.entries()) {
    const originalText = cell(row, productIndex);
    if (!originalText || isSectionRow(row, productIndex)) {
      skippedLines.push(rowIndex + 1);
      continue;
    }
    const split = sharedQuantity ? splitQuantityAndSize(cell(row, quantityIndex)) : null;
    const sizeText = sharedQuantity
      ? (split?.sizeText ?? null)
      : mapping.containerIndex === null
        ? null
        : [cell(row, mapping.containerIndex), ...sizeExtras.map((index) => cell(row, index))]
            .filter(Boolean)
            .join(' ') || null;
    const quantityText = (split ? split.quantityText : cell(row, quantityIndex)) || null;
    lines.push({
      position: lines.length + 1,
      originalText,
      sizeText,
      quantityText,
      quantity: readWholeQuantity(quantityText),
      budgetPrice: readBudgetPrice(cell(row, mapping.budgetedPriceIndex) || null),
      evidence: evidenceIndexes.map((index) => cell(row, index)).filter(Boolean),
      originalRow: row,
    });
  }
  return { lines, skippedLines };
}
