import PDFDocument from 'pdfkit';
import { productName } from '../../../domain/brand';
import { termsLabel } from '../../../domain/invoices/invoice-states';
import { howToPayLines, lockbox, remitTo } from '../../../domain/invoices/remittance';
import { formatMoney } from '../../../domain/money';
import { amountEntries } from '../../../domain/orders/order-amounts';
import {
  BLACK,
  BODY_SIZE,
  CONTENT_WIDTH,
  drawTotals,
  ensureSpace,
  FONT,
  FONT_BOLD,
  formatDay,
  GREY,
  PAGE_MARGIN,
  type PdfDoc,
  pdfSafe,
  rule,
  SMALL_SIZE,
} from '../../pdf/pdf-layout';
import type { InvoiceRow } from './invoices.repository';

/** The bill-to block: the buyer organisation's name and address. */
export type BillTo = { name: string; lines: string[] };

export type InvoiceDocument = {
  invoice: InvoiceRow;
  billTo: BillTo;
  creditMemos: { memoNumber: string; amount: number; reason: string; createdAt: Date }[];
};

function newDocument(title: string) {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: PAGE_MARGIN,
    bufferPages: true,
    info: { Title: title, Author: productName, Creator: productName },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

function block(doc: PdfDoc, x: number, y: number, width: number, title: string, lines: string[]) {
  doc.font(FONT_BOLD).fontSize(BODY_SIZE).fillColor(GREY).text(title.toUpperCase(), x, y, { width });
  doc.font(FONT).fontSize(BODY_SIZE).fillColor(BLACK);
  for (const line of lines) doc.text(pdfSafe(line), x, doc.y, { width });
  return doc.y;
}

function header(doc: PdfDoc, title: string, number: string, facts: [string, string][]) {
  doc.font(FONT_BOLD).fontSize(11).fillColor(GREY).text(productName, PAGE_MARGIN, PAGE_MARGIN);
  doc.font(FONT_BOLD).fontSize(20).fillColor(BLACK).text(`${title} ${number}`, PAGE_MARGIN, doc.y);
  doc.moveDown(0.3);
  for (const [label, value] of facts) {
    doc.font(FONT_BOLD).fontSize(BODY_SIZE).text(`${label}: `, PAGE_MARGIN, doc.y, { continued: true });
    doc.font(FONT).text(pdfSafe(value));
  }
  doc.moveDown(0.8);
}

function parties(doc: PdfDoc, billTo: BillTo) {
  const top = doc.y;
  const half = CONTENT_WIDTH / 2 - 10;
  const left = block(doc, PAGE_MARGIN, top, half, 'Remit to', [
    remitTo.name,
    ...remitTo.lines,
    remitTo.email,
  ]);
  const right = block(doc, PAGE_MARGIN + half + 20, top, half, 'Bill to', [billTo.name, ...billTo.lines]);
  doc.y = Math.max(left, right) + 12;
  rule(doc, doc.y - 6);
}

/** One invoice, drawn from the current page on. */
function drawInvoice(doc: PdfDoc, document: InvoiceDocument) {
  const { invoice } = document;
  header(doc, 'Invoice', invoice.invoiceNumber, [
    ['Invoice date', formatDay(invoice.issuedOn)],
    ['Due date', `${formatDay(invoice.dueDate)} (${termsLabel(invoice.termsDays)})`],
    ['Order', `${invoice.orderNumber} - ${invoice.orderName}`],
    ...(invoice.jobNumber ? ([['Job number', invoice.jobNumber]] as [string, string][]) : []),
  ]);
  parties(doc, document.billTo);
  doc.font(FONT_BOLD).fontSize(12).fillColor(BLACK).text('Amounts', PAGE_MARGIN, doc.y);
  // The order's amount block as the order page shows it, then what changed it since.
  const lines = amountEntries(invoice.amounts).map(([key, entry]) => ({
    label: key === 'total' ? 'Order total' : entry.label,
    amount: entry.data,
    bold: key === 'total',
  }));
  for (const adjustment of invoice.adjustments)
    lines.push({ label: pdfSafe(adjustment.label, 40), amount: adjustment.amount, bold: false });
  if (invoice.adjustments.length > 0)
    lines.push({ label: 'Invoice total', amount: invoice.total, bold: true });
  if (invoice.amountPaid > 0) lines.push({ label: 'Paid', amount: -invoice.amountPaid, bold: false });
  for (const memo of document.creditMemos)
    lines.push({ label: `Credit memo ${memo.memoNumber}`, amount: -memo.amount, bold: false });
  lines.push({ label: 'Amount due', amount: invoice.amountDue, bold: true });
  drawTotals(doc, lines);
  if (invoice.additionalCcFeesPaid > 0) {
    doc
      .font(FONT)
      .fontSize(SMALL_SIZE + 0.5)
      .fillColor(GREY)
      .text(`Card service fees paid: ${formatMoney(invoice.additionalCcFeesPaid)}`, PAGE_MARGIN, doc.y, {
        width: CONTENT_WIDTH,
        align: 'right',
      });
  }
  doc.moveDown(1.5);
  ensureSpace(doc, 120);
  const top = doc.y;
  const half = CONTENT_WIDTH / 2 - 10;
  const left = block(doc, PAGE_MARGIN, top, half, 'How to pay', howToPayLines);
  const right = block(doc, PAGE_MARGIN + half + 20, top, half, 'Mail checks to (lockbox)', [
    lockbox.name,
    ...lockbox.lines,
    `Memo: ${invoice.invoiceNumber}`,
  ]);
  doc.y = Math.max(left, right);
}

function footPages(doc: PdfDoc, label: string) {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font(FONT)
      .fontSize(SMALL_SIZE)
      .fillColor(GREY)
      .text(
        `${label} - Page ${index - range.start + 1} of ${range.count}`,
        PAGE_MARGIN,
        doc.page.height - 35,
        { width: CONTENT_WIDTH, align: 'center', lineBreak: false },
      );
    doc.page.margins.bottom = bottom;
  }
}

