import PDFDocument from 'pdfkit';
import { productName } from '../../../domain/brand';
import type { CartBranchView, CartItemView, CartView } from '../../../domain/carts/cart-view';

/**
 * The quote documents a buyer downloads for a cart: a PDF (with or without supplier names) and three CSV
 * layouts. Money arrives in integer cents.
 */

export type CsvFormat = 'BUYER_CSV' | 'QUOTE_CSV' | 'FULL_CSV';
export const csvFormats = ['BUYER_CSV', 'QUOTE_CSV', 'FULL_CSV'] as const satisfies readonly CsvFormat[];

/** Price categories that need no label beside the price. */
const unlabelledPriceCategories = new Set(['Standard Pricing', 'Price Entered']);

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const formatMoney = (cents: number) => usd.format(cents / 100);

/** Plain decimal dollars for spreadsheets: 1250 → "12.50". Integer arithmetic, so no float noise. */
function decimalDollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

function sizeText(item: CartItemView): string {
  return [item.size, ...item.characteristics].filter((part) => part && part.trim() !== '').join(', ');
}

function priceLabel(item: CartItemView): string | null {
  const category = item.price?.category;
  return category && !unlabelledPriceCategories.has(category) ? category : null;
}

type ItemGroup = {
  branch: CartBranchView | null;
  items: CartItemView[];
  subtotal: number;
  taxAmount: number;
  total: number;
};

/** The cart's items grouped by supplier branch in the branches' order; stray items go in a last group. */
function groupItems(cart: CartView): ItemGroup[] {
  const groups: ItemGroup[] = [];
  const known = new Set<number>();
  for (const branch of cart.branches) {
    known.add(branch.id);
    const items = cart.items.filter((item) => item.branchId === branch.id);
    if (items.length === 0) continue;
    groups.push({
      branch,
      items,
      subtotal: branch.subtotal,
      taxAmount: branch.taxAmount,
      total: branch.total,
    });
  }
  const strays = cart.items.filter((item) => !known.has(item.branchId));
  if (strays.length > 0) {
    const subtotal = strays.reduce((sum, item) => sum + item.buyerTotal, 0);
    groups.push({ branch: null, items: strays, subtotal, taxAmount: 0, total: subtotal });
  }
  return groups;
}

// ---------------------------------------------------------------------------------------------------
// PDF

const PAGE_MARGIN = 50;
const FONT = 'Helvetica';
const FONT_BOLD = 'Helvetica-Bold';
const BODY_SIZE = 9;
const SMALL_SIZE = 7.5;
const GREY = '#666666';
const BLACK = '#000000';
const RULE = '#bbbbbb';
const CELL_PAD = 4;
/** Cap on any one cell's text, so a pathological name cannot make a row taller than a page. */
const MAX_CELL_CHARS = 300;

type Column = {
  key: 'item' | 'size' | 'qty' | 'price' | 'total';
  title: string;
  width: number;
  align: 'left' | 'right';
};
// Letter is 612pt wide; with 50pt margins the table has 512pt.
const columns: Column[] = [
  { key: 'item', title: 'Item', width: 196, align: 'left' },
  { key: 'size', title: 'Size', width: 112, align: 'left' },
  { key: 'qty', title: 'Qty', width: 58, align: 'right' },
  { key: 'price', title: 'Unit Price', width: 76, align: 'right' },
  { key: 'total', title: 'Total', width: 70, align: 'right' },
];

/** Helvetica (WinAnsi) cannot draw every character; keep Latin-1 and common punctuation, replace the rest. */
function pdfSafe(text: string): string {
  const cleaned = text
    .normalize('NFC')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/\r\n?/g, '\n')
    .replace(/[^\n\x20-\x7E\u00A0-\u00FF]/gu, '?');
  return cleaned.length > MAX_CELL_CHARS ? `${cleaned.slice(0, MAX_CELL_CHARS - 3)}...` : cleaned;
}

type PdfDoc = PDFKit.PDFDocument;

function pageBottom(doc: PdfDoc): number {
  return doc.page.height - doc.page.margins.bottom;
}

/** Start a new page unless `height` more points fit on this one. Returns whether a page was added. */
function ensureSpace(doc: PdfDoc, height: number): boolean {
  if (doc.y + height <= pageBottom(doc)) return false;
  doc.addPage();
  return true;
}

