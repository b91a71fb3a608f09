import PDFDocument from 'pdfkit';
import { productName } from '../../../domain/brand';
import type { DeliveryAddress } from '../../../domain/carts/cart-view';
import { unitAbbreviation } from '../../../domain/carts/quantity';
import { formatMoney } from '../../../domain/money';
import { amountEntries, type OrderAmounts, orderAmounts } from '../../../domain/orders/order-amounts';
import type { OrderParties } from '../../../domain/orders/order-views';
import type { Caller } from '../../core/caller';
import type { Executor } from '../../core/database';
import { AppError } from '../../core/errors';
import {
  BLACK,
  BODY_SIZE,
  CONTENT_WIDTH,
  type Column,
  drawRow,
  drawTableHeader,
  drawTotals,
  ensureSpace,
  FONT,
  FONT_BOLD,
  formatDay,
  GREY,
  longDate,
  PAGE_MARGIN,
  type PdfDoc,
  pdfSafe,
  SMALL_SIZE,
} from '../../pdf/pdf-layout';
import { loadOrderParties } from '../../read-models/order-parties';
import type { VersionSnapshot } from './order-versions';
import { findVersion } from './orders.repository';
import { getOrderForViewer } from './orders.service';

/**
 * The documents of an order: the purchase order (with the prices of the audience that downloads it) and
 * the bill of lading (quantities only, with signature lines). Money arrives in integer cents.
 */

export type DocumentAudience = 'buyer' | 'supplier' | 'admin';
export type OrderDocumentType = 'purchase_order' | 'bill_of_lading';

type ViewedOrder = Awaited<ReturnType<typeof getOrderForViewer>>;

export type DocumentOrder = {
  orderNumber: string;
  name: string;
  version: number;
  jobNumber: string | null;
  jobPhase: string | null;
  submittedAt: string;
  requestedOn: string | null;
  fulfillment: 'pickup' | 'delivery';
  deliveryAddress: DeliveryAddress | null;
  deliveryInstructions: string | null;
  buyerToSupplierNotes: string | null;
  parties: OrderParties;
  items: {
    primaryName: string;
    secondaryName: string | null;
    size: string | null;
    characteristics: string[];
    quantity: number;
    unit: string;
    buyerPrice: number | null;
    buyerTotal: number | null;
    supplierPrice: number | null;
    supplierTotal: number | null;
  }[];
  /** The amount block of the document's audience, as the order page shows it. */
  amounts: OrderAmounts;
};

/** Builds a document's data from the order as the viewer sees it, plus the parties. */
export function toDocumentOrder(order: ViewedOrder, parties: OrderParties): DocumentOrder {
  return {
    orderNumber: order.orderNumber,
    name: order.name,
    version: order.version,
    jobNumber: order.jobNumber,
    jobPhase: order.jobPhase,
    submittedAt: order.submittedAt,
    requestedOn: order.requestedOn,
    fulfillment: order.fulfillment === 'delivery' ? 'delivery' : 'pickup',
    deliveryAddress: order.deliveryAddress,
    deliveryInstructions: order.deliveryInstructions,
    buyerToSupplierNotes: order.buyerToSupplierNotes,
    parties,
    items: order.items.map((item) => {
      const prices = item as {
        price?: number | null;
        total?: number | null;
        supplierPrice?: number | null;
        totalSupplierPrice?: number | null;
      };
      return {
        primaryName: item.primaryName,
        secondaryName: item.secondaryName,
        size: item.size,
        characteristics: item.characteristics,
        quantity: item.quantity,
        unit: item.unit,
        buyerPrice: prices.price ?? null,
        buyerTotal: prices.total ?? null,
        supplierPrice: prices.supplierPrice ?? null,
        supplierTotal:
          prices.totalSupplierPrice ??
          (prices.supplierPrice != null ? Math.round(prices.supplierPrice * item.quantity) : null),
      };
    }),
    amounts: order.amounts,
  };
}

export const versionNotFoundMessage = (version: number) => `This order has no version ${version}.`;

/**
 * Loads an order for a document, behind the order gate (404 for anyone who may not see it). With a
 * `version` other than the current one, the document shows that version as it was stored: its
 * items, date, fulfilment, amounts and parties, priced for the caller's side.
 */
