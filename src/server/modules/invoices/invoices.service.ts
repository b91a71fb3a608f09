import { isAdmin } from '../../../domain/access';
import {
  addDays,
  type InvoiceEvent,
  type InvoiceStatus,
  InvoiceTransitionError,
  invoiceLabel,
  payableInvoiceStatuses,
  termsLabel,
  transitionInvoice,
} from '../../../domain/invoices/invoice-states';
import {
  defaultInvoiceSort,
  type InvoiceDetail,
  type InvoiceList,
  type InvoiceSortField,
  type InvoiceView,
} from '../../../domain/invoices/invoice-views';
import { formatMoney } from '../../../domain/money';
import type { OrderAmounts } from '../../../domain/orders/order-amounts';
import { actorOf, type Caller } from '../../core/caller';
import type { Executor } from '../../core/database';
import { AppError } from '../../core/errors';
import type { MailSending } from '../notifications/notifications.service';
import * as notifications from '../notifications/notifications.service';
import * as orders from '../orders/order-invoicing.service';
import * as repo from './invoices.repository';

export const invoiceNotFoundMessage = 'Invoice not found';
export const alreadyInvoicedMessage = 'This order has already been invoiced.';
export const amountAboveBalanceMessage = (balance: number) =>
  `The amount is more than the balance of these invoices (${formatMoney(balance)}).`;

export type InvoiceRow = repo.InvoiceRow;

/** The invoice as the API shows it; `today` decides 'Past Due'. */
export function invoiceView(row: repo.InvoiceListRow, today: string): InvoiceView {
  const status = row.status as InvoiceStatus;
  const label = invoiceLabel({ status, dueDate: row.dueDate }, today);
  return {
    id: row.id,
    invoiceNumber: row.invoiceNumber,
    paymentStatus: status,
    statusLabel: label.label,
    partiallyPaid: label.partiallyPaid,
    pastDue: label.pastDue,
    amountPaid: row.amountPaid,
    additionalCcFeesPaid: row.additionalCcFeesPaid,
    creditedAmount: row.creditedAmount,
    amountDue: row.amountDue,
    total: row.total,
    dueDate: row.dueDate,
    terms: termsLabel(row.termsDays),
    createdAt: `${row.issuedOn}T00:00:00.000Z`,
    lastPaymentAt: row.lastPaymentAt?.toISOString() ?? null,
    invoicePdfUrl: `/api/v1/invoices/${row.id}/pdf`,
    order: { id: row.orderId, name: row.orderName, orderNumber: row.orderNumber },
  };
}

/** What an invoice is made from: the order of one version and the buyer's amount block of it. */
export type InvoiceSource = {
  orderId: number;
  orderVersion: number;
  orderNumber: string;
  orderName: string;
  jobNumber: string | null;
  buyerOrganizationId: number;
  userId: number;
  amounts: OrderAmounts;
  termsDays: number;
  issuedOn: string;
};

/**
 * Creates the invoice of an order (issue 18): its amount block plus the staff price adjustments made
 * before invoicing, a sequential number, due date from the organisation's terms. 409 if the order has
 * one already (the unique index on order_id decides between two at once).
 */
export async function createInvoice(tx: Executor, source: InvoiceSource) {
  const open = await repo.listOpenAdjustments(tx, source.orderId);
  const adjustments = open.map((row) => ({ label: `Price adjustment: ${row.reason}`, amount: row.amount }));
  const total = source.amounts.total.data + adjustments.reduce((sum, row) => sum + row.amount, 0);
  const invoiceNumber = await repo.nextInvoiceNumber(tx);
  const row = await repo.insertInvoice(tx, {
    invoiceNumber,
    orderId: source.orderId,
    orderVersion: source.orderVersion,
    orderNumber: source.orderNumber,
    orderName: source.orderName,
    jobNumber: source.jobNumber,
    buyerOrganizationId: source.buyerOrganizationId,
    userId: source.userId,
    amounts: source.amounts,
    adjustments,
    total,
    amountDue: Math.max(0, total),
    status: total <= 0 ? 'PAID' : 'PAYMENT_REQUESTED',
    termsDays: source.termsDays,
    issuedOn: source.issuedOn,
    dueDate: addDays(source.issuedOn, source.termsDays),
  });
  if (!row) throw new AppError('conflict', alreadyInvoicedMessage, { code: 'already_invoiced' });
  await repo.markAdjustmentsInvoiced(tx, source.orderId, row.id);
  return row;
}

export const findInvoiceOfOrder = repo.findInvoiceOfOrder;