function rule(doc: PdfDoc, y: number, color = RULE) {
  doc
    .save()
    .moveTo(PAGE_MARGIN, y)
    .lineTo(doc.page.width - PAGE_MARGIN, y)
    .lineWidth(0.5)
    .strokeColor(color)
    .stroke()
    .restore();
}

function drawTableHeader(doc: PdfDoc) {
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

type CellLine = { text: string; small?: boolean };
type Row = Record<Column['key'], CellLine[]>;

function itemRow(item: CartItemView): Row {
  const label = priceLabel(item);
  const quantity = `${item.quantity.toLocaleString('en-US')} ${item.unitAbbreviation}`.trim();
  return {
    item: [{ text: item.name }, ...(item.secondaryName ? [{ text: item.secondaryName, small: true }] : [])],
    size: [{ text: sizeText(item) }],
    qty: [{ text: quantity }],
    price: [
      { text: item.price ? formatMoney(item.price.value) : 'Call for price' },
      ...(label ? [{ text: label, small: true }] : []),
    ],
    // A non-catalogue item with no price has no meaningful total.
    total: [{ text: item.price ? formatMoney(item.buyerTotal) : '-' }],
  };
}

function setCellFont(doc: PdfDoc, line: CellLine) {
  doc
    .font(FONT)
    .fontSize(line.small ? SMALL_SIZE : BODY_SIZE)
    .fillColor(line.small ? GREY : BLACK);
}

function cellHeight(doc: PdfDoc, lines: CellLine[], width: number): number {
  let height = 0;
  for (const line of lines) {
    if (!line.text) continue;
    setCellFont(doc, line);
    height += doc.heightOfString(pdfSafe(line.text), { width });
  }
  return height;
}

function rowHeight(doc: PdfDoc, row: Row): number {
  return Math.max(...columns.map((column) => cellHeight(doc, row[column.key], column.width - 2 * CELL_PAD)));
}

/** Draw one table row, first moving to a new page (repeating the headings) if it does not fit. */
function drawRow(doc: PdfDoc, row: Row, continuedHeading: string) {
  const height = rowHeight(doc, row) + 2 * CELL_PAD;
  if (ensureSpace(doc, height)) {
    doc.font(FONT_BOLD).fontSize(BODY_SIZE).fillColor(GREY);
    doc.text(`${continuedHeading} (continued)`, PAGE_MARGIN, doc.y, { lineBreak: false });
    doc.moveDown(0.4);
    drawTableHeader(doc);
  }
  const top = doc.y;
  let x = PAGE_MARGIN;
  for (const column of columns) {
    const width = column.width - 2 * CELL_PAD;
    let y = top + CELL_PAD;
    for (const line of row[column.key]) {
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

/** Right-aligned label/amount pairs under a table. */
function drawTotals(doc: PdfDoc, lines: { label: string; amount: number; bold?: boolean }[]) {
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
    doc.text(formatMoney(line.amount), amountX, y, {
      width: amountWidth - CELL_PAD,
      align: 'right',
      lineBreak: false,
    });
    doc.x = PAGE_MARGIN;
    doc.y = y + lineHeight;
  }
}

function groupHeading(
  group: ItemGroup,
  index: number,
  showSupplier: boolean,
): { title: string; lines: string[] } {
  const anonymous = `Supplier ${index + 1}`;
  if (!showSupplier) return { title: anonymous, lines: [] };
  if (!group.branch) return { title: 'Other items', lines: [] };
  const { name, organizationName, displayAddress } = group.branch;
  const lines = [organizationName !== name ? organizationName : null, displayAddress].filter(
    (line): line is string => !!line && line.trim() !== '',
  );
  return { title: name, lines };
}

function drawHeader(doc: PdfDoc, cart: CartView, generatedAt: Date) {
  doc.font(FONT_BOLD).fontSize(20).fillColor(BLACK).text(`${productName} Quote`, PAGE_MARGIN, PAGE_MARGIN);
  doc.moveDown(0.3);
  doc.font(FONT_BOLD).fontSize(13).text(pdfSafe(cart.name));
  doc
    .font(FONT)
    .fontSize(BODY_SIZE + 1)
    .fillColor(GREY)
    .text(`Cart ${pdfSafe(cart.cartNumber)}`);
  doc.moveDown(0.6);

  const details: [string, string | null][] = [
    ['Company', cart.organizationName],
    ['Buyer', cart.buyerFullName],
    ['Date', generatedAt.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' })],
    ['Job #', cart.jobData.externalJobNumber],
    ['Phase', cart.jobData.externalPhase],
    ['Postal code', cart.jobData.postalCode],
  ];
  for (const [label, value] of details) {
    if (!value || value.trim() === '') continue;
    const y = doc.y;
    doc
      .font(FONT_BOLD)
      .fontSize(BODY_SIZE + 1)
      .fillColor(BLACK);
    doc.text(`${label}:`, PAGE_MARGIN, y, { width: 80, lineBreak: false });
    doc.font(FONT).text(pdfSafe(value), PAGE_MARGIN + 80, y, { width: 512 - 80 });
    doc.x = PAGE_MARGIN;
  }
  doc.moveDown(1);
}

export async function renderQuotePdf(
  cart: CartView,
  options: { showSupplier: boolean; generatedAt: Date },
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: PAGE_MARGIN,
    info: { Title: `${productName} Quote ${cart.cartNumber}`, Author: productName, Creator: productName },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  drawHeader(doc, cart, options.generatedAt);

  const groups = groupItems(cart);
  if (groups.length === 0) {
    doc
      .font(FONT)
      .fontSize(BODY_SIZE + 1)
      .fillColor(GREY)
      .text('This cart has no items.');
    doc.fillColor(BLACK);
  }
  groups.forEach((group, index) => {
    const heading = groupHeading(group, index, options.showSupplier);
    // Keep the heading with the table header and at least one row.
    ensureSpace(doc, 16 + heading.lines.length * 12 + 20 + 30);
    doc.font(FONT_BOLD).fontSize(12).fillColor(BLACK).text(pdfSafe(heading.title), PAGE_MARGIN, doc.y);
    doc.font(FONT).fontSize(BODY_SIZE).fillColor(GREY);
    for (const line of heading.lines) doc.text(pdfSafe(line), PAGE_MARGIN, doc.y, { width: 512 });
    doc.fillColor(BLACK).moveDown(0.4);
    drawTableHeader(doc);
    for (const item of group.items) drawRow(doc, itemRow(item), heading.title);
    drawTotals(doc, [
      { label: 'Subtotal', amount: group.subtotal },
      { label: 'Estimated tax', amount: group.taxAmount },
      { label: 'Total', amount: group.total, bold: true },
    ]);
    doc.moveDown(1);
  });

  ensureSpace(doc, 70);
  rule(doc, doc.y, BLACK);
  doc.moveDown(0.3);
  doc.font(FONT_BOLD).fontSize(11).fillColor(BLACK).text('Quote total', PAGE_MARGIN, doc.y);
  drawTotals(doc, [
    { label: 'Subtotal', amount: cart.subtotal },
    { label: cart.taxExempt ? 'Estimated tax (tax exempt)' : 'Estimated tax', amount: cart.taxAmount },
    { label: 'Total', amount: cart.total, bold: true },
  ]);

  const notes = cart.notes.filter((note) => note.body.trim() !== '');
  if (notes.length > 0) {
    doc.moveDown(1);
    ensureSpace(doc, 40);
    doc.font(FONT_BOLD).fontSize(12).fillColor(BLACK).text('Notes', PAGE_MARGIN, doc.y);
    doc.moveDown(0.3);
    doc.font(FONT).fontSize(BODY_SIZE + 1);
    for (const note of notes) {
      ensureSpace(doc, 14);
      doc.text(pdfSafe(note.body.trim()), PAGE_MARGIN, doc.y, { width: 512 });
      doc.moveDown(0.5);
    }
  }

  doc.moveDown(1);
  ensureSpace(doc, 20);
  doc
    .font(FONT)
    .fontSize(SMALL_SIZE + 0.5)
    .fillColor(GREY)
    .text(
      'Prices are estimates until the supplier confirms the order. Tax is estimated from state base rates.',
      PAGE_MARGIN,
      doc.y,
      { width: 512 },
    );

  doc.end();
  return done;
}

// ---------------------------------------------------------------------------------------------------
// CSV

/** Cells: text is checked for formula injection; numbers are produced here and written as they are. */
type Cell = string | number | null | { number: string };

const formulaStart = /^[=+\-@\t\r]/;

function csvField(cell: Cell): string {
  let text: string;
  if (cell === null) text = '';
  else if (typeof cell === 'number') text = String(cell);
  else if (typeof cell === 'object') text = cell.number;
  else text = formulaStart.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvDocument(rows: Cell[][]): string {
  return `\uFEFF${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

const money = (cents: number | null | undefined): Cell =>
  cents === null || cents === undefined ? null : { number: decimalDollars(cents) };

function supplierName(branch: CartBranchView | undefined): string | null {
  if (!branch) return null;
  return branch.name === branch.organizationName
    ? branch.name
    : `${branch.organizationName} - ${branch.name}`;
}

function priceType(item: CartItemView): string {
  return item.price ? item.price.category : 'Call for price';
}

function availableQuantity(item: CartItemView): Cell {
  if (!item.availability) return null;
  if (item.availability.ignoreQuantity) return 'Not counted';
  return item.availability.quantity;
}

const csvHeaders: Record<CsvFormat, string[]> = {
  BUYER_CSV: [
    'Line',
    'Product',
    'Common Name',
    'Size',
    'Quantity',
    'Unit',
    'Unit Price',
    'Price Type',
    'Total',
    'Supplier',
    'Buyer Notes',
  ],
  QUOTE_CSV: ['Line', 'Product', 'Common Name', 'Size', 'Quantity', 'Unit', 'Unit Price', 'Total'],
  FULL_CSV: [
    'Cart Number',
    'Cart Name',
    'Job Number',
    'Phase',
    'Line',
    'Product',
    'Common Name',
    'Size',
    'Characteristics',
    'Quantity',
    'Unit',
    'Book Price',
    'Unit Price',
    'Price Type',
    'Total',
    'Supplier',
    'Branch',
    'Supplier Address',
    'Available Quantity',
    'Buyer Notes',
    'Shared Notes',
    'Non-catalog',
  ],
};

export function renderQuoteCsv(cart: CartView, format: CsvFormat): string {
  const branches = new Map(cart.branches.map((branch) => [branch.id, branch]));
  const rows: Cell[][] = [csvHeaders[format]];
  cart.items.forEach((item, index) => {
    const line = index + 1;
    const branch = branches.get(item.branchId);
    const unitPrice = money(item.price?.value);
    const total = item.price ? money(item.buyerTotal) : null;
    switch (format) {
      case 'BUYER_CSV':
        rows.push([
          line,
          item.name,
          item.secondaryName,
          sizeText(item),
          item.quantity,
          item.unit,
          unitPrice,
          priceType(item),
          total,
          supplierName(branch),
          item.buyerNotes,
        ]);
        break;
      case 'QUOTE_CSV':
        rows.push([
          line,
          item.name,
          item.secondaryName,
          sizeText(item),
          item.quantity,
          item.unit,
          unitPrice,
          total,
        ]);
        break;
      case 'FULL_CSV':
        rows.push([
          cart.cartNumber,
          cart.name,
          cart.jobData.externalJobNumber,
          cart.jobData.externalPhase,
          line,
          item.name,
          item.secondaryName,
          item.size,
          item.characteristics.join(', '),
          item.quantity,
          item.unit,
          money(item.bookPrice),
          unitPrice,
          priceType(item),
          total,
          branch?.organizationName ?? null,
          branch?.name ?? null,
          branch?.displayAddress ?? null,
          availableQuantity(item),
          item.buyerNotes,
          item.sharedNotes,
          item.nonCatalog ? 'Yes' : 'No',
        ]);
        break;
    }
  });
  return csvDocument(rows);
}

// ---------------------------------------------------------------------------------------------------
// File names

/** `Quote Q-100001 Spring Planting.pdf`: letters, digits, spaces and dashes only, accents folded. */
export function quoteFileName(cart: CartView, extension: 'pdf' | 'csv'): string {
  const base = `Quote ${cart.cartNumber} ${cart.name}`
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['\u2018\u2019]/g, '')
    .replace(/[^A-Za-z0-9 -]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100)
    .replace(/[\s-]+$/, '');
  return `${base || 'Quote'}.${extension}`;
}
