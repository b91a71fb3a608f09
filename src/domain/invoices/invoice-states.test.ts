import { describe, expect, it } from 'vitest';
import {
  addDays,
  cardFeeOf,
  InvoiceTransitionError,
  invoiceLabel,
  termsLabel,
  transitionInvoice,
} from './invoice-states';

describe('invoice states (part 3 §4.6)', () => {
  it('a payment leaves PAID when nothing is due, PARTIALLY_PAID when some is', () => {
    expect(transitionInvoice('PAYMENT_REQUESTED', 'record_payment', { amountDue: 0, amountPaid: 500 })).toBe(
      'PAID',
    );
    expect(transitionInvoice('PAYMENT_REQUESTED', 'record_payment', { amountDue: 10, amountPaid: 490 })).toBe(
      'PARTIALLY_PAID',
    );
    expect(
      transitionInvoice('PARTIALLY_PAID', 'start_pending_payment', { amountDue: 10, amountPaid: 490 }),
    ).toBe('PAYMENT_PENDING');
    expect(transitionInvoice('PAYMENT_PENDING', 'record_payment', { amountDue: 0, amountPaid: 500 })).toBe(
      'PAID',
    );
  });

  it('refuses paying a paid invoice and starting a second pending payment', () => {
    expect(() => transitionInvoice('PAID', 'record_payment', { amountDue: 0, amountPaid: 1 })).toThrow(
      InvoiceTransitionError,
    );
    expect(() =>
      transitionInvoice('PAYMENT_PENDING', 'start_pending_payment', { amountDue: 5, amountPaid: 0 }),
    ).toThrow('A payment for this invoice is still processing.');
  });

  it("labels: 'Payment Requested' with '(Partially paid)', 'Payment Processing', 'Past Due' after the due date", () => {
    expect(invoiceLabel({ status: 'PARTIALLY_PAID', dueDate: '2026-03-01' }, '2026-03-02')).toEqual({
      label: 'Payment Requested',
      partiallyPaid: true,
      pastDue: true,
    });
    expect(invoiceLabel({ status: 'PAYMENT_PENDING', dueDate: '2026-03-02' }, '2026-03-02')).toMatchObject({
      label: 'Payment Processing',
      pastDue: false,
    });
    expect(invoiceLabel({ status: 'PAID', dueDate: '2026-01-01' }, '2026-03-02').pastDue).toBe(false);
  });

  it('the card fee is 3% rounded to the cent; terms and due dates', () => {
    expect(cardFeeOf(10_000)).toBe(300);
    expect(cardFeeOf(1_017)).toBe(31);
    expect(termsLabel(0)).toBe('Due on receipt');
    expect(termsLabel(30)).toBe('Net 30');
    expect(addDays('2026-01-31', 30)).toBe('2026-03-02');
  });
});
