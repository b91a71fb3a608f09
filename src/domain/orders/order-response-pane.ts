import { productName } from '../brand';
import type { RespondedWith } from './order-responses';
import type { OrderState } from './order-states';

/**
 * The supplier's purchase-order response pane (spec part 3 §2.2) as the buyer, the supplier or staff
 * read it on the order page: 'rejected' (under review), 'confirmed', 'issues reported', or, with no
 * answer yet, 'being worked on' when the order is not synced. One pure choice so every page words it
 * the same way; null when there is nothing to show (the supplier has not been sent the order, or it
 * was cancelled without an answer).
 */

export type ResponsePaneKey = 'rejected' | 'confirmed' | 'issues_reported' | 'being_worked_on';
export type ResponsePane = { key: ResponsePaneKey; label: string; color: string; text: string };

export type ResponsePaneInput = {
  state: OrderState;
  audience: 'buyer' | 'supplier' | 'admin';
  /** The supplier's answer to the order's current version, or null. */
  currentResponse: { respondedWith: RespondedWith } | null;
  /**
   * The order was handed to the supplier's own system, which answers there. Hedgerow has no such
   * integration yet (docs/decisions.md), so this is false; the pane then shows nothing instead of
   * 'being worked on'.
   */
  synced?: boolean;
};

/** States in which the supplier has agreed to the order as it stands (by answer or accepted change). */
const agreedStates: readonly OrderState[] = [
  'confirmed',
  'waiting_for_fulfillment',
  'fulfilled',
  'to_invoice',
  'invoiced',
  'paid',
];
/** States in which the supplier has the order and owes an answer. */
const awaitingStates: readonly OrderState[] = ['purchase_order_sent', 'needs_supplier_review'];

/** The spec's supplier copy ('Your feedback has been sent to the buyer.') and the buyer's wording. */
const copy: Record<ResponsePaneKey, { label: string; color: string; supplier: string; buyer: string }> = {
  rejected: {
    label: 'Rejected (under review)',
    color: 'red',
    supplier: 'This order is under review.',
    buyer: `The supplier needs a change before it can fill this order; ${productName} will contact you.`,
  },
  confirmed: {
    label: 'Confirmed',
    color: 'violet',
    supplier: 'Your feedback has been sent to the buyer.',
    buyer: 'The supplier confirmed this order.',
  },
  issues_reported: {
    label: 'Issues reported',
    color: 'orange',
    supplier: 'Your feedback has been sent to the buyer.',
    buyer: 'The supplier reported issues and proposes changes; review them below.',
  },
  being_worked_on: {
    label: 'Being worked on',
    color: 'blue',
    supplier: 'This order waits for your answer.',
    buyer: 'The supplier is working on this order and has not answered yet.',
  },
};

function paneKey({ state, currentResponse, synced = false }: ResponsePaneInput): ResponsePaneKey | null {
  if (currentResponse) {
    switch (currentResponse.respondedWith) {
      case 'reject_order':
        return 'rejected';
      case 'changes_requested':
        return 'issues_reported';
      default:
        return 'confirmed';
    }
  }
  // No answer to this version: an accepted change confirmed it, staff hold a rejection, or the
  // supplier still has to answer (a buyer's date change, delivery details after accepted changes).
  if (state === 'rejected') return 'rejected';
  if (agreedStates.includes(state)) return 'confirmed';
  if (state === 'needs_buyer_review') return 'issues_reported';
  if (awaitingStates.includes(state)) return synced ? null : 'being_worked_on';
  return null;
}

/** The pane for one viewer, or null when it has nothing to say. Staff read the buyer's wording. */
export function responsePane(input: ResponsePaneInput): ResponsePane | null {
  const key = paneKey(input);
  if (!key) return null;
  const entry = copy[key];
  return {
    key,
    label: entry.label,
    color: entry.color,
    text: input.audience === 'supplier' ? entry.supplier : entry.buyer,
  };
}
