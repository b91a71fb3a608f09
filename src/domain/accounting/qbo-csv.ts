import { z } from 'zod';
import { calendarDateSchema } from '../calendar-date';
import { quickbooksConnectionSchema, quickbooksPushSchema } from './quickbooks-link';

// Accounting export in QuickBooks Online's import formats (Settings → Import data): invoices with
// QBO's sample-file headers, bills with its bill headers, and received payments (QBO has no payment
// import of its own; the columns are those the common importers read). Amounts in dollars with two
// decimals, dates MM/DD/YYYY (QBO's default US date format).

export const accountingExportKinds = ['invoices', 'payments', 'bills'] as const;
export type AccountingExportKind = (typeof accountingExportKinds)[number];

export const accountingExportKindLabels: Record<AccountingExportKind, string> = {
  invoices: 'Invoices (to buyers)',
  payments: 'Payments received',
  bills: 'Supplier bills',
};

export const dateRangeOrderMessage = 'The end date must be on or after the start date';

export const accountingExportQuerySchema = z
  .object({
    kind: z.enum(accountingExportKinds, { error: 'Choose invoices, payments or bills' }),
    from: calendarDateSchema(),
    to: calendarDateSchema(),
  })
  .refine((value) => value.from <= value.to, { path: ['to'], error: dateRangeOrderMessage });

export const invoiceColumns = [
  'InvoiceNo',
  'Customer',
  'InvoiceDate',
  'DueDate',
  'Terms',
  'Memo',
  'Item(Product/Service)',
  'ItemDescription',
  'ItemQuantity',
  'ItemRate',
  'ItemAmount',
] as const;

export const billColumns = [
  'Bill No',
  'Supplier',
  'Bill Date',
  'Due Date',
  'Memo',
  'Account',
  'Line Description',
  'Line Amount',
] as const;

export const paymentColumns = [
  'Payment Date',
  'Customer',
  'Payment Method',
  'Reference No',
  'Invoice No',
  'Amount',
] as const;

export type ExportInvoice = {
  invoiceNumber: string;
  customer: string;
  issuedOn: string;
  dueDate: string;
  termsDays: number;
  memo: string;
  total: number;
  lines: { item: string; description: string; quantity: number; rate: number; amount: number }[];
};

export type ExportBill = {
  billNumber: string;
  supplier: string;
  billDate: string;
  dueDate: string;
  memo: string;
  lines: { description: string; amount: number }[];
};

export type ExportPayment = {
  paidOn: string;
  customer: string;
  method: string;
  reference: string;
  invoiceNumber: string;
  amount: number;
};

/** The account supplier bills are booked to (QBO's default expense account for goods bought to resell). */
export const billAccount = 'Cost of Goods Sold';
/** The line that makes an invoice's lines add up to its total (tax, shipping, adjustments). */
export const otherChargesItem = 'Other charges';

/** A calendar day (2026-11-25) as QBO's US date (11/25/2026). */
export const qboDate = (day: string) => {
  const [year, month, date] = day.split('-');
  return `${month}/${date}/${year}`;
};

/** Cents as a plain decimal (123450 → 1234.50): no currency sign or grouping, as importers expect. */
export const qboAmount = (cents: number) => (cents / 100).toFixed(2);

const cell = (value: string | number) => {
  const text = String(value);
  // Quote what would break the row, and neutralise spreadsheet formulas (=, +, -, @ at the start).
  const safe = /^[=+@]/.test(text) || (/^-/.test(text) && Number.isNaN(Number(text))) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

const csv = (header: readonly string[], rows: (string | number)[][]) =>
  `${[header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;

const termsOf = (days: number) => (days > 0 ? `Net ${days}` : 'Due on receipt');

/** An invoice's lines, with a last 'Other charges' line when tax, shipping or adjustments make up the rest. */
export function linesToTotal(invoice: ExportInvoice): ExportInvoice['lines'] {
  const linesTotal = invoice.lines.reduce((sum, line) => sum + line.amount, 0);
  if (linesTotal === invoice.total) return invoice.lines;
  const rest = invoice.total - linesTotal;
  return [
    ...invoice.lines,
    {
      item: otherChargesItem,
      description: 'Tax, shipping and adjustments',
      quantity: 1,
      rate: rest,
      amount: rest,
    },
  ];
}

/** Invoices, one row per line with the invoice's header repeated; a last line brings it to its total. */
export function invoicesCsv(invoices: readonly ExportInvoice[]) {
  const rows: (string | number)[][] = [];
  for (const invoice of invoices) {
    const head = [
      invoice.invoiceNumber,
      invoice.customer,
      qboDate(invoice.issuedOn),
      qboDate(invoice.dueDate),
      termsOf(invoice.termsDays),
      invoice.memo,
    ];
    const lines = linesToTotal(invoice);
    for (const line of lines) {
      rows.push([
        ...head,
        line.item,
        line.description,
        line.quantity,
        qboAmount(line.rate),
        qboAmount(line.amount),
      ]);
    }
  }
  return csv(invoiceColumns, rows);
}

/** Supplier bills, one row per line, booked to the cost of goods account. */
export function billsCsv(bills: readonly ExportBill[]) {
  const rows = bills.flatMap((bill) =>
    bill.lines.map((line) => [
      bill.billNumber,
      bill.supplier,
      qboDate(bill.billDate),
      qboDate(bill.dueDate),
      bill.memo,
      billAccount,
      line.description,
      qboAmount(line.amount),
    ]),
  );
  return csv(billColumns, rows);
}

/** Payments received, one row per invoice a payment paid. */
export function paymentsCsv(payments: readonly ExportPayment[]) {
  return csv(
    paymentColumns,
    payments.map((payment) => [
      qboDate(payment.paidOn),
      payment.customer,
      payment.method,
      payment.reference,
      payment.invoiceNumber,
      qboAmount(payment.amount),
    ]),
  );
}

export const accountingStatusSchema = z
  .object({
    provider: z.enum(['csv', 'quickbooks_online']),
    /** The linked QuickBooks company, or null (always null without QuickBooks keys). */
    connection: quickbooksConnectionSchema.nullable(),
    /** The latest push to QuickBooks, or null before the first. */
    lastPush: quickbooksPushSchema.nullable(),
    kinds: z.array(z.object({ value: z.enum(accountingExportKinds), label: z.string() })),
  })
  .meta({ id: 'AccountingStatus' });