export async function loadDocumentOrder(db: Executor, caller: Caller, id: number, version?: number) {
  const order = await getOrderForViewer(db, caller, id);
  const eventUserIds = order.events.map((event) => event.userId);
  if (version === undefined || version === order.version) {
    const parties = await loadOrderParties(db, order.id, eventUserIds);
    if (!parties) throw new Error(`Order ${order.id} has no parties`);
    return { order, parties, document: toDocumentOrder(order, parties) };
  }
  const stored = await findVersion(db, order.id, version);
  if (!stored) throw new AppError('not_found', versionNotFoundMessage(version));
  const snapshot = stored.snapshot as VersionSnapshot;
  const parties = await loadOrderParties(db, order.id, eventUserIds, snapshot);
  if (!parties) throw new Error(`Order ${order.id} has no parties`);
  return {
    order,
    parties,
    document: versionDocument(toDocumentOrder(order, parties), snapshot, version, order.audience),
  };
}

/** A document of an earlier version: the current document's frame with that version's contents. */
function versionDocument(
  current: DocumentOrder,
  snapshot: VersionSnapshot,
  version: number,
  audience: DocumentAudience,
): DocumentOrder {
  const buyerSide = audience !== 'supplier';
  const supplierSide = audience !== 'buyer';
  const total = (price: number | null, quantity: number, stored: number | undefined) =>
    stored ?? (price === null ? null : Math.round(price * quantity));
  return {
    ...current,
    version,
    requestedOn: snapshot.requestedOn,
    fulfillment: snapshot.fulfillment === 'delivery' ? 'delivery' : 'pickup',
    deliveryAddress: snapshot.deliveryAddress,
    deliveryInstructions:
      snapshot.deliveryInstructions === undefined
        ? current.deliveryInstructions
        : snapshot.deliveryInstructions,
    buyerToSupplierNotes:
      snapshot.buyerToSupplierNotes === undefined
        ? current.buyerToSupplierNotes
        : snapshot.buyerToSupplierNotes,
    items: snapshot.items.map((item) => ({
      primaryName: item.primaryName,
      secondaryName: item.secondaryName ?? null,
      size: item.size,
      characteristics: item.characteristics ?? [],
      quantity: item.quantity,
      unit: item.unit ?? 'each',
      buyerPrice: buyerSide ? item.buyerPrice : null,
      buyerTotal: buyerSide ? total(item.buyerPrice, item.quantity, item.buyerTotal) : null,
      supplierPrice: supplierSide ? item.supplierPrice : null,
      supplierTotal: supplierSide ? total(item.supplierPrice, item.quantity, item.supplierTotal) : null,
    })),
    // The same derivation as the page, from that version's lines.
    amounts: orderAmounts({
      audience: supplierSide && !buyerSide ? 'supplier' : 'buyer',
      lines: snapshot.items.map((item) => ({
        quantity: item.quantity,
        bookPrice: item.bookPrice ?? null,
        buyerPrice: item.buyerPrice,
        supplierPrice: item.supplierPrice,
        priceCategory: item.priceCategory ?? null,
      })),
      taxes: snapshot.taxAmount,
      shipping: snapshot.shippingAmount ?? null,
    }),
  };
}

export function orderDocumentFileName(order: { orderNumber: string }, type: OrderDocumentType): string {
  const title = type === 'purchase_order' ? 'Purchase Order' : 'Bill of Lading';
  return `${title} ${order.orderNumber.replace(/[^A-Za-z0-9-]+/g, '')}.pdf`;
}

/** A titled block of lines (an address, a party) in a column at `x`; returns its bottom. */
function drawBlock(doc: PdfDoc, x: number, y: number, width: number, title: string, lines: string[]): number {
  doc.font(FONT_BOLD).fontSize(BODY_SIZE).fillColor(GREY).text(title.toUpperCase(), x, y, { width });
  doc
    .font(FONT)
    .fontSize(BODY_SIZE + 1)
    .fillColor(BLACK);
  for (const line of lines) if (line.trim() !== '') doc.text(pdfSafe(line), x, doc.y, { width });
  return doc.y;
}

