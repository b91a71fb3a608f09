import PDFDocument from 'pdfkit';
import { productName } from '../../../domain/brand';
import type { CartBranchView, CartItemView, CartView } from '../../../domain/carts/cart-view';
import { formatMoney } from '../../../domain/money';
import { type Cell, csvDocument } from '../../documents/csv-document';
import {
  BLACK,
  BODY_SIZE,
  type Column,
  drawRow,
  drawTableHeader,
  drawTotals,
  ensureSpace,
  FONT,
  FONT_BOLD,
  GREY,
  PAGE_MARGIN,
  type PdfDoc,
  pdfSafe,
  type Row,
  rule,
  SMALL_SIZE,
} from '../../pdf/pdf-layout';

/**
 * The quote documents a buyer downloads for a cart: a PDF (with or without supplier names) and three CSV
 * layouts. Money arrives in integer cents.
 */

export type CsvFormat = 'BUYER_CSV' | 'QUOTE_CSV' | 'FULL_CSV';
export const csvFormats = ['BUYER_CSV', 'QUOTE_CSV', 'FULL_CSV'] as const satisfies readonly CsvFormat[];

/** Price categories that need no label beside the price. */
const unlabelledPriceCategories = new Set(['Standard Pricing', 'Price Entered']);

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

// Letter is 612pt wide; with 50pt margins the table has 512pt.
const columns: Column[] = [
  { key: 'item', title: 'Item', width: 196, align: 'left' },
  { key: 'size', title: 'Size', width: 112, align: 'left' },
  { key: 'qty', title: 'Qty', width: 58, align: 'right' },
  { key: 'price', title: 'Unit Price', width: 76, align: 'right' },
  { key: 'total', title: 'Total', width: 70, align: 'right' },
];

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
    drawTableHeader(doc, columns);
    for (const item of group.items) drawRow(doc, columns, itemRow(item), heading.title);
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
export function quoteFileName(cart: CartView, extension: 'pdf' | 'csv', variant?: string): string {
  const base = `Quote ${cart.cartNumber} ${cart.name}`
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['\u2018\u2019]/g, '')
    .replace(/[^A-Za-z0-9 -]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100)
    .replace(/[\s-]+$/, '');
  // Two downloads of one cart (with and without suppliers, the three CSV layouts) never share a name.
  return `${base || 'Quote'}${variant ? ` - ${variant}` : ''}.${extension}`;
}

/** The words that tell a quote's CSV layouts apart in their file names. */
export const csvFileVariants: Record<(typeof csvFormats)[number], string> = {
  BUYER_CSV: 'buyer list',
  QUOTE_CSV: 'quote',
  FULL_CSV: 'full',
};
