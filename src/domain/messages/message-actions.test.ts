import { describe, expect, it } from 'vitest';
import { type ActionContext, messageActions } from './message-actions';

const base: ActionContext = {
  messageType: 'new_order_received',
  version: 1,
  received: true,
  supplier: true,
  order: { state: 'purchase_order_sent', version: 1 },
  respondedAt: null,
  hasCart: false,
};
const labels = (context: Partial<ActionContext>) =>
  messageActions({ ...base, ...context }).map(
    (action) => `${action.label}${action.disabled ? ' (off)' : ''}`,
  );

describe('message actions', () => {
  it('a purchase order: Respond to Order, then Responded, then View Order once a newer version exists', () => {
    expect(labels({})).toEqual(['Respond to Order']);
    expect(labels({ respondedAt: new Date(), order: { state: 'confirmed', version: 1 } })).toEqual([
      'Responded (off)',
    ]);
    expect(labels({ order: { state: 'confirmed', version: 2 } })).toEqual(['View Order']);
    expect(labels({ supplier: false, received: false })).toEqual(['View Order']);
  });

  it('a change proposal: Review Changes while the order waits at that version, otherwise Responded', () => {
    const proposal = { messageType: 'supplier_requested_changes' as const, supplier: false };
    expect(labels({ ...proposal, order: { state: 'needs_buyer_review', version: 1 } })).toEqual([
      'Review Changes',
    ]);
    expect(labels({ ...proposal, order: { state: 'confirmed', version: 1 } })).toEqual(['Responded (off)']);
    expect(labels({ ...proposal, order: { state: 'needs_buyer_review', version: 2 } })).toEqual([
      'Responded (off)',
    ]);
    expect(labels({ ...proposal, received: false })).toEqual(['View Order']);
  });

  it('free text has no action; cart messages lead to the cart', () => {
    expect(labels({ messageType: 'free_text_message' })).toEqual([]);
    expect(labels({ messageType: 'cart_submitted', order: null, hasCart: true })).toEqual(['View Cart']);
  });
});
