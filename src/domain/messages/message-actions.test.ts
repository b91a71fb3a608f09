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

  it('a freight request: Create Freight Estimate for staff until answered, then a disabled Freight Estimate Added', () => {
    const freight = { messageType: 'freight_quote_request' as const, order: null, hasCart: true };
    const open = { id: 7, respondedAt: null, canAnswer: true };
    expect(labels({ ...freight, request: open })).toEqual(['Create Freight Estimate', 'View Cart']);
    expect(messageActions({ ...base, ...freight, request: open })[0].resourceId).toBe(7);
    expect(labels({ ...freight, request: { ...open, respondedAt: new Date() } })).toEqual([
      'Freight Estimate Added (off)',
      'View Cart',
    ]);
    expect(labels({ ...freight, request: { ...open, canAnswer: false } })).toEqual(['View Cart']);
  });

  it('a photo request: Add Photos for the branch, Photos Added once answered; the reply: Undo for its sender, the cart adder for the asker', () => {
    const request = { id: 3, respondedAt: null, canAnswer: true };
    expect(labels({ messageType: 'photo_request', order: null, request })).toEqual(['Add Photos']);
    expect(
      labels({ messageType: 'photo_request', order: null, request: { ...request, respondedAt: new Date() } }),
    ).toEqual(['Photos Added (off)']);
    expect(
      labels({ messageType: 'photo_request', order: null, request: { ...request, canAnswer: false } }),
    ).toEqual([]);
    const answered = { ...request, respondedAt: new Date() };
    expect(
      labels({ messageType: 'photo_request_response', order: null, request: { ...answered, canUndo: true } }),
    ).toEqual(['Photos Sent (off)', 'Undo']);
    expect(labels({ messageType: 'photo_request_response', order: null, request: answered })).toEqual([
      'Photos Sent (off)',
    ]);
    expect(
      labels({
        messageType: 'photo_request_response',
        order: null,
        request: { ...answered, canAnswer: false, requester: true },
      }),
    ).toEqual(['Add to Cart']);
  });
});
