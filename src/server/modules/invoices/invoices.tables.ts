import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { OrderAmounts } from '../../../domain/orders/order-amounts';
import { baseColumns, timestamptz } from '../../db/columns';
import { orders } from '../orders/orders.tables';
import { organizations } from '../organizations/organizations.tables';
import { users } from '../users/users.tables';

/** Invoice and credit memo numbers come from sequences: gapless enough, never repeated, safe under concurrency. */
export const invoiceNumbers = pgSequence('invoice_numbers', { startWith: 10001 });
export const creditMemoNumbers = pgSequence('credit_memo_numbers', { startWith: 5001 });

/**
 * The bill for one fulfilled order, copied from the order's version when it was invoiced (amount lines
 * from orderAmounts, plus staff price adjustments). Money in cents: amount_due = total − amount_paid −
 * credited_amount; the card fee a buyer pays on top is kept apart in additional_cc_fees_paid.
 */
export const invoices = pgTable(
  'invoices',
  {
    ...baseColumns(),
    invoiceNumber: text('invoice_number').notNull(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    orderVersion: integer('order_version').notNull(),
    orderNumber: text('order_number').notNull(),
    orderName: text('order_name').notNull(),
    jobNumber: text('job_number'),
    buyerOrganizationId: bigint('buyer_organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    status: text('status').notNull().default('PAYMENT_REQUESTED'),
    amounts: jsonb('amounts').$type<OrderAmounts>().notNull(),
    adjustments: jsonb('adjustments').$type<{ label: string; amount: number }[]>().notNull().default([]),
    total: integer('total').notNull(),
    amountPaid: integer('amount_paid').notNull().default(0),
    additionalCcFeesPaid: integer('additional_cc_fees_paid').notNull().default(0),
    creditedAmount: integer('credited_amount').notNull().default(0),
    amountDue: integer('amount_due').notNull(),
    termsDays: integer('terms_days').notNull().default(0),
    // The invoice's date (the day the order was fulfilled, or staff sent it); due_date follows from terms.
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    lastPaymentAt: timestamptz('last_payment_at'),
  },
  (t) => [
    uniqueIndex('invoices_invoice_number_idx').on(t.invoiceNumber),
    // One invoice per order: a second fulfil or send_invoice cannot bill twice.
    uniqueIndex('invoices_order_idx').on(t.orderId),
    // The dashboard (bench/invoices.ts, 5,000 invoices per organisation): a tab's page in its default
    // order is read from a partial index and stops after 20 entries; the tab counts and the balance
    // are an index-only scan of (organisation, status, amount due).
    index('invoices_open_due_idx')
      .on(t.buyerOrganizationId, t.dueDate, t.id)
      .where(sql`${t.status} <> 'PAID'`),
    index('invoices_paid_issued_idx')
      .on(t.buyerOrganizationId, t.issuedOn, t.id)
      .where(sql`${t.status} = 'PAID'`),
    // The other sorts of the open tab are read from an index too (a sort of 2,500 rows took 7 ms).
    index('invoices_open_amount_due_idx')
      .on(t.buyerOrganizationId, t.amountDue, t.id)
      .where(sql`${t.status} <> 'PAID'`),
    index('invoices_open_number_idx')
      .on(t.buyerOrganizationId, t.invoiceNumber, t.id)
      .where(sql`${t.status} <> 'PAID'`),
    index('invoices_organization_status_idx').on(t.buyerOrganizationId, t.status, t.amountDue),
    // The dashboard's search (invoice number, order name or number) reads this trigram index rather
    // than every invoice of the organisation; the search condition repeats the expression exactly, and
    // matches it lower-cased with LIKE (much cheaper per row than ILIKE).
    index('invoices_search_trgm_idx').using(
      'gin',
      sql`lower(${t.invoiceNumber} || ' ' || ${t.orderName} || ' ' || ${t.orderNumber}) gin_trgm_ops`,
    ),
    check(
      'invoices_status_check',
      sql`${t.status} in ('PAYMENT_REQUESTED', 'PAYMENT_PENDING', 'PARTIALLY_PAID', 'PAID')`,
    ),
    check('invoices_amounts_check', sql`${t.amountPaid} >= 0 and ${t.creditedAmount} >= 0`),
  ],
);

/**
 * The dashboard's tab counts and payable balance per organisation and status, kept true by a trigger
 * on invoices for every writer (hand-written in the migration that creates this table), so a page
 * reads four rows instead of aggregating all of an organisation's invoices on every request.
 */
export const invoiceTotals = pgTable(
  'invoice_totals',
  {
    buyerOrganizationId: bigint('buyer_organization_id', { mode: 'number' }).notNull(),
    status: text('status').notNull(),
    invoiceCount: integer('invoice_count').notNull(),
    amountDue: bigint('amount_due', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'invoice_totals_pkey', columns: [t.buyerOrganizationId, t.status] })],
);

/** A credit after invoicing (own number and PDF) that reduces what is due. Not on the buyer's dashboard. */
export const creditMemos = pgTable(
  'credit_memos',
  {
    ...baseColumns(),
    memoNumber: text('memo_number').notNull(),
    invoiceId: bigint('invoice_id', { mode: 'number' })
      .notNull()
      .references(() => invoices.id),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    createdByUserId: bigint('created_by_user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    uniqueIndex('credit_memos_memo_number_idx').on(t.memoNumber),
    index('credit_memos_invoice_idx').on(t.invoiceId),
    check('credit_memos_amount_check', sql`${t.amount} > 0`),
  ],
);

/** Staff corrections to an order's amount before it is invoiced (negative: a discount). */
export const priceAdjustments = pgTable(
  'price_adjustments',
  {
    ...baseColumns(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    invoiceId: bigint('invoice_id', { mode: 'number' }).references(() => invoices.id),
    createdByUserId: bigint('created_by_user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [index('price_adjustments_order_idx').on(t.orderId)],
);