/** Two blocks side by side, then the cursor under the taller. */
function drawBlockPair(
  doc: PdfDoc,
  left: { title: string; lines: string[] },
  right: { title: string; lines: string[] },
) {
  const lineCount = Math.max(left.lines.length, right.lines.length) + 1;
  ensureSpace(doc, lineCount * 13 + 10);
  const top = doc.y;
  const width = CONTENT_WIDTH / 2 - 10;
  const leftBottom = drawBlock(doc, PAGE_MARGIN, top, width, left.title, left.lines);
  const rightBottom = drawBlock(
    doc,
    PAGE_MARGIN + CONTENT_WIDTH / 2 + 10,
    top,
    width,
    right.title,
    right.lines,
  );
  doc.x = PAGE_MARGIN;
  doc.y = Math.max(leftBottom, rightBottom);
  doc.moveDown(0.8);
}

function drawParagraph(doc: PdfDoc, title: string, body: string) {
  ensureSpace(doc, 36);
  doc.font(FONT_BOLD).fontSize(BODY_SIZE).fillColor(GREY).text(title.toUpperCase(), PAGE_MARGIN, doc.y);
  doc
    .font(FONT)
    .fontSize(BODY_SIZE + 1)
    .fillColor(BLACK)
    .text(pdfSafe(body.trim(), 2000), PAGE_MARGIN, doc.y, { width: CONTENT_WIDTH });
  doc.moveDown(0.8);
}

function addressLines(address: DeliveryAddress): string[] {
  return [
    address.name,
    address.street1,
    address.street2 ?? '',
    `${address.city}, ${address.state} ${address.postalCode}`,
    address.phone,
    address.contactName ? `On-site contact: ${address.contactName}` : '',
  ].filter((line) => line && line.trim() !== '');
}

function branchLines(order: DocumentOrder): string[] {
  const { parties } = order;
  return [
    // Branch names often start with the company's name already ('Blue Ridge Growers - Greenville').
    parties.branchName.startsWith(parties.supplierOrganizationName) ? '' : parties.supplierOrganizationName,
    parties.branchName,
    ...parties.branchAddress,
    parties.branchPhone ?? '',
  ].filter((line) => line.trim() !== '');
}

function buyerLines(order: DocumentOrder): string[] {
  const { parties } = order;
  return [
    parties.buyerOrganizationName,
    parties.buyerFullName,
    parties.buyerEmail,
    parties.buyerPhone ?? '',
  ].filter((line) => line.trim() !== '');
}

function sizeText(item: DocumentOrder['items'][number]): string {
  return [item.size, ...item.characteristics].filter((part) => part && part.trim() !== '').join(', ');
}

const quantityText = (item: DocumentOrder['items'][number]) =>
  `${item.quantity.toLocaleString('en-US')} ${unitAbbreviation(item.unit)}`.trim();

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

/** "Page n of m" and the order number at the foot of every page. */
function footPages(doc: PdfDoc, label: string) {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font(FONT)
      .fontSize(SMALL_SIZE)
      .fillColor(GREY)
      .text(
        `${label} - Page ${index - range.start + 1} of ${range.count}`,
        PAGE_MARGIN,
        doc.page.height - 35,
        {
          width: CONTENT_WIDTH,
          align: 'center',
          lineBreak: false,
        },
      );
    doc.page.margins.bottom = bottomMargin;
  }
}

function drawTitle(doc: PdfDoc, title: string, order: DocumentOrder) {
  doc.font(FONT_BOLD).fontSize(11).fillColor(GREY).text(productName, PAGE_MARGIN, PAGE_MARGIN);
  doc.font(FONT_BOLD).fontSize(20).fillColor(BLACK).text(title, PAGE_MARGIN, doc.y);
  doc
    .font(FONT_BOLD)
    .fontSize(13)
    .text(`Order ${pdfSafe(order.orderNumber)}`, PAGE_MARGIN, doc.y);
  doc
    .font(FONT)
    .fontSize(BODY_SIZE + 1)
    .fillColor(GREY)
    .text(`${pdfSafe(order.name)} - Version ${order.version}`, PAGE_MARGIN, doc.y, { width: CONTENT_WIDTH });
  doc.moveDown(0.6);
  const details: [string, string | null][] = [
    ['Submitted', longDate(new Date(order.submittedAt))],
    [
      order.fulfillment === 'pickup' ? 'Pickup date' : 'Requested delivery',
      order.requestedOn ? formatDay(order.requestedOn) : 'Not set',
    ],
    ['Job #', order.jobNumber],
    ['Phase', order.jobPhase],
  ];
  for (const [label, value] of details) {
    if (!value || value.trim() === '') continue;
    const y = doc.y;
    doc
      .font(FONT_BOLD)
      .fontSize(BODY_SIZE + 1)
      .fillColor(BLACK);
    doc.text(`${label}:`, PAGE_MARGIN, y, { width: 110, lineBreak: false });
    doc.font(FONT).text(pdfSafe(value), PAGE_MARGIN + 110, y, { width: CONTENT_WIDTH - 110 });
    doc.x = PAGE_MARGIN;
  }
  doc.moveDown(1);
}

