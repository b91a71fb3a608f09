/**
 * Page layout for the PDFs Hedgerow renders with pdfkit (quotes, purchase orders, bills of lading):
 * Letter pages with built-in Helvetica, tables whose rows wrap and move to a new page with their
 * headings repeated, and right-aligned totals. Money is in cents.
 */
import { formatAmount } from '../../domain/money';

export const PAGE_MARGIN = 50;
export const CONTENT_WIDTH = 512; // Letter is 612pt wide.
export const FONT = 'Helvetica';
export const FONT_BOLD = 'Helvetica-Bold';
export const BODY_SIZE = 9;
export const SMALL_SIZE = 7.5;
export const GREY = '#666666';
export const BLACK = '#000000';
export const RULE = '#bbbbbb';
export const CELL_PAD = 4;
export const MAX_CELL_CHARS = 300;

export type PdfDoc = PDFKit.PDFDocument;

/** Helvetica (WinAnsi) cannot draw every character; keep Latin-1 and common punctuation, replace the rest. */
export function pdfSafe(text: string, max = MAX_CELL_CHARS): string {
  const cleaned = text
    .normalize('NFC')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/\r\n?/g, '\n')
    .replace(/[^\n\x20-\x7E\u00A0-\u00FF]/gu, '?');
  return cleaned.length > max ? `${cleaned.slice(0, max - 3)}...` : cleaned;
}

export const longDate = (date: Date) =>
  date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
/** A date-only value (YYYY-MM-DD) as a long date. */
export const formatDay = (day: string) => longDate(new Date(`${day}T00:00:00Z`));

export const pageBottom = (doc: PdfDoc) => doc.page.height - doc.page.margins.bottom;

export function ensureSpace(doc: PdfDoc, height: number): boolean {
  if (doc.y + height <= pageBottom(doc)) return false;
  doc.addPage();
  return true;
}

export function rule(doc: PdfDoc, y: number, color = RULE) {
  doc
    .save()
    .moveTo(PAGE_MARGIN, y)
    .lineTo(doc.page.width - PAGE_MARGIN, y)
    .lineWidth(0.5)
    .strokeColor(color)
    .stroke()
    .restore();
}

export type Column = { key: string; title: string; width: number; align: 'left' | 'right' };
export type CellLine = { text: string; small?: boolean };
export type Row = Record<string, CellLine[]>;

export function drawTableHeader(doc: PdfDoc, columns: Column[]) {
  const y = doc.y;
  doc.font(FONT_BOLD).fontSize(BODY_SIZE).fillColor(BLACK);
  let x = PAGE_MARGIN;
  for (const column of columns) {
    doc.text(column.title, x + CELL_PAD, y, {
      width: column.width - 2 * CELL_PAD,
      align: column.align,
      lineBreak: false,
    });
    x += column.width;
  }
  const bottom = y + doc.currentLineHeight(true) + 3;
  rule(doc, bottom, BLACK);
  doc.x = PAGE_MARGIN;
  doc.y = bottom + 3;
}

export function setCellFont(doc: PdfDoc, line: CellLine) {
  doc
    .font(FONT)
    .fontSize(line.small ? SMALL_SIZE : BODY_SIZE)
    .fillColor(line.small ? GREY : BLACK);
}

export function rowHeight(doc: PdfDoc, columns: Column[], row: Row): number {
  return Math.max(
    ...columns.map((column) => {
      let height = 0;
      for (const line of row[column.key] ?? []) {
        if (!line.text) continue;
        setCellFont(doc, line);
        height += doc.heightOfString(pdfSafe(line.text), { width: column.width - 2 * CELL_PAD });
      }
      return height;
    }),
  );
}

/** One table row, first moving to a new page (repeating the headings) if it does not fit. */
export function drawRow(doc: PdfDoc, columns: Column[], row: Row, continuedHeading: string) {
  const height = rowHeight(doc, columns, row) + 2 * CELL_PAD;
  if (ensureSpace(doc, height)) {
    doc.font(FONT_BOLD).fontSize(BODY_SIZE).fillColor(GREY);
    doc.text(`${continuedHeading} (continued)`, PAGE_MARGIN, doc.y, { lineBreak: false });
    doc.moveDown(0.4);
    drawTableHeader(doc, columns);
  }
  const top = doc.y;
  let x = PAGE_MARGIN;
  for (const column of columns) {
    const width = column.width - 2 * CELL_PAD;
    let y = top + CELL_PAD;
    for (const line of row[column.key] ?? []) {
      if (!line.text) continue;
      setCellFont(doc, line);
      const text = pdfSafe(line.text);
      doc.text(text, x + CELL_PAD, y, { width, align: column.align });
      y += doc.heightOfString(text, { width });
    }
    x += column.width;
  }
  rule(doc, top + height);
  doc.fillColor(BLACK);
  doc.x = PAGE_MARGIN;
  doc.y = top + height;
}

export function drawTotals(doc: PdfDoc, lines: { label: string; amount: number; bold?: boolean }[]) {
  const lineHeight = BODY_SIZE * 1.4;
  ensureSpace(doc, lines.length * lineHeight + 6);
  doc.moveDown(0.3);
  const amountWidth = 90;
  const labelWidth = 160;
  const amountX = doc.page.width - PAGE_MARGIN - amountWidth;
  const labelX = amountX - labelWidth;
  for (const line of lines) {
    const y = doc.y;
    doc
      .font(line.bold ? FONT_BOLD : FONT)
      .fontSize(BODY_SIZE)
      .fillColor(BLACK);
    doc.text(line.label, labelX, y, { width: labelWidth - CELL_PAD, align: 'right', lineBreak: false });
    doc.text(formatAmount(line.amount), amountX, y, {
      width: amountWidth - CELL_PAD,
      align: 'right',
      lineBreak: false,
    });
    doc.x = PAGE_MARGIN;
    doc.y = y + lineHeight;
  }
}
