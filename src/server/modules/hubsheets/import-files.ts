import * as XLSX from '@e965/xlsx';
import { parse as parseCsv } from 'csv-parse/sync';
import { findHeaderRow, firstTableRow, looksLikeDataRow } from '../../../domain/hubsheets/header-recognition';
import { noHeadersMessage, notSpreadsheetMessage } from '../../../domain/hubsheets/hubsheet-schemas';
import { AppError } from '../../core/errors';

/** Part 2 / issue 5 limits of one uploaded list. */
export const maxImportLines = 5000;
export const maxImportBytes = 10 * 1024 * 1024;
const maxColumns = 100;
const maxCellLength = 1000;

export const importFileMessages = {
  fileRequired: 'Choose a .csv, .xls or .xlsx file to upload.',
  empty: 'This file is empty. Add your list to it and upload it again.',
  headerOnly: 'This file has column headers but no lines under them. Add your list and upload it again.',
  notCsvWorkbook:
    'This file is named .csv but it is an Excel workbook. Save it from Excel as .csv (or rename it .xlsx) and upload it again.',
  notCsvBinary:
    'This file is named .csv but it is not a text file. Save your list as .csv, .xls or .xlsx; for images or PDFs use our file converter.',
  unreadableWorkbook:
    'We could not read this spreadsheet: the file seems damaged or is not really an Excel file. Open it in Excel, save it again as .xlsx or .csv and upload it again.',
  passwordProtected:
    'This spreadsheet is protected with a password. Remove the password in Excel, save it and upload it again.',
  tooLarge:
    'This file is larger than 10 MB. Remove other sheets, pictures or formatting, or split the list into smaller files, and upload it again.',
  tooManyColumns: `This file has more than ${maxColumns} columns. Keep only the columns of your list and upload it again.`,
  tooManyLines: (count: number) =>
    `This file has ${count.toLocaleString('en-US')} lines; a hubsheet takes up to ${maxImportLines.toLocaleString('en-US')}. Split the list into smaller files and upload them one at a time.`,
  badCsv: (line: number | null) =>
    `We could not read this CSV file${line ? ` near line ${line}` : ''}: a quote mark seems to be left open. Save the list again from your spreadsheet program and upload it again.`,
} as const;

const fileProblem = (message: string, code: string) => new AppError('unprocessable', message, { code });

export type ImportFileKind = 'csv' | 'xls' | 'xlsx';

/** The kind a file name claims, or null for anything but .csv, .xls and .xlsx. */
export function fileKindOf(filename: string): ImportFileKind | null {
  const match = /\.(csv|xls|xlsx)$/i.exec(filename.trim());
  return match ? (match[1].toLowerCase() as ImportFileKind) : null;
}

type Content = 'zip' | 'ole' | 'utf16' | 'text' | 'binary';

/** What the bytes are, whatever the name says: a zip (xlsx), an OLE2 compound file (xls), text, or other binary. */
function sniffContent(data: Buffer): Content {
  if (data.length >= 4 && data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04)
    return 'zip';
  if (
    data.length >= 8 &&
    data.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))
  ) {
    return 'ole';
  }
  if (
    data.length >= 2 &&
    ((data[0] === 0xff && data[1] === 0xfe) || (data[0] === 0xfe && data[1] === 0xff))
  ) {
    return 'utf16';
  }
  const head = data.subarray(0, 64 * 1024);
  let control = 0;
  for (const byte of head) {
    if (byte === 0) return 'binary';
    // Tab, line feed, form feed and carriage return are text; other C0 controls are not.
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d) control += 1;
  }
  return control > head.length * 0.01 ? 'binary' : 'text';
}

/**
 * Decodes a text file: UTF-16 with its byte-order mark, UTF-8 (with or without BOM) when the bytes
 * are valid UTF-8, else Windows-1252 (what Excel on Windows writes as 'CSV').
 */
export function decodeText(data: Buffer): string {
  if (data[0] === 0xff && data[1] === 0xfe) return new TextDecoder('utf-16le').decode(data.subarray(2));
  if (data[0] === 0xfe && data[1] === 0xff) return new TextDecoder('utf-16be').decode(data.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(data);
  } catch {
    return decodeWindows1252(data);
  }
}

// Windows-1252's 0x80–0x9F: curly quotes, dashes, €, ™, … (Node's decoder leaves them as C1 controls).
const cp1252High =
  '\u20ac\ufffd\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\ufffd\u017d\ufffd' +
  '\ufffd\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\ufffd\u017e\u0178';

/** Windows-1252 text: Latin-1 with the punctuation Excel writes in 0x80–0x9F. */
export function decodeWindows1252(data: Buffer): string {
  let text = '';
  for (const byte of data) {
    text += byte >= 0x80 && byte <= 0x9f ? cp1252High[byte - 0x80] : String.fromCharCode(byte);
  }
  return text;
}

/** One cell as text: line breaks inside a cell and non-breaking spaces become spaces, trimmed. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return String(value)
    .replace(/[\u00a0\u2007\u202f]/g, ' ')
    .replace(/[\u200b\ufeff]/g, '')
    .replace(/\s*[\r\n]+\s*/g, ' ')
    .trim()
    .slice(0, maxCellLength);
}

/** Rows with their cells as text, blank rows dropped. */
function cleanRows(rows: unknown[][]): string[][] {
  return rows.map((row) => row.map(cellText)).filter((row) => row.some((cell) => cell !== ''));
}

