import { describe, expect, it } from 'vitest';
import {
  buyerOrderLabel,
  canSwapParties,
  nextState,
  OrderTransitionError,
  orderEvents,
  orderStates,
  orderTransitions,
  supplierOrderLabel,
  swapRefusedMessage,
} from './order-states';

describe('nextState', () => {
  for (const event of orderEvents) {
    const { from, to } = orderTransitions[event];
    for (const state of orderStates) {
      if (from.includes(state)) {
        it(`${event} takes ${state} to ${to}`, () => expect(nextState(state, event)).toBe(to));
      } else {
        it(`${event} is refused from ${state}`, () => {
          expect(() => nextState(state, event)).toThrow(OrderTransitionError);
        });
      }
    }
  }

  it('names the state in the refusal', () => {
    expect(() => nextState('cancelled', 'confirm')).toThrow(
      'An order that is cancelled cannot be confirmed.',
    );
  });

  it('lets nothing leave a cancelled or paid order', () => {
    for (const event of orderEvents) {
      expect(orderTransitions[event].from).not.toContain('cancelled');
      expect(orderTransitions[event].from).not.toContain('paid');
    }
  });
});

describe('labels', () => {
  it.each([
    ['purchase_order_sent', 'Needs Response', 'orange'],
    ['waiting_for_fulfillment', 'Confirmed', 'violet'],
    ['to_invoice', 'Fulfilled', 'green'],
    ['invoiced', 'Fulfilled', 'green'],
    ['paid', 'Fulfilled', 'green'],
    ['needs_review', 'Hedgerow Reviewing', 'blue'],
    ['needs_buyer_review', 'Buyer Reviewing', 'blue'],
    ['needs_supplier_review', 'Needs Proposal Review', 'orange'],
    ['cancelled', 'Cancelled', 'red'],
    ['submitted', 'Submitted', 'cyan'],
  ] as const)('supplier sees %s as %s (%s)', (state, label, color) => {
    expect(supplierOrderLabel(state)).toEqual({ label, color });
  });

  it.each([
    ['to_invoice', 'Fulfilled', 'green'],
    ['waiting_for_fulfillment', 'Confirmed', 'violet'],
    ['purchase_order_sent', 'Supplier Reviewing', 'blue'],
    ['needs_buyer_review', 'Needs Proposal Review', 'orange'],
    ['needs_payment_info', 'Needs Payment Info', 'orange'],
    ['paid', 'Paid', 'green'],
  ] as const)('buyer sees %s as %s (%s)', (state, label, color) => {
    expect(buyerOrderLabel(state)).toEqual({ label, color });
  });

  it('shows pending freight on a confirmed order, and an invoiced order as paid once nothing is due', () => {
    expect(buyerOrderLabel('confirmed', { freightPending: true }).label).toBe('Confirmed (Freight Pending)');
    expect(buyerOrderLabel('invoiced', { amountDue: 0 }).label).toBe('Paid');
    expect(buyerOrderLabel('invoiced', { amountDue: 1200 }).label).toBe('Fulfilled');
  });
});

describe('swapping an order’s buyer or supplier', () => {
  it('is open until the goods leave and closed after fulfilment or when cancelled', () => {
    expect(canSwapParties('purchase_order_sent')).toBe(true);
    expect(canSwapParties('rejected')).toBe(true);
    expect(canSwapParties('needs_buyer_review')).toBe(true);
    for (const state of ['fulfilled', 'to_invoice', 'invoiced', 'paid', 'cancelled'] as const) {
      expect(canSwapParties(state)).toBe(false);
    }
    expect(swapRefusedMessage('paid')).toBe('An order that is paid cannot change its buyer or supplier.');
  });
});
