import { describe, expect, it } from 'vitest';
import { type OrderMailContext, orderEmail, orderEventNotice } from './order-emails.service';

// The order e-mail's words, from an order event's name and payload (what the notification delivery
// hands over), without a database.
const context = {
  order: {
    id: 42,
    orderNumber: 'Q-100014-2',
    name: 'Job site A',
    fulfillment: 'delivery',
    requestedOn: '2025-12-01',
    fulfilledOn: null,
    shippingNotes: null,
    taxAmount: 0,
    shippingAmount: 7_500,
    shippingMode: 'supplier_ship',
    state: 'needs_supplier_review',
    version: 3,
    buyerToSupplierNotes: 'Gate code 1234',
  },
  branchName: 'Hendersonville',
  buyerOrganizationName: 'Fernwood Landscapes',
  buyerFullName: 'Dana Reyes',
  lines: [
    {
      primaryName: 'Acer rubrum',
      size: '#3',
      quantity: 4,
      unit: 'each',
      buyerPrice: 3_000,
      supplierPrice: 2_800,
      buyerTotal: 12_000,
      supplierTotal: 11_200,
      bookPrice: 3_000,
    },
  ],
  proposals: [
    {
      id: 7,
      bailiwick: 'fulfillment_date',
      proposedBySide: 'buyer',
      decisionComment: 'Tuesday works',
      proposal: { current: '2025-12-01', proposed: '2025-12-03', reason: null, comment: 'Rain on Monday' },
    },
  ],
} as unknown as OrderMailContext;

const links = {
  appUrl: 'http://hedgerow.test',
  unsubscribe: {
    link: 'http://hedgerow.test/notifications/unsubscribe/tok',
    category: 'Order Communications',
  },
};

describe('order e-mails from order events', () => {
  it("tells the supplier's contacts of a new order with its lines, notes and supplier amounts", () => {
    const notice = orderEventNotice(context, { name: 'new_order_received', payload: {} }, 'supplier');
    const mail = orderEmail(context, notice!, { firstName: null, party: 'supplier' }, links);
    expect(mail.subject).toBe('New order Q-100014-2 for Hendersonville from Fernwood Landscapes');
    expect(mail.text).toContain('Hello,\n');
    expect(mail.text).toContain('- 4 ea Acer rubrum, #3');
    expect(mail.text).toContain('Notes from the buyer:\nGate code 1234');
    // The supplier's block: its own prices (4 × $28.00) and the shipping.
    expect(mail.text).toContain('Subtotal: $112.00');
    expect(mail.text).toContain('Total: $187.00');
    expect(mail.text).toContain('Unsubscribe: http://hedgerow.test/notifications/unsubscribe/tok');
    expect(mail.html).toContain('Unsubscribe</a>');
  });

  it('names who decided a proposal, with their comment, and the new version', () => {
    const accepted = orderEventNotice(
      context,
      { name: 'accept_proposal', payload: { proposalId: 7, version: 3 } },
      'buyer',
    );
    expect(accepted).toMatchObject({
      headline: 'change accepted by Hendersonville',
      lines: ['Hendersonville accepted your proposed change; the order is now version 3.'],
      comment: 'Tuesday works',
    });
    const proposed = orderEventNotice(
      context,
      { name: 'buyer_propose_changes', payload: { proposalIds: [7] } },
      'supplier',
    );
    expect(proposed?.lines).toEqual([
      'Fernwood Landscapes proposes another date for this order. Please review it:',
      '- Date: Dec 1, 2025 → Dec 3, 2025',
    ]);
    expect(proposed?.comment).toBe('Rain on Monday');
  });

  it('words staff moves, swaps for each side (the one left too), removals and fulfilment', () => {
    expect(
      orderEventNotice(context, { name: 'cancel', payload: { staff: true, reason: 'Site closed' } }, 'buyer'),
    ).toMatchObject({
      headline: 'cancelled by Hedgerow',
      lines: ['Hedgerow cancelled this order. Reason: Site closed'],
    });
    const swap = {
      name: 'swap_supplier',
      payload: { staff: true, supplierNote: 'Call first', updatePricing: true },
    };
    expect(orderEventNotice(context, swap, 'former_supplier')?.lines).toEqual([
      'Hedgerow moved this order to another supplier. You no longer need to fill it.',
    ]);
    expect(orderEventNotice(context, swap, 'supplier')).toMatchObject({ comment: 'Call first' });
    expect(orderEventNotice(context, swap, 'buyer')?.lines).toEqual([
      'Hedgerow moved this order to Hendersonville.',
      'Its prices now follow that supplier’s prices.',
    ]);
    expect(
      orderEventNotice(
        context,
        {
          name: 'item_removed',
          payload: { version: 3, item: { primaryName: 'Mulch', size: null, quantity: 2 } },
        },
        'supplier',
      )?.lines,
    ).toEqual(['Fernwood Landscapes removed 2 × Mulch from this order. Please answer version 3.']);
    expect(
      orderEventNotice(context, { name: 'fulfill', payload: { fulfilledOn: '2025-12-02' } }, 'buyer')?.lines,
    ).toEqual(['Hendersonville marked this order fulfilled on Dec 2, 2025.']);
    // Events without an order e-mail of their own keep the generic notification e-mail.
    expect(orderEventNotice(context, { name: 'send_purchase_order', payload: {} }, 'supplier')).toBeNull();
  });
});