/** The delimiter of a text list: comma, semicolon or tab, whichever splits the first lines most evenly. */
function sniffDelimiter(text: string): string {
  const lines = text
    .split(/\r\n|\n|\r/)
    .filter((line) => line.trim() !== '')
    .slice(0, 10);
  let best = ',';
  let bestScore = 0;
  for (const delimiter of [',', '\t', ';']) {
    const counts = lines.map((line) => line.replace(/"[^"]*"/g, '').split(delimiter).length - 1);
    const withIt = counts.filter((count) => count > 0).length;
    const score = withIt * 1000 + (counts[0] ?? 0);
    if (score > bestScore) {
      best = delimiter;
      bestScore = score;
    }
  }
  return best;
}

function readCsvText(text: string): string[][] {
  try {
    const rows = parseCsv(text, {
      delimiter: sniffDelimiter(text),
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
    }) as string[][];
    return cleanRows(rows);
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw fileProblem(importFileMessages.badCsv(typeof line === 'number' ? line : null), 'unreadable_file');
  }
}

/** The first sheet with data, every row as cell texts (formula cells give their saved value). */
function readWorkbook(data: Buffer): string[][] {
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(data, { type: 'buffer', cellFormula: false, cellHTML: false, cellStyles: false });
  } catch (error) {
    if (/password|encrypt/i.test(String((error as Error)?.message ?? ''))) {
      throw fileProblem(importFileMessages.passwordProtected, 'password_protected');
    }
    throw fileProblem(importFileMessages.unreadableWorkbook, 'unreadable_file');
  }
  for (const name of workbook.SheetNames) {
    const sheet = workbook.Sheets[name];
    if (!sheet) continue;
    // raw: false gives the text Excel shows ('1,200', '$45.00', dates as written).
    const rows = cleanRows(
      XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: '', blankrows: false }),
    );
    if (rows.length > 0) return rows;
  }
  return [];
}

/**
 * Every non-blank row of an uploaded list as cell texts. The kind comes from the name and must agree
 * with the content: a .csv must be text, an .xlsx a zip workbook, an .xls an Excel 97 workbook (or the
 * HTML/XML/text that programs save under .xls).
 */
export function readSpreadsheetRows(file: { filename: string; data: Buffer }): string[][] {
  // A NUL in a cell is invisible and PostgreSQL refuses it in text: dropped, like the file's padding.
  return readRows(file).map((row) => row.map((cell) => cell.replaceAll('\u0000', '')));
}

function readRows(file: { filename: string; data: Buffer }): string[][] {
  const kind = fileKindOf(file.filename);
  if (!kind) throw fileProblem(notSpreadsheetMessage, 'unsupported_file_type');
  if (file.data.length === 0) throw fileProblem(importFileMessages.empty, 'empty_file');
  if (file.data.length > maxImportBytes) throw fileProblem(importFileMessages.tooLarge, 'file_too_large');
  const content = sniffContent(file.data);
  if (kind === 'csv') {
    if (content === 'zip' || content === 'ole')
      throw fileProblem(importFileMessages.notCsvWorkbook, 'not_csv');
    if (content === 'binary') throw fileProblem(importFileMessages.notCsvBinary, 'not_csv');
    return readCsvText(decodeText(file.data));
  }
  if (kind === 'xlsx' && content !== 'zip' && content !== 'ole') {
    throw fileProblem(importFileMessages.unreadableWorkbook, 'unreadable_file');
  }
  if (kind === 'xls') {
    if (content === 'binary') throw fileProblem(importFileMessages.unreadableWorkbook, 'unreadable_file');
    if (content === 'text' || content === 'utf16') {
      const text = decodeText(file.data);
      // Web apps save HTML or XML tables as .xls; other text is a tab or comma list.
      if (!/^\s*</.test(text)) return readCsvText(text);
    }
  }
  return readWorkbook(file.data);
}

/** An uploaded list read into its header row and data rows, all rows as wide as the widest. */
export type ImportTable = { headers: string[]; rows: string[][] };

/**
 * Splits the rows into headers and data. With headers, the header row is the first row (under any
 * title rows) naming known columns; failing that, the first row of the table (under one-cell title
 * rows): refused with the spec's message when it reads as data, else kept as the headers (unknown
 * names: the mapping step assigns them).
 * Without headers the columns are named 'Column 1', 'Column 2', …
 */
export function splitHeaders(allRows: string[][], headersIncluded: boolean): ImportTable {
  if (allRows.length === 0) throw fileProblem(importFileMessages.empty, 'empty_file');
  let headerRow: string[] | null = null;
  let dataRows = allRows;
  if (headersIncluded) {
    const found = findHeaderRow(allRows);
    const index = found ?? firstTableRow(allRows);
    if (found === null && looksLikeDataRow(allRows[index])) {
      throw new AppError('unprocessable', noHeadersMessage, { code: 'no_headers' });
    }
    headerRow = allRows[index];
    dataRows = allRows.slice(index + 1);
    if (dataRows.length === 0) throw fileProblem(importFileMessages.headerOnly, 'no_lines');
  }
  if (dataRows.length > maxImportLines) {
    throw fileProblem(importFileMessages.tooManyLines(dataRows.length), 'too_many_lines');
  }
  const lastFilled = (row: string[]) => {
    for (let index = row.length - 1; index >= 0; index--) if (row[index] !== '') return index;
    return -1;
  };
  const width = Math.max(lastFilled(headerRow ?? []), ...dataRows.map(lastFilled)) + 1;
  if (width > maxColumns) throw fileProblem(importFileMessages.tooManyColumns, 'too_many_columns');
  const pad = (row: string[]) => Array.from({ length: width }, (_, index) => row[index] ?? '');
  const headers = pad(headerRow ?? []).map((cell, index) => cell || `Column ${index + 1}`);
  return { headers, rows: dataRows.map(pad) };
}