/**
 * The invoice of an order for its buyer's order page, or null while there is none; 404 when the
 * invoice belongs to another organisation (staff see every one).
 */
export async function invoiceOfOrder(db: Executor, caller: Caller, orderId: number, today: string) {
  const found = await repo.findInvoiceOfOrder(db, orderId);
  if (!found) return null;
  return invoiceView(await getInvoiceOrThrow(db, caller, found.id), today);
}

/** The buyer's e-mail that an invoice is ready, with its amount due, due date and where to pay. */
export async function sendInvoiceMail(
  db: Executor,
  mail: MailSending & { appUrl: string },
  invoice: InvoiceRow,
  to: string,
) {
  const link = `${mail.appUrl}/invoices`;
  const text = [
    `Invoice ${invoice.invoiceNumber} for order ${invoice.orderNumber} (${invoice.orderName}) is ready.`,
    `Amount due: ${formatMoney(invoice.amountDue)}, due ${invoice.dueDate} (${termsLabel(invoice.termsDays)}).`,
    `View and pay it: ${link}`,
  ].join('\n\n');
  await notifications.sendEmail(db, mail, {
    to,
    subject: `Invoice ${invoice.invoiceNumber} for order ${invoice.orderNumber}`,
    text,
    html: text
      .split('\n\n')
      .map((line) => `<p>${line.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</p>`)
      .join(''),
  });
}

const parseSort = (sort: string | undefined, tab: 'open' | 'paid') => {
  const [field, direction] = (sort ?? defaultInvoiceSort[tab]).split('|') as [
    InvoiceSortField,
    'asc' | 'desc',
  ];
  return { field, direction };
};

/** The caller's organisation's invoices: one tab's page, the tab counts and the payable balance. */
export async function listInvoices(
  db: Executor,
  caller: Caller,
  query: { status: 'open' | 'paid'; query?: string; sort?: string; page: number; perPage: number },
  today: string,
): Promise<InvoiceList> {
  const organizationId = caller.user.organizationId;
  if (organizationId === null) {
    return {
      results: [],
      totalCount: 0,
      currentPage: 1,
      totalPages: 1,
      openCount: 0,
      paidCount: 0,
      balance: 0,
      payableCount: 0,
    };
  }
  const search = query.query || undefined;
  const [rows, totals, searchCount] = await Promise.all([
    repo.listInvoicePage(db, {
      organizationId,
      tab: query.status,
      query: search,
      sort: parseSort(query.sort, query.status),
      page: query.page,
      perPage: query.perPage,
    }),
    repo.invoiceTotals(db, organizationId),
    // Without a search the tab's count is one of the totals: no second count of the same rows.
    search ? repo.countInvoiceSearch(db, { organizationId, tab: query.status, query: search }) : null,
  ]);
  const totalCount = searchCount ?? (query.status === 'open' ? totals.openCount : totals.paidCount);
  return {
    results: rows.map((row) => invoiceView(row, today)),
    totalCount,
    currentPage: query.page,
    totalPages: Math.max(1, Math.ceil(totalCount / query.perPage)),
    ...totals,
  };
}

/** What 'Pay Full Balance' pays: every payable invoice of the organisation and their sum. */
export async function payableBalance(db: Executor, caller: Caller) {
  const organizationId = caller.user.organizationId;
  if (organizationId === null) return { invoiceIds: [], balance: 0 };
  const [ids, totals] = await Promise.all([
    repo.listPayableInvoiceIds(db, organizationId),
    repo.invoiceTotals(db, organizationId),
  ]);
  return { invoiceIds: ids, balance: totals.balance };
}

/** An invoice the caller may read (its buyer organisation, or staff); 404 for anyone else. */
export async function getInvoiceOrThrow(db: Executor, caller: Caller, id: number) {
  const row = await repo.findInvoice(db, id);
  if (!row || !(isAdmin(caller.user) || row.buyerOrganizationId === caller.user.organizationId)) {
    throw new AppError('not_found', invoiceNotFoundMessage);
  }
  return row;
}

export async function invoiceDetail(
  db: Executor,
  caller: Caller,
  id: number,
  today: string,
): Promise<InvoiceDetail> {
  const row = await getInvoiceOrThrow(db, caller, id);
  const memos = await repo.listCreditMemos(db, row.id);
  return {
    ...invoiceView(row, today),
    amounts: row.amounts,
    adjustments: row.adjustments,
    creditMemos: memos.map((memo) => ({
      id: memo.id,
      memoNumber: memo.memoNumber,
      amount: memo.amount,
      reason: memo.reason,
    })),
  };
}

