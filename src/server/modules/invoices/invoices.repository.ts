import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { openInvoiceStatuses, payableInvoiceStatuses } from '../../../domain/invoices/invoice-states';
import type { InvoiceSortField } from '../../../domain/invoices/invoice-views';
import type { Executor } from '../../core/database';
import { pageWindow, queryRows, queryRowsPrepared } from '../../db/client';
import { containsPattern } from '../../db/like-pattern';
import {
  creditMemoNumbers,
  creditMemos,
  invoiceNumbers,
  invoices,
  priceAdjustments,
} from './invoices.tables';

export type InvoiceRow = typeof invoices.$inferSelect;

async function nextValue(db: Executor, sequence: string) {
  const [row] = await queryRows<{ n: string }>(db, sql`select nextval(${sequence})::text as n`);
  return row.n;
}

/** The next invoice number ('INV-10001', …) from its sequence. */
export const nextInvoiceNumber = async (db: Executor) =>
  `INV-${await nextValue(db, invoiceNumbers.seqName ?? 'invoice_numbers')}`;

/** The next credit memo number ('CM-5001', …). */
export const nextCreditMemoNumber = async (db: Executor) =>
  `CM-${await nextValue(db, creditMemoNumbers.seqName ?? 'credit_memo_numbers')}`;

export async function insertInvoice(db: Executor, values: typeof invoices.$inferInsert) {
  const [row] = await db
    .insert(invoices)
    .values(values)
    .onConflictDoNothing({ target: invoices.orderId })
    .returning();
  return row ?? null;
}

export async function findInvoice(db: Executor, id: number) {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row ?? null;
}

export async function findInvoiceOfOrder(db: Executor, orderId: number) {
  const [row] = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
  return row ?? null;
}

/** The invoices, locked in id order (so two payments never wait on each other crosswise). */
export async function lockInvoices(db: Executor, ids: number[]) {
  return db.select().from(invoices).where(inArray(invoices.id, ids)).orderBy(asc(invoices.id)).for('update');
}

export async function updateInvoice(db: Executor, id: number, values: Partial<typeof invoices.$inferInsert>) {
  const [row] = await db
    .update(invoices)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(invoices.id, id))
    .returning();
  return row;
}

export async function listInvoicesByIds(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(invoices)
    .where(inArray(invoices.id, ids))
    .orderBy(asc(invoices.dueDate), asc(invoices.id));
}

const sortColumns: Record<InvoiceSortField, SQL> = {
  dueDate: sql.raw('due_date'),
  issuedDate: sql.raw('issued_on'),
  invoiceNumber: sql.raw('invoice_number'),
  amountDue: sql.raw('amount_due'),
};

/** What a dashboard row shows: every column but the amount block and adjustments (JSON nobody lists). */
export type InvoiceListRow = Pick<
  InvoiceRow,
  | 'id'
  | 'invoiceNumber'
  | 'status'
  | 'amountPaid'
  | 'additionalCcFeesPaid'
  | 'creditedAmount'
  | 'amountDue'
  | 'total'
  | 'dueDate'
  | 'termsDays'
  | 'issuedOn'
  | 'orderId'
  | 'orderName'
  | 'orderNumber'
> & { lastPaymentAt: Date | null };

// Dates as text whichever driver answers (PGlite and node-postgres parse them differently).
const listColumns = sql.raw(`id::int, invoice_number as "invoiceNumber", status, amount_paid as "amountPaid",
  additional_cc_fees_paid as "additionalCcFeesPaid", credited_amount as "creditedAmount",
  amount_due as "amountDue", total, to_char(due_date, 'YYYY-MM-DD') as "dueDate", terms_days as "termsDays",
  to_char(issued_on, 'YYYY-MM-DD') as "issuedOn", order_id::int as "orderId", order_name as "orderName",
  order_number as "orderNumber",
  to_char(last_payment_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "lastPaymentAt"`);

// 'open' is every status but PAID, written as the partial indexes' predicates so they are used.
const tabCondition = (tab: 'open' | 'paid') =>
  sql.raw(tab === 'open' ? `status <> 'PAID'` : `status = 'PAID'`);

/** An invoice number, order name or order number containing the words (the trigram index's expression). */
const invoiceSearch = (query: string) =>
  sql`lower(invoice_number || ' ' || order_name || ' ' || order_number) like ${containsPattern(query.toLowerCase())}`;

/**
 * One page of an organisation's open or paid invoices. The filter and order match the indexes
 * (organisation, status, due date | issued date | amount due | number), so a page reads 20 index
 * entries however many invoices the organisation has. Without a search the first pages' statements are prepared
 * per tab, sort and page: planning it cost more than running it. A search stays unprepared, so the plan
 * sees its pattern and can choose the trigram index.
 */
