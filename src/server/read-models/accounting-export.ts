// Read model: the accounting export (issue 20). Reads invoices, orders, order items, organisations,
// payments and payment allocations for a date range: invoices issued, supplier bills (what each
// invoiced order owes its supplier) and payments received.

import { type SQL, sql } from 'drizzle-orm';
import type { ExportBill, ExportInvoice, ExportPayment } from '../../domain/accounting/qbo-csv';
import type { Executor } from '../core/database';
import { queryRows } from '../db/client';

type LineRow = {
  name: string;
  size: string | null;
  quantity: number;
  buyer_price: number | null;
  buyer_total: number;
  supplier_total: number;
};

type InvoiceRow = {
  invoice_number: string;
  customer: string;
  supplier: string;
  branch_name: string;
  order_number: string;
  order_name: string;
  issued_on: string;
  due_date: string;
  terms_days: number;
  total: number;
  lines: LineRow[];
};

const itemName = (line: LineRow) => (line.size ? `${line.name} ${line.size}` : line.name);

async function invoiceRows(db: Executor, filter: SQL) {
  return queryRows<InvoiceRow>(
    db,
    sql`select i.invoice_number, bo.name as customer, so.name as supplier, b.name as branch_name,
               i.order_number, i.order_name, to_char(i.issued_on, 'YYYY-MM-DD') as issued_on,
               to_char(i.due_date, 'YYYY-MM-DD') as due_date, i.terms_days, i.total::int as total,
               coalesce((select json_agg(json_build_object(
                          'name', oi.primary_name, 'size', oi.size, 'quantity', oi.quantity::float8,
                          'buyer_price', oi.buyer_price, 'buyer_total', oi.buyer_total,
                          'supplier_total', oi.supplier_total) order by oi.position, oi.id)
                          from order_items oi where oi.order_id = i.order_id), '[]') as lines
          from invoices i
          join orders o on o.id = i.order_id
          join organizations bo on bo.id = i.buyer_organization_id
          join organizations so on so.id = o.supplier_organization_id
          join branches b on b.id = o.branch_id
         where ${filter}
         order by i.issued_on, i.invoice_number`,
  );
}

const issuedBetween = (from: string, to: string) => sql`i.issued_on between ${from}::date and ${to}::date`;

/**
 * Invoices (or, for bills, invoiced orders) not yet recorded as pushed to this QuickBooks company: an
 * invoice dated back to its fulfilment is new to QuickBooks however old its date.
 */
const notPushed = (realmId: string, kind: 'invoice' | 'bill') =>
  sql`not exists (select 1 from quickbooks_pushed_records r
                   where r.realm_id = ${realmId} and r.kind = ${kind}
                     and r.document_number = ${kind === 'invoice' ? sql`i.invoice_number` : sql`i.order_number`})`;

/** Invoices issued in the range, with their order's lines. */
export async function listExportInvoices(db: Executor, from: string, to: string) {
  return toInvoices(await invoiceRows(db, issuedBetween(from, to)));
}

/** Invoices not yet pushed to this QuickBooks company. */
export async function listUnpushedInvoices(db: Executor, realmId: string) {
  return toInvoices(await invoiceRows(db, notPushed(realmId, 'invoice')));
}

/** Supplier bills of invoiced orders not yet pushed to this QuickBooks company. */
export async function listUnpushedBills(db: Executor, realmId: string) {
  return toBills(await invoiceRows(db, notPushed(realmId, 'bill')));
}

function toInvoices(rows: InvoiceRow[]): ExportInvoice[] {
  return rows.map((row) => ({
    invoiceNumber: row.invoice_number,
    customer: row.customer,
    issuedOn: row.issued_on,
    dueDate: row.due_date,
    termsDays: row.terms_days,
    memo: `Order ${row.order_number} (${row.order_name})`,
    total: row.total,
    lines: row.lines.map((line) => ({
      item: itemName(line),
      description: `${line.quantity} × ${itemName(line)}`,
      quantity: Number(line.quantity),
      rate: line.buyer_price ?? 0,
      amount: line.buyer_total,
    })),
  }));
}

/** One bill per order invoiced in the range: what the platform owes the supplier for it. */
export async function listExportBills(db: Executor, from: string, to: string) {
  return toBills(await invoiceRows(db, issuedBetween(from, to)));
}

function toBills(rows: InvoiceRow[]): ExportBill[] {
  return rows.map((row) => ({
    billNumber: row.order_number,
    supplier: row.supplier,
    billDate: row.issued_on,
    dueDate: row.due_date,
    memo: `${row.branch_name}: order ${row.order_number} (${row.order_name}), invoice ${row.invoice_number}`,
    lines: row.lines.map((line) => ({
      description: `${line.quantity} × ${itemName(line)}`,
      amount: line.supplier_total,
    })),
  }));
}

/** Succeeded payments settled (or made) in the range, one row per invoice they paid. */
export async function listExportPayments(db: Executor, from: string, to: string): Promise<ExportPayment[]> {
  const rows = await queryRows<{
    paid_on: string;
    customer: string;
    payment_type: string;
    reference: string;
    invoice_number: string;
    amount: number;
  }>(
    db,
    sql`select to_char(coalesce(p.settled_at, p.created_at) at time zone 'UTC', 'YYYY-MM-DD') as paid_on,
               o.name as customer, p.payment_type, coalesce(p.provider_ref, 'P-' || p.id) as reference,
               i.invoice_number, a.amount::int as amount
          from payments p
          join payment_allocations a on a.payment_id = p.id
          join invoices i on i.id = a.invoice_id
          join organizations o on o.id = p.organization_id
         where p.status = 'succeeded'
           and (coalesce(p.settled_at, p.created_at) at time zone 'UTC')::date between ${from}::date and ${to}::date
         order by coalesce(p.settled_at, p.created_at), p.id, i.invoice_number`,
  );
  return rows.map((row) => ({
    paidOn: row.paid_on,
    customer: row.customer,
    method: row.payment_type === 'bank_account' ? 'Bank transfer' : 'Credit card',
    reference: row.reference,
    invoiceNumber: row.invoice_number,
    amount: row.amount,
  }));
}