/** Several invoices the caller may read, in the order asked; 404 if any is not theirs. */
export async function getInvoicesOrThrow(db: Executor, caller: Caller, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await repo.listInvoicesByIds(db, unique);
  const allowed = rows.filter(
    (row) => isAdmin(caller.user) || row.buyerOrganizationId === caller.user.organizationId,
  );
  if (allowed.length !== unique.length) throw new AppError('not_found', invoiceNotFoundMessage);
  return allowed;
}

/** The credit memos of invoices, for their PDFs. */
export const listCreditMemos = repo.listCreditMemos;

export async function getCreditMemoOrThrow(db: Executor, caller: Caller, id: number) {
  const memo = await repo.findCreditMemo(db, id);
  if (!memo) throw new AppError('not_found', 'Credit memo not found');
  const invoice = await repo.findInvoice(db, memo.invoiceId);
  if (!invoice || !(isAdmin(caller.user) || invoice.buyerOrganizationId === caller.user.organizationId)) {
    throw new AppError('not_found', 'Credit memo not found');
  }
  return { memo, invoice };
}

// ---------------------------------------------------------------------------------------------------
// Paying (called by the payments area inside its transaction)

/**
 * Locks the invoices a payment is for: 404 unless every one is the caller's organisation's; 409 when
 * one is paid or has a payment processing (part 3 §4.6: they cannot be selected or paid).
 */
export async function lockInvoicesForPayment(tx: Executor, caller: Caller, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await repo.lockInvoices(tx, unique);
  if (
    rows.length !== unique.length ||
    rows.some((row) => row.buyerOrganizationId !== caller.user.organizationId)
  ) {
    throw new AppError('not_found', invoiceNotFoundMessage);
  }
  for (const row of rows) {
    if (!(payableInvoiceStatuses as readonly string[]).includes(row.status)) {
      const error = new InvoiceTransitionError('record_payment', row.status as InvoiceStatus);
      throw new AppError('conflict', `${row.invoiceNumber}: ${error.message}`, {
        code: 'invoice_not_payable',
      });
    }
  }
  return rows.sort((a, b) => (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : a.id - b.id));
}

function move(
  row: InvoiceRow,
  event: InvoiceEvent,
  after: { amountDue: number; amountPaid: number; pending?: boolean },
) {
  try {
    return transitionInvoice(row.status as InvoiceStatus, event, after);
  } catch (error) {
    if (error instanceof InvoiceTransitionError) {
      throw new AppError('conflict', `${row.invoiceNumber}: ${error.message}`, {
        code: 'invoice_not_payable',
      });
    }
    throw error;
  }
}

type Actor = { userId: number | null; impersonatorUserId?: number | null };

/** After an invoice is paid in full, its order reads Paid (part 3 §4.1). */
async function settleOrder(tx: Executor, actor: Actor, row: InvoiceRow) {
  if (row.status === 'PAID') await orders.markOrderPaid(tx, actor, row.orderId, row.invoiceNumber);
}

/**
 * A payment against a locked invoice: a card pays at once (amountPaid, the card fee in
 * additionalCcFeesPaid); a bank debit leaves the invoice PAYMENT_PENDING until it settles.
 */
export async function recordPayment(
  tx: Executor,
  caller: Caller,
  row: InvoiceRow,
  payment: { amount: number; fee: number; pending: boolean; at: Date },
) {
  if (payment.pending) {
    move(row, 'start_pending_payment', { amountDue: row.amountDue, amountPaid: row.amountPaid });
    return repo.updateInvoice(tx, row.id, { status: 'PAYMENT_PENDING', lastPaymentAt: payment.at });
  }
  const amountPaid = row.amountPaid + payment.amount;
  const amountDue = row.total - amountPaid - row.creditedAmount;
  const status = move(row, 'record_payment', { amountDue, amountPaid });
  const updated = await repo.updateInvoice(tx, row.id, {
    status,
    amountPaid,
    amountDue: Math.max(0, amountDue),
    additionalCcFeesPaid: row.additionalCcFeesPaid + payment.fee,
    lastPaymentAt: payment.at,
  });
  await settleOrder(tx, actorOf(caller), updated);
  return updated;
}