function fulfillmentBlock(order: DocumentOrder): { title: string; lines: string[] } {
  if (order.fulfillment === 'delivery' && order.deliveryAddress) {
    return { title: 'Delivery to', lines: addressLines(order.deliveryAddress) };
  }
  if (order.fulfillment === 'delivery') return { title: 'Delivery to', lines: ['Address to be confirmed'] };
  return {
    title: 'Pickup',
    lines: [`Pickup at ${order.parties.branchName}`, ...order.parties.branchAddress],
  };
}

// ---------------------------------------------------------------------------------------------------
// Purchase order

const priceColumns: Column[] = [
  { key: 'item', title: 'Item', width: 170, align: 'left' },
  { key: 'size', title: 'Size', width: 110, align: 'left' },
  { key: 'qty', title: 'Qty', width: 76, align: 'right' },
  { key: 'price', title: 'Unit Price', width: 80, align: 'right' },
  { key: 'total', title: 'Total', width: 76, align: 'right' },
];

export async function renderPurchaseOrderPdf(
  order: DocumentOrder,
  audience: DocumentAudience,
): Promise<Buffer> {
  const supplierPrices = audience === 'supplier';
  const { doc, done } = newDocument(`${productName} Purchase Order ${order.orderNumber}`);
  drawTitle(doc, 'Purchase Order', order);
  drawBlockPair(
    doc,
    { title: 'Buyer', lines: buyerLines(order) },
    { title: 'Supplier', lines: branchLines(order) },
  );
  const fulfillment = fulfillmentBlock(order);
  drawBlockPair(doc, fulfillment, {
    title: 'Fulfillment',
    lines: [order.fulfillment === 'pickup' ? 'Pickup' : 'Delivery'],
  });
  if (order.fulfillment === 'delivery' && order.deliveryInstructions?.trim()) {
    drawParagraph(doc, 'Delivery instructions', order.deliveryInstructions);
  }
  if (order.buyerToSupplierNotes?.trim())
    drawParagraph(doc, 'Notes to the supplier', order.buyerToSupplierNotes);

  ensureSpace(doc, 60);
  doc.font(FONT_BOLD).fontSize(12).fillColor(BLACK).text('Items', PAGE_MARGIN, doc.y);
  doc.moveDown(0.3);
  // Whose prices these are: the buyer's ('Your Price') or what the supplier receives.
  const columns = priceColumns.map((column) =>
    column.key === 'price' ? { ...column, title: supplierPrices ? 'Supplier Price' : 'Your Price' } : column,
  );
  drawTableHeader(doc, columns);
  if (order.items.length === 0) {
    doc.font(FONT).fontSize(BODY_SIZE).fillColor(GREY).text('This order has no items.', PAGE_MARGIN, doc.y);
  }
  for (const item of order.items) {
    const price = supplierPrices ? item.supplierPrice : item.buyerPrice;
    const total = supplierPrices ? item.supplierTotal : item.buyerTotal;
    drawRow(
      doc,
      columns,
      {
        item: [
          { text: item.primaryName },
          ...(item.secondaryName ? [{ text: item.secondaryName, small: true }] : []),
        ],
        size: [{ text: sizeText(item) }],
        qty: [{ text: quantityText(item) }],
        price: [{ text: price === null ? 'To be priced' : formatMoney(price) }],
        total: [{ text: total === null || price === null ? '-' : formatMoney(total) }],
      },
      'Items',
    );
  }
  // Every line of the amount block the order page shows, in its order, so the document adds up.
  drawTotals(
    doc,
    amountEntries(order.amounts).map(([key, entry]) => ({
      label: entry.label,
      amount: entry.data,
      bold: key === 'total',
    })),
  );
  doc.moveDown(1);
  ensureSpace(doc, 20);
  doc
    .font(FONT)
    .fontSize(SMALL_SIZE + 0.5)
    .fillColor(GREY)
    .text(
      supplierPrices
        ? `Amounts are what the supplier receives through ${productName}.`
        : 'Tax is estimated until the order is invoiced.',
      PAGE_MARGIN,
      doc.y,
      { width: CONTENT_WIDTH },
    );
  footPages(doc, `Purchase Order ${order.orderNumber}`);
  doc.end();
  return done;
}