/** One PDF with every invoice asked for, each starting on its own page (the bulk download). */
export async function renderInvoicesPdf(documents: InvoiceDocument[]): Promise<Buffer> {
  const label =
    documents.length === 1 ? `Invoice ${documents[0].invoice.invoiceNumber}` : `${documents.length} invoices`;
  const { doc, done } = newDocument(`${productName} ${label}`);
  documents.forEach((document, index) => {
    if (index > 0) doc.addPage();
    drawInvoice(doc, document);
  });
  footPages(doc, label);
  doc.end();
  return done;
}

/** A credit memo's PDF: its number, the invoice it credits, the amount and reason. */
export async function renderCreditMemoPdf(
  memo: { memoNumber: string; amount: number; reason: string; createdAt: Date },
  invoice: InvoiceRow,
  billTo: BillTo,
): Promise<Buffer> {
  const { doc, done } = newDocument(`${productName} Credit Memo ${memo.memoNumber}`);
  header(doc, 'Credit Memo', memo.memoNumber, [
    ['Date', formatDay(memo.createdAt.toISOString().slice(0, 10))],
    ['Credits invoice', invoice.invoiceNumber],
    ['Order', `${invoice.orderNumber} - ${invoice.orderName}`],
  ]);
  parties(doc, billTo);
  doc
    .font(FONT)
    .fontSize(BODY_SIZE)
    .fillColor(BLACK)
    .text(`Reason: ${pdfSafe(memo.reason)}`, PAGE_MARGIN, doc.y, { width: CONTENT_WIDTH });
  drawTotals(doc, [
    { label: 'Credit', amount: memo.amount, bold: true },
    { label: `Amount due on ${invoice.invoiceNumber}`, amount: invoice.amountDue },
  ]);
  footPages(doc, `Credit Memo ${memo.memoNumber}`);
  doc.end();
  return done;
}

export const billToOf = (
  profile: {
    name: string;
    street1: string | null;
    street2: string | null;
    city: string | null;
    state: string | null;
    postalCode: string | null;
  } | null,
): BillTo => ({
  name: profile?.name ?? 'Buyer',
  lines: profile?.street1
    ? [
        profile.street1,
        ...(profile.street2 ? [profile.street2] : []),
        `${profile.city ?? ''}, ${profile.state ?? ''} ${profile.postalCode ?? ''}`.trim(),
      ]
    : [],
});
