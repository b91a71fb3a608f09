import { and, asc, desc, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { openInvoiceStatuses, payableInvoiceStatuses } from '../../../domain/invoices/invoice-states';
import type { InvoiceSortField } from '../../../domain/invoices/invoice-views';
import type { Executor } from '../../core/database';
import { queryRows } from '../../db/client';
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

const sortColumns: Record<InvoiceSortField, SQL | typeof invoices.dueDate> = {
  dueDate: sql`${invoices.dueDate}`,
  issuedDate: sql`${invoices.issuedOn}`,
  invoiceNumber: sql`${invoices.invoiceNumber}`,
  amountDue: sql`${invoices.amountDue}`,
};

/**
 * One page of an organisation's open or paid invoices. The filter and order match the indexes
 * (organisation, status, due date | issued date), so a page reads 20 index entries however many
 * invoices the organisation has.
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
) {
  // 'open' is every status but PAID, written as the partial indexes' predicates so they are used.
  const where = and(
    eq(invoices.buyerOrganizationId, input.organizationId),
    input.tab === 'open' ? ne(invoices.status, 'PAID') : eq(invoices.status, 'PAID'),
    input.query ? invoiceSearch(input.query) : undefined,
  );
  const column = sortColumns[input.sort.field];
  const order =
    input.sort.direction === 'asc' ? [asc(column), asc(invoices.id)] : [desc(column), desc(invoices.id)];
  return db
    .select()
    .from(invoices)
    .where(where)
    .orderBy(...order)
    .limit(input.perPage)
    .offset((input.page - 1) * input.perPage);
}

/** An invoice number, order name or order number containing the words. */
function invoiceSearch(query: string) {
  const pattern = containsPattern(query);
  return sql`(${invoices.invoiceNumber} ilike ${pattern} or ${invoices.orderName} ilike ${pattern} or ${invoices.orderNumber} ilike ${pattern})`;
}

/** How many invoices a search finds in a tab (without a search, the tab counts of invoiceTotals say). */
export async function countInvoiceSearch(
  db: Executor,
  input: { organizationId: number; tab: 'open' | 'paid'; query: string },
) {
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(invoices)
    .where(
      and(
        eq(invoices.buyerOrganizationId, input.organizationId),
        input.tab === 'open' ? ne(invoices.status, 'PAID') : eq(invoices.status, 'PAID'),
        invoiceSearch(input.query),
      ),
    );
  return total;
}

/** Tab counts and the payable balance of an organisation (PAYMENT_PENDING excluded, part 3 §4.6). */
export async function invoiceTotals(db: Executor, organizationId: number) {
  const rows = await db
    .select({
      status: invoices.status,
      count: sql<number>`count(*)::int`,
      due: sql<number>`coalesce(sum(${invoices.amountDue}), 0)::int`,
    })
    .from(invoices)
    .where(eq(invoices.buyerOrganizationId, organizationId))
    .groupBy(invoices.status);
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
