import * as XLSX from '@e965/xlsx';
import { parse as parseCsv } from 'csv-parse/sync';
import { importMessages, maxImportLines } from '../../../domain/imports/import-schemas';
import { AppError } from '../../core/errors';

const unreadable = (message: string) => new AppError('unprocessable', message, { code: 'unreadable_file' });

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return String(value)
    .replace(/[\u00a0\u2007\u202f]/g, ' ')
    .replace(/[\u200b\ufeff]/g, '')
    .replace(/\s*[\r\n]+\s*/g, ' ')
    .trim()
    .slice(0, 500);
}

function decode(data: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return new TextDecoder('windows-1252').decode(data);
  }
}

function delimiterOf(text: string) {
  const first = text.split(/\r\n|\n|\r/, 1)[0] ?? '';
  const counts = [',', '\t', ';'].map((d) => [d, first.split(d).length] as const);
  return counts.sort((a, b) => b[1] - a[1])[0][0];
}

/**
 * Reads an uploaded .csv, .xls or .xlsx file: its header row and the rows under it, as cell texts,
 * blank rows dropped. Refuses other files, empty ones and more than maxImportLines lines.
 */
export function readSpreadsheet(filename: string, data: Buffer): { columns: string[]; rows: string[][] } {
  const extension = /\.(csv|xls|xlsx)$/i.exec(filename.trim())?.[1]?.toLowerCase();
  if (!extension) throw unreadable(importMessages.fileType);
  let rows: unknown[][];
  const isZip = data.length >= 4 && data[0] === 0x50 && data[1] === 0x4b;
  const isOle = data.length >= 4 && data[0] === 0xd0 && data[1] === 0xcf;
  if (extension === 'csv' && !isZip && !isOle) {
    const text = decode(data);
    try {
      rows = parseCsv(text, {
        delimiter: delimiterOf(text),
        bom: true,
        relax_column_count: true,
        relax_quotes: true,
        skip_empty_lines: true,
      }) as string[][];
    } catch {
      throw unreadable(importMessages.unreadable);
    }
  } else {
    try {
      const workbook = XLSX.read(data, { type: 'buffer', cellDates: false, dense: true });
      const sheet = workbook.Sheets[workbook.SheetNames[0] ?? ''];
      rows = sheet
        ? (XLSX.utils.sheet_to_json(sheet, { header: 1, raw: false, defval: '' }) as unknown[][])
        : [];
    } catch {
      throw unreadable(importMessages.unreadable);
    }
  }
  const clean = rows.map((row) => row.map(cellText)).filter((row) => row.some((cell) => cell !== ''));
  if (clean.length < 2) throw unreadable(importMessages.empty);
  if (clean.length - 1 > maxImportLines) throw unreadable(importMessages.tooManyLines(clean.length - 1));
  const [header, ...body] = clean;
  const width = Math.min(50, Math.max(...clean.map((row) => row.length)));
  const columns = Array.from({ length: width }, (_, i) => header[i] || `Column ${i + 1}`);
  return { columns, rows: body.map((row) => Array.from({ length: width }, (_, i) => row[i] ?? '')) };
}
