import { z } from 'zod';
import { productName } from '../brand';

/** The 15 order states (spec part 3 §4.1). */
export const orderStates = [
  'draft',
  'submitted',
  'purchase_order_sent',
  'confirmed',
  'waiting_for_fulfillment',
  'fulfilled',
  'to_invoice',
  'invoiced',
  'paid',
  'rejected',
  'cancelled',
  'needs_review',
  'needs_payment_info',
  'needs_buyer_review',
  'needs_supplier_review',
] as const;
export type OrderState = (typeof orderStates)[number];

/** What makes an order move (spec part 3 §4.4 and the list). */
export const orderEvents = [
  'submit',
  'send_purchase_order',
  'staff_review',
  'needs_payment_info',
  'confirm',
  'propose_changes',
  'buyer_propose_changes',
  'accept_proposal',
  'accept_proposal_for_delivery',
  'reject_proposal',
  'reject',
  'schedule_fulfillment',
  'fulfill',
  'ready_to_invoice',
  'invoice',
  'pay',
  'cancel',
] as const;
export type OrderEvent = (typeof orderEvents)[number];

/**
 * Every allowed move: from which states an event may fire, and where it leads. Anything not here is
 * refused. Reading it top to bottom is the order's life: submitted, sent to the supplier as a purchase
 * order, answered (confirmed, changes proposed, or rejected), fulfilled, invoiced, paid; staff can
 * hold an order for review or for payment information, and an open order can be cancelled.
 *
 * - A proposal by the supplier waits for the buyer (needs_buyer_review); one by the buyer (a date
 *   change) waits for the supplier (needs_supplier_review). The other side accepts or rejects it.
 * - Accepted changes on a delivery order go back to the supplier to add delivery details
 *   (accept_proposal_for_delivery → needs_supplier_review); on a pickup order they confirm it.
 * - A rejected proposal goes to staff (needs_review), who contact both sides.
 */
export const orderTransitions: Record<OrderEvent, { from: readonly OrderState[]; to: OrderState }> = {
  submit: { from: ['draft'], to: 'submitted' },
  send_purchase_order: {
    from: ['submitted', 'needs_review', 'needs_payment_info', 'rejected'],
    to: 'purchase_order_sent',
  },
  staff_review: {
    from: [
      'submitted',
      'purchase_order_sent',
      'confirmed',
      'needs_buyer_review',
      'needs_supplier_review',
      'rejected',
    ],
    to: 'needs_review',
  },
  needs_payment_info: {
    from: ['submitted', 'needs_review', 'purchase_order_sent'],
    to: 'needs_payment_info',
  },
  confirm: { from: ['purchase_order_sent', 'needs_supplier_review'], to: 'confirmed' },
  propose_changes: {
    from: ['purchase_order_sent', 'confirmed', 'needs_supplier_review', 'waiting_for_fulfillment'],
    to: 'needs_buyer_review',
  },
  buyer_propose_changes: {
    from: ['purchase_order_sent', 'confirmed', 'waiting_for_fulfillment'],
    to: 'needs_supplier_review',
  },
  accept_proposal: { from: ['needs_buyer_review', 'needs_supplier_review'], to: 'confirmed' },
  accept_proposal_for_delivery: { from: ['needs_buyer_review'], to: 'needs_supplier_review' },
  reject_proposal: { from: ['needs_buyer_review', 'needs_supplier_review'], to: 'needs_review' },
  reject: { from: ['purchase_order_sent', 'needs_supplier_review'], to: 'rejected' },
  schedule_fulfillment: { from: ['confirmed'], to: 'waiting_for_fulfillment' },
  fulfill: { from: ['confirmed', 'waiting_for_fulfillment'], to: 'fulfilled' },
  ready_to_invoice: { from: ['fulfilled'], to: 'to_invoice' },
  invoice: { from: ['fulfilled', 'to_invoice'], to: 'invoiced' },
  pay: { from: ['invoiced'], to: 'paid' },
  cancel: {
    from: [
      'draft',
      'submitted',
      'purchase_order_sent',
      'confirmed',
      'waiting_for_fulfillment',
      'rejected',
      'needs_review',
      'needs_payment_info',
      'needs_buyer_review',
      'needs_supplier_review',
    ],
    to: 'cancelled',
  },
};

export const terminalStates: readonly OrderState[] = ['cancelled', 'paid'];

export class OrderTransitionError extends Error {
  constructor(
    readonly event: OrderEvent,
    readonly state: OrderState,
  ) {
    super(`An order that is ${stateLabels[state]} cannot be ${eventPastTense[event]}.`);
  }
}

/** Where `event` takes an order in `state`; throws OrderTransitionError when the table does not allow it. */
export function nextState(state: OrderState, event: OrderEvent): OrderState {
  const transition = orderTransitions[event];
  if (!transition.from.includes(state)) throw new OrderTransitionError(event, state);
  return transition.to;
}

export const canTransition = (state: OrderState, event: OrderEvent) =>
  orderTransitions[event].from.includes(state);

/** Plain names of the states, for messages and staff screens. */
export const stateLabels: Record<OrderState, string> = {
  draft: 'a draft',
  submitted: 'submitted',
  purchase_order_sent: 'waiting for the supplier',
  confirmed: 'confirmed',
  waiting_for_fulfillment: 'waiting for fulfilment',
  fulfilled: 'fulfilled',
  to_invoice: 'to be invoiced',
  invoiced: 'invoiced',
  paid: 'paid',
  rejected: 'rejected',
  cancelled: 'cancelled',
  needs_review: `under ${productName} review`,
  needs_payment_info: 'waiting for payment information',
  needs_buyer_review: "waiting for the buyer's review",
  needs_supplier_review: "waiting for the supplier's review",
};