// ---------------------------------------------------------------------------------------------------
// Bill of lading

const quantityColumns: Column[] = [
  { key: 'line', title: '#', width: 30, align: 'right' },
  { key: 'item', title: 'Item', width: 230, align: 'left' },
  { key: 'size', title: 'Size', width: 150, align: 'left' },
  { key: 'qty', title: 'Quantity', width: 102, align: 'right' },
];

export async function renderBillOfLadingPdf(order: DocumentOrder): Promise<Buffer> {
  const { doc, done } = newDocument(`${productName} Bill of Lading ${order.orderNumber}`);
  drawTitle(doc, 'Bill of Lading', order);
  const consignee =
    order.fulfillment === 'delivery'
      ? [
          order.parties.buyerOrganizationName,
          order.parties.buyerFullName,
          ...(order.deliveryAddress ? addressLines(order.deliveryAddress) : ['Address to be confirmed']),
        ]
      : [order.parties.buyerOrganizationName, order.parties.buyerFullName, 'Pickup at branch'];
  drawBlockPair(
    doc,
    { title: 'Shipper', lines: branchLines(order) },
    { title: 'Consignee', lines: consignee },
  );
  if (order.fulfillment === 'delivery' && order.deliveryInstructions?.trim()) {
    drawParagraph(doc, 'Delivery instructions', order.deliveryInstructions);
  }

  ensureSpace(doc, 60);
  doc.font(FONT_BOLD).fontSize(12).fillColor(BLACK).text('Items', PAGE_MARGIN, doc.y);
  doc.moveDown(0.3);
  drawTableHeader(doc, quantityColumns);
  order.items.forEach((item, index) => {
    drawRow(
      doc,
      quantityColumns,
      {
        line: [{ text: String(index + 1) }],
        item: [
          { text: item.primaryName },
          ...(item.secondaryName ? [{ text: item.secondaryName, small: true }] : []),
        ],
        size: [{ text: sizeText(item) }],
        qty: [{ text: quantityText(item) }],
      },
      'Items',
    );
  });
  const totalQuantity = order.items.reduce((sum, item) => sum + item.quantity, 0);
  doc.moveDown(0.4);
  doc
    .font(FONT_BOLD)
    .fontSize(BODY_SIZE)
    .fillColor(BLACK)
    .text(
      `${order.items.length} ${order.items.length === 1 ? 'line' : 'lines'}, ${totalQuantity.toLocaleString('en-US')} ${totalQuantity === 1 ? 'unit' : 'units'} in all`,
      PAGE_MARGIN,
      doc.y,
      {
        width: CONTENT_WIDTH,
        align: 'right',
      },
    );

  // Signature lines, kept together on one page.
  doc.moveDown(2);
  const signers = ['Shipper', 'Carrier', 'Consignee'];
  ensureSpace(doc, signers.length * 44 + 10);
  for (const signer of signers) {
    const y = doc.y + 24;
    doc
      .save()
      .moveTo(PAGE_MARGIN, y)
      .lineTo(PAGE_MARGIN + 320, y)
      .moveTo(PAGE_MARGIN + 350, y)
      .lineTo(PAGE_MARGIN + CONTENT_WIDTH, y)
      .lineWidth(0.5)
      .strokeColor(BLACK)
      .stroke()
      .restore();
    doc
      .font(FONT)
      .fontSize(SMALL_SIZE + 0.5)
      .fillColor(GREY);
    doc.text(`${signer} signature`, PAGE_MARGIN, y + 3, { width: 320, lineBreak: false });
    doc.text('Date', PAGE_MARGIN + 350, y + 3, { width: CONTENT_WIDTH - 350, lineBreak: false });
    doc.x = PAGE_MARGIN;
    doc.y = y + 20;
  }
  footPages(doc, `Bill of Lading ${order.orderNumber}`);
  doc.end();
  return done;
}
