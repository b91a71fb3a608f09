import { type OrderEvent, type OrderState, stateLabels } from '../../../../domain/orders/order-states';
import { formatMoney } from '../../../ui/money';

/** Each move in plain words, for the staff Select and the events table. */
export const moveLabels: Record<OrderEvent, string> = {
  submit: 'Submit',
  send_purchase_order: 'Send the purchase order to the supplier',
  staff_review: 'Hold for staff review',
  needs_payment_info: 'Hold for payment information',
  confirm: 'Confirm',
  propose_changes: 'Propose changes (supplier)',
  buyer_propose_changes: 'Propose changes (buyer)',
  accept_proposal: 'Accept the proposal',
  accept_proposal_for_delivery: 'Accept the proposal (delivery details next)',
  reject_proposal: 'Reject the proposal',
  reject: 'Reject the order',
  schedule_fulfillment: 'Schedule fulfilment',
  fulfill: 'Mark fulfilled',
  ready_to_invoice: 'Make ready to invoice',
  invoice: 'Mark invoiced',
  pay: 'Mark paid',
  cancel: 'Cancel the order',
};

/** A state's label, or the raw value for one the labels do not know; a dash for none. */
export const stateName = (state: string | null) =>
  state ? (stateLabels[state as OrderState] ?? state) : '—';
/** Cents as money, or a dash when there is no amount. */
export const moneyOrDash = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? '—' : formatMoney(cents);