/** A bank payment settled (job or webhook): the amount counts as paid now. */
export async function settlePendingPayment(
  tx: Executor,
  actor: Actor,
  invoiceId: number,
  amount: number,
  at: Date,
) {
  const [row] = await repo.lockInvoices(tx, [invoiceId]);
  if (row?.status !== 'PAYMENT_PENDING') return row ?? null;
  const amountPaid = row.amountPaid + amount;
  const amountDue = row.total - amountPaid - row.creditedAmount;
  const status = move(row, 'record_payment', { amountDue, amountPaid });
  const updated = await repo.updateInvoice(tx, row.id, {
    status,
    amountPaid,
    amountDue: Math.max(0, amountDue),
    lastPaymentAt: at,
  });
  await settleOrder(tx, actor, updated);
  return updated;
}

/** A bank payment failed: the invoice is owed again as before. */
export async function failPendingPayment(tx: Executor, invoiceId: number) {
  const [row] = await repo.lockInvoices(tx, [invoiceId]);
  if (row?.status !== 'PAYMENT_PENDING') return;
  await repo.updateInvoice(tx, row.id, {
    status: row.amountPaid > 0 ? 'PARTIALLY_PAID' : 'PAYMENT_REQUESTED',
  });
}

export const invoicesByIds = repo.listInvoicesByIds;

// ---------------------------------------------------------------------------------------------------
// Staff: price adjustments before invoicing, credit memos after

export const invoicedAdjustmentMessage =
  'This order is invoiced; issue a credit memo on its invoice instead.';

function adjustmentView(row: Awaited<ReturnType<typeof repo.listAdjustments>>[number]) {
  return {
    id: row.id,
    orderId: row.orderId,
    amount: row.amount,
    reason: row.reason,
    invoiced: row.invoiceId !== null,
    createdAt: row.createdAt.toISOString(),
    createdBy: null,
  };
}

export async function listPriceAdjustments(tx: Executor, orderId: number) {
  await orders.findOrderState(tx, orderId);
  return (await repo.listAdjustments(tx, orderId)).map(adjustmentView);
}

export async function createPriceAdjustment(
  tx: Executor,
  caller: Caller,
  orderId: number,
  input: { amount: number; reason: string },
) {
  await orders.findOrderState(tx, orderId);
  if (await repo.findInvoiceOfOrder(tx, orderId)) {
    throw new AppError('unprocessable', invoicedAdjustmentMessage, { code: 'already_invoiced' });
  }
  const row = await repo.insertAdjustment(tx, {
    orderId,
    amount: input.amount,
    reason: input.reason,
    createdByUserId: caller.user.id,
  });
  return adjustmentView(row);
}

export async function deletePriceAdjustment(tx: Executor, id: number) {
  const row = await repo.findAdjustment(tx, id);
  if (!row) throw new AppError('not_found', 'Price adjustment not found');
  if (row.invoiceId !== null)
    throw new AppError('unprocessable', invoicedAdjustmentMessage, { code: 'already_invoiced' });
  await repo.deleteAdjustment(tx, id);
}

export const creditAboveDueMessage = (due: number) =>
  `A credit memo cannot be more than the amount due (${formatMoney(due)}).`;

/** A credit memo (own number) reduces what is due; at zero the invoice is paid and the order Paid. */
export async function createCreditMemo(
  tx: Executor,
  caller: Caller,
  invoiceId: number,
  input: { amount: number; reason: string },
  today: string,
) {
  const [row] = await repo.lockInvoices(tx, [invoiceId]);
  if (!row) throw new AppError('not_found', invoiceNotFoundMessage);
  if (input.amount > row.amountDue) {
    throw new AppError('unprocessable', creditAboveDueMessage(row.amountDue), {
      code: 'credit_above_due',
      fields: { amount: creditAboveDueMessage(row.amountDue) },
    });
  }
  const creditedAmount = row.creditedAmount + input.amount;
  const amountDue = row.total - row.amountPaid - creditedAmount;
  const status = move(row, 'credit', { amountDue, amountPaid: row.amountPaid + creditedAmount });
  const memo = await repo.insertCreditMemo(tx, {
    memoNumber: await repo.nextCreditMemoNumber(tx),
    invoiceId,
    amount: input.amount,
    reason: input.reason,
    createdByUserId: caller.user.id,
  });
  const updated = await repo.updateInvoice(tx, row.id, {
    creditedAmount,
    amountDue: Math.max(0, amountDue),
    status,
  });
  await settleOrder(tx, actorOf(caller), updated);
  return {
    id: memo.id,
    memoNumber: memo.memoNumber,
    invoiceId,
    amount: memo.amount,
    reason: memo.reason,
    createdAt: memo.createdAt.toISOString(),
    invoice: invoiceView(updated, today),
  };
}
