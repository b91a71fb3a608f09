import { describe, expect, it } from 'vitest';
import { productName } from '../brand';
import { responsePane } from './order-response-pane';

const answer = (
  respondedWith: 'confirm_order' | 'confirm_with_shipping' | 'reject_order' | 'changes_requested',
) => ({
  respondedWith,
});

describe('responsePane', () => {
  it('reads the supplier’s answer to the current version', () => {
    expect(
      responsePane({ state: 'needs_review', audience: 'buyer', currentResponse: answer('reject_order') }),
    ).toMatchObject({
      key: 'rejected',
      label: 'Rejected (under review)',
      text: `The supplier needs a change before it can fill this order; ${productName} will contact you.`,
    });
    expect(
      responsePane({
        state: 'confirmed',
        audience: 'buyer',
        currentResponse: answer('confirm_with_shipping'),
      }),
    ).toMatchObject({ key: 'confirmed', label: 'Confirmed' });
    expect(
      responsePane({
        state: 'needs_buyer_review',
        audience: 'buyer',
        currentResponse: answer('changes_requested'),
      }),
    ).toMatchObject({ key: 'issues_reported', label: 'Issues reported' });
  });

  it('gives the supplier the spec’s copy', () => {
    expect(
      responsePane({ state: 'rejected', audience: 'supplier', currentResponse: answer('reject_order') })
        ?.text,
    ).toBe('This order is under review.');
    for (const respondedWith of ['confirm_order', 'changes_requested'] as const) {
      expect(
        responsePane({ state: 'confirmed', audience: 'supplier', currentResponse: answer(respondedWith) })
          ?.text,
      ).toBe('Your feedback has been sent to the buyer.');
    }
  });

  it('shows being worked on while the supplier has the order unanswered and it is not synced', () => {
    for (const state of ['purchase_order_sent', 'needs_supplier_review'] as const) {
      expect(responsePane({ state, audience: 'buyer', currentResponse: null })).toMatchObject({
        key: 'being_worked_on',
        label: 'Being worked on',
        text: 'The supplier is working on this order and has not answered yet.',
      });
      expect(responsePane({ state, audience: 'buyer', currentResponse: null, synced: true })).toBeNull();
    }
  });

  it('reads an order confirmed by an accepted change as confirmed, not as being worked on', () => {
    // Accepting a proposal makes a new version that has no answer of its own.
    for (const state of ['confirmed', 'waiting_for_fulfillment', 'fulfilled', 'paid'] as const) {
      expect(responsePane({ state, audience: 'buyer', currentResponse: null })?.key).toBe('confirmed');
    }
    expect(responsePane({ state: 'rejected', audience: 'admin', currentResponse: null })?.key).toBe(
      'rejected',
    );
    expect(responsePane({ state: 'needs_buyer_review', audience: 'buyer', currentResponse: null })?.key).toBe(
      'issues_reported',
    );
  });

  it('says nothing before the supplier has the order or after a cancellation without an answer', () => {
    for (const state of ['submitted', 'needs_review', 'needs_payment_info', 'cancelled'] as const) {
      expect(responsePane({ state, audience: 'buyer', currentResponse: null })).toBeNull();
    }
  });
});
