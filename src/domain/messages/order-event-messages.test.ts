import { describe, expect, it } from 'vitest';
import { noticeOfOrderEvent } from './order-event-messages';

describe('which order events become messages', () => {
  it('the answers reach the buyer, the proposals the other side, rejections staff too', () => {
    expect(noticeOfOrderEvent('confirm', 'purchase_order_sent', 'supplier')).toEqual({
      type: 'order_confirmed',
      to: ['buyer'],
    });
    expect(noticeOfOrderEvent('propose_changes', 'purchase_order_sent', 'supplier')?.to).toEqual(['buyer']);
    expect(noticeOfOrderEvent('buyer_propose_changes', 'confirmed', 'buyer')?.to).toEqual(['supplier']);
    expect(noticeOfOrderEvent('accept_proposal', 'needs_buyer_review', 'buyer')?.to).toEqual(['supplier']);
    expect(noticeOfOrderEvent('reject', 'purchase_order_sent', 'supplier')?.to).toEqual(['buyer', 'staff']);
    expect(noticeOfOrderEvent('cancel', 'confirmed', 'staff')?.to).toEqual(['buyer', 'supplier']);
  });

  it('submission and the first purchase order are told by the cart; invoicing is not a message', () => {
    expect(noticeOfOrderEvent('submit', 'draft', 'buyer')).toBeNull();
    expect(noticeOfOrderEvent('send_purchase_order', 'submitted', 'buyer')).toBeNull();
    expect(noticeOfOrderEvent('send_purchase_order', 'needs_review', 'staff')?.type).toBe('order_sent');
    expect(noticeOfOrderEvent('invoice', 'fulfilled', 'staff')).toBeNull();
    expect(noticeOfOrderEvent('purchase_order_resent', 'purchase_order_sent', 'staff')).toEqual({
      type: 'order_sent',
      to: ['supplier'],
    });
    expect(noticeOfOrderEvent('something_new', 'confirmed', 'buyer')).toEqual({
      type: 'order_updated',
      to: ['supplier'],
    });
  });

  it('an order held for payment information tells the buyer, and reaches its supplier as new when released', () => {
    expect(noticeOfOrderEvent('needs_payment_info', 'submitted', 'staff')).toEqual({
      type: 'missing_payment_method',
      to: ['buyer'],
    });
    expect(noticeOfOrderEvent('send_purchase_order', 'needs_payment_info', 'buyer')).toEqual({
      type: 'new_order_received',
      to: ['supplier'],
    });
  });
});