export async function listInvoicePage(
  db: Executor,
  input: {
    organizationId: number;
    tab: 'open' | 'paid';
    query?: string;
    sort: { field: InvoiceSortField; direction: 'asc' | 'desc' };
    page: number;
    perPage: number;
  },
): Promise<InvoiceListRow[]> {
  const column = sortColumns[input.sort.field];
  const direction = sql.raw(input.sort.direction === 'asc' ? 'asc' : 'desc');
  const window = pageWindow(input.perPage, (input.page - 1) * input.perPage);
  const statement = sql`select ${listColumns} from invoices
    where buyer_organization_id = ${input.organizationId} and ${tabCondition(input.tab)}
      ${input.query ? sql`and ${invoiceSearch(input.query)}` : sql``}
    order by ${column} ${direction}, id ${direction}
    ${window.clause}`;
  const rows =
    input.query || !window.preparable
      ? await queryRows<ListRowText>(db, statement)
      : await queryRowsPrepared<ListRowText>(
          db,
          `invoices_page_${input.tab}_${input.sort.field}_${input.sort.direction}_${window.key}`,
          statement,
        );
  return rows.map((row) => ({
    ...row,
    lastPaymentAt: row.lastPaymentAt ? new Date(row.lastPaymentAt) : null,
  }));
}

type ListRowText = Omit<InvoiceListRow, 'lastPaymentAt'> & { lastPaymentAt: string | null };

/** How many invoices a search finds in a tab (without a search, the tab counts of invoiceTotals say). */
export async function countInvoiceSearch(
  db: Executor,
  input: { organizationId: number; tab: 'open' | 'paid'; query: string },
) {
  const [{ total }] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from invoices
         where buyer_organization_id = ${input.organizationId} and ${tabCondition(input.tab)}
           and ${invoiceSearch(input.query)}`,
  );
  return total;
}

/**
 * Tab counts and the payable balance of an organisation (PAYMENT_PENDING excluded, part 3 §4.6), from
 * the counters the invoices trigger keeps: four rows, however many invoices.
 */
export async function invoiceTotals(db: Executor, organizationId: number) {
  const rows = await queryRowsPrepared<{ status: string; count: number; due: number }>(
    db,
    'invoice_totals_of_organization',
    sql`select status, invoice_count as count, amount_due::int as due
          from invoice_totals where buyer_organization_id = ${organizationId}`,
  );
  const open = rows.filter((row) => (openInvoiceStatuses as readonly string[]).includes(row.status));
  const payable = rows.filter((row) => (payableInvoiceStatuses as readonly string[]).includes(row.status));
  return {
    openCount: open.reduce((sum, row) => sum + row.count, 0),
    paidCount: rows.find((row) => row.status === 'PAID')?.count ?? 0,
    payableCount: payable.reduce((sum, row) => sum + row.count, 0),
    balance: payable.reduce((sum, row) => sum + row.due, 0),
  };
}

export async function listPayableInvoiceIds(db: Executor, organizationId: number) {
  const rows = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.buyerOrganizationId, organizationId),
        inArray(invoices.status, [...payableInvoiceStatuses]),
      ),
    )
    .orderBy(asc(invoices.dueDate), asc(invoices.id));
  return rows.map((row) => row.id);
}

// Credit memos and price adjustments.

export async function insertCreditMemo(db: Executor, values: typeof creditMemos.$inferInsert) {
  const [row] = await db.insert(creditMemos).values(values).returning();
  return row;
}

export async function listCreditMemos(db: Executor, invoiceId: number) {
  return db
    .select()
    .from(creditMemos)
    .where(eq(creditMemos.invoiceId, invoiceId))
    .orderBy(asc(creditMemos.id));
}

export async function findCreditMemo(db: Executor, id: number) {
  const [row] = await db.select().from(creditMemos).where(eq(creditMemos.id, id));
  return row ?? null;
}

export async function listAdjustments(db: Executor, orderId: number) {
  return db
    .select()
    .from(priceAdjustments)
    .where(eq(priceAdjustments.orderId, orderId))
    .orderBy(asc(priceAdjustments.id));
}

export async function listOpenAdjustments(db: Executor, orderId: number) {
  return db
    .select()
    .from(priceAdjustments)
    .where(and(eq(priceAdjustments.orderId, orderId), isNull(priceAdjustments.invoiceId)))
    .orderBy(asc(priceAdjustments.id));
}

export async function insertAdjustment(db: Executor, values: typeof priceAdjustments.$inferInsert) {
  const [row] = await db.insert(priceAdjustments).values(values).returning();
  return row;
}

export async function findAdjustment(db: Executor, id: number) {
  const [row] = await db.select().from(priceAdjustments).where(eq(priceAdjustments.id, id));
  return row ?? null;
}

export async function deleteAdjustment(db: Executor, id: number) {
  await db.delete(priceAdjustments).where(eq(priceAdjustments.id, id));
}

export async function markAdjustmentsInvoiced(db: Executor, orderId: number, invoiceId: number) {
  await db
    .update(priceAdjustments)
    .set({ invoiceId, updatedAt: new Date() })
    .where(and(eq(priceAdjustments.orderId, orderId), isNull(priceAdjustments.invoiceId)));
}