const eventPastTense: Record<OrderEvent, string> = {
  submit: 'submitted',
  send_purchase_order: 'sent to the supplier',
  staff_review: 'sent to review',
  needs_payment_info: 'held for payment information',
  confirm: 'confirmed',
  propose_changes: 'given proposed changes',
  buyer_propose_changes: 'given proposed changes',
  accept_proposal: 'accepted',
  accept_proposal_for_delivery: 'accepted',
  reject_proposal: 'rejected',
  reject: 'rejected',
  schedule_fulfillment: 'scheduled',
  fulfill: 'fulfilled',
  ready_to_invoice: 'made ready to invoice',
  invoice: 'invoiced',
  pay: 'paid',
  cancel: 'cancelled',
};

/** Badge colours (spec part 3 §4.2), as Mantine colour names. */
export const badgeColors = ['violet', 'green', 'blue', 'orange', 'red', 'cyan'] as const;
export type BadgeColor = (typeof badgeColors)[number];

/** A state as one side's screens name it, with its badge colour (spec part 3 §4.2). */
export const orderLabelSchema = z
  .object({ label: z.string(), color: z.enum(badgeColors) })
  .meta({ id: 'OrderLabel' });
export type OrderLabel = z.infer<typeof orderLabelSchema>;

const colorOf = (label: string): BadgeColor => {
  if (label.startsWith('Confirmed')) return 'violet';
  if (label === 'Fulfilled' || label === 'Paid') return 'green';
  if (label.endsWith('Reviewing')) return 'blue';
  if (
    [
      'Needs Payment Info',
      'Needs Response',
      'Needs Proposal Review',
      'Invoiced',
      'Partially Invoiced',
    ].includes(label)
  )
    return 'orange';
  if (label === 'Cancelled') return 'red';
  return 'cyan';
};

const reviewingLabel = `${productName} Reviewing`;

/**
 * What the supplier sees (spec part 3 §4.1–§4.2): waiting_for_fulfillment reads as confirmed;
 * to_invoice, invoiced and paid read as fulfilled (the supplier's work is done).
 */
export function supplierOrderLabel(state: OrderState): OrderLabel {
  const label = (() => {
    switch (state) {
      case 'draft':
        return 'Draft';
      case 'submitted':
        return 'Submitted';
      case 'purchase_order_sent':
        return 'Needs Response';
      case 'confirmed':
      case 'waiting_for_fulfillment':
        return 'Confirmed';
      case 'needs_review':
      case 'rejected':
        return reviewingLabel;
      case 'fulfilled':
      case 'to_invoice':
      case 'invoiced':
      case 'paid':
        return 'Fulfilled';
      case 'needs_buyer_review':
        return 'Buyer Reviewing';
      case 'needs_supplier_review':
        return 'Needs Proposal Review';
      case 'cancelled':
        return 'Cancelled';
      case 'needs_payment_info':
        return 'Needs Payment Info';
    }
  })();
  return { label, color: colorOf(label) };
}

/**
 * What the buyer sees: to_invoice reads as fulfilled and waiting_for_fulfillment as confirmed; an
 * invoiced order reads as paid when nothing is due, else fulfilled; a confirmed order whose freight is
 * not priced yet reads 'Confirmed (Freight Pending)'.
 */
export function buyerOrderLabel(
  state: OrderState,
  options: { freightPending?: boolean; amountDue?: number | null } = {},
): OrderLabel {
  const label = (() => {
    switch (state) {
      case 'draft':
      case 'submitted':
        return 'Submitted';
      case 'needs_payment_info':
        return 'Needs Payment Info';
      case 'needs_review':
      case 'rejected':
        return reviewingLabel;
      case 'confirmed':
      case 'waiting_for_fulfillment':
        return options.freightPending ? 'Confirmed (Freight Pending)' : 'Confirmed';
      case 'purchase_order_sent':
      case 'needs_supplier_review':
        return 'Supplier Reviewing';
      case 'fulfilled':
      case 'to_invoice':
        return 'Fulfilled';
      case 'invoiced':
        return options.amountDue !== undefined && options.amountDue !== null && options.amountDue <= 0
          ? 'Paid'
          : 'Fulfilled';
      case 'paid':
        return 'Paid';
      case 'cancelled':
        return 'Cancelled';
      case 'needs_buyer_review':
        return 'Needs Proposal Review';
    }
  })();
  return { label, color: colorOf(label) };
}

/** Orders a supplier must answer (the list's orderType=needs_response, supplier tab). */
export const supplierNeedsResponseStates: readonly OrderState[] = [
  'purchase_order_sent',
  'needs_supplier_review',
];
/** Orders a buyer must answer (buyer tab). */
export const buyerNeedsResponseStates: readonly OrderState[] = ['needs_buyer_review', 'needs_payment_info'];
/** Orders still under way (orderType=open): neither finished nor cancelled. */
export const openStates: readonly OrderState[] = orderStates.filter(
  (state) => !['fulfilled', 'to_invoice', 'invoiced', 'paid', 'cancelled', 'draft'].includes(state),
);

/**
 * States in which staff may still give an order another buyer or supplier: before the goods leave
 * (after fulfilment the order's documents and invoice name the parties that traded).
 */
export const partySwapStates: readonly OrderState[] = [
  'draft',
  'submitted',
  'purchase_order_sent',
  'confirmed',
  'waiting_for_fulfillment',
  'rejected',
  'needs_review',
  'needs_payment_info',
  'needs_buyer_review',
  'needs_supplier_review',
];

export const canSwapParties = (state: OrderState) => partySwapStates.includes(state);

/** Why staff cannot swap a party of an order in `state`. */
export const swapRefusedMessage = (state: OrderState) =>
  `An order that is ${stateLabels[state]} cannot change its buyer or supplier.`;
