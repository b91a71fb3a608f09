/**
 * Invoice states (spec part 3 §4.6) as an explicit state machine, their labels, and the money rules
 * of paying (§5, §9): amounts in integer cents, the 3% card service fee.
 */

export const invoiceStatuses = ['PAYMENT_REQUESTED', 'PAYMENT_PENDING', 'PARTIALLY_PAID', 'PAID'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

/** Statuses listed under the open tab (everything not paid) and the paid tab. */
export const openInvoiceStatuses: readonly InvoiceStatus[] = [
  'PAYMENT_REQUESTED',
  'PAYMENT_PENDING',
  'PARTIALLY_PAID',
];

/** Statuses a payment may be made against (PAYMENT_PENDING is being settled; PAID is done). */
export const payableInvoiceStatuses: readonly InvoiceStatus[] = ['PAYMENT_REQUESTED', 'PARTIALLY_PAID'];

export const invoiceStatusLabels: Record<InvoiceStatus, string> = {
  PAYMENT_REQUESTED: 'Payment Requested',
  PAYMENT_PENDING: 'Payment Processing',
  PARTIALLY_PAID: 'Payment Requested',
  PAID: 'Paid',
};
export const partiallyPaidText = '(Partially paid)';
export const pastDueLabel = 'Past Due';

/** What happens to an invoice, and from which statuses it may happen. */
export const invoiceEvents = {
  // A card payment (or a settled bank payment) leaves it paid or partly paid.
  record_payment: { from: ['PAYMENT_REQUESTED', 'PARTIALLY_PAID', 'PAYMENT_PENDING'] },
  // A bank payment waits for the provider to settle it.
  start_pending_payment: { from: ['PAYMENT_REQUESTED', 'PARTIALLY_PAID'] },
  // A bank payment the provider failed: back to what is still owed.
  fail_pending_payment: { from: ['PAYMENT_PENDING'] },
  credit: { from: ['PAYMENT_REQUESTED', 'PARTIALLY_PAID', 'PAYMENT_PENDING'] },
} as const satisfies Record<string, { from: readonly InvoiceStatus[] }>;
export type InvoiceEvent = keyof typeof invoiceEvents;

export class InvoiceTransitionError extends Error {
  constructor(
    readonly event: InvoiceEvent,
    readonly status: InvoiceStatus,
  ) {
    super(
      status === 'PAID'
        ? 'This invoice is already paid.'
        : status === 'PAYMENT_PENDING'
          ? 'A payment for this invoice is still processing.'
          : `This invoice cannot be changed while it is ${invoiceStatusLabels[status]}.`,
    );
  }
}

/**
 * The status after an event, from what is still owed: nothing owed is PAID; a pending bank payment is
 * PAYMENT_PENDING; otherwise PARTIALLY_PAID once anything was paid or credited, else PAYMENT_REQUESTED.
 */
export function transitionInvoice(
  status: InvoiceStatus,
  event: InvoiceEvent,
  after: { amountDue: number; amountPaid: number; pending?: boolean },
): InvoiceStatus {
  const allowed: readonly InvoiceStatus[] = invoiceEvents[event].from;
  if (!allowed.includes(status)) throw new InvoiceTransitionError(event, status);
  if (event === 'start_pending_payment') return 'PAYMENT_PENDING';
  if (status === 'PAYMENT_PENDING' && event === 'credit') return after.amountDue <= 0 ? 'PAID' : status;
  if (after.pending) return 'PAYMENT_PENDING';
  if (after.amountDue <= 0) return 'PAID';
  return after.amountPaid > 0 ? 'PARTIALLY_PAID' : 'PAYMENT_REQUESTED';
}

/** An unpaid invoice whose due date (YYYY-MM-DD) is before today. */
export const isPastDue = (invoice: { status: InvoiceStatus; dueDate: string }, today: string) =>
  invoice.status !== 'PAID' && invoice.dueDate < today;

/** The label a buyer sees: the status label, '(Partially paid)' after it, 'Past Due' when late. */
export function invoiceLabel(invoice: { status: InvoiceStatus; dueDate: string }, today: string) {
  return {
    label: invoiceStatusLabels[invoice.status],
    partiallyPaid: invoice.status === 'PARTIALLY_PAID',
    pastDue: isPastDue(invoice, today),
  };
}

/** Part 3 §9: the card service fee, 3%, rounded to the cent. */
export const cardFeeBasisPoints = 300;
export const cardFeeOf = (amount: number) => Math.round((amount * cardFeeBasisPoints) / 10_000);
export const cardFeeLabel = 'Incl. CC Fee';
export const cardFeeNotice = '3% service fee applies to credit card transactions';

/** Part 3 §9: invoices are listed 20 per page. */
export const invoicePageSize = 20;

/** Terms: due on receipt unless staff grant trade credit (Net 30). */
export const tradeCreditTermsDays = 30;
export const termsLabel = (days: number) => (days <= 0 ? 'Due on receipt' : `Net ${days}`);

/** The day `days` after `day` (both YYYY-MM-DD, UTC calendar days). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
