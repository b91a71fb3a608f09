import { describe, expect, it } from 'vitest';
import { productName } from '../brand';
import { orderTimeline, type TimelineEvent } from './order-timeline';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 5, 10, minute)).toISOString();
const event = (toState: string, minute: number, name = 'event'): TimelineEvent => ({
  name,
  toState,
  createdAt: at(minute),
});
const submittedEvents = [
  event('submitted', 0, 'submit'),
  event('purchase_order_sent', 1, 'send_purchase_order'),
];
const confirmedEvents = [...submittedEvents, event('confirmed', 5, 'confirm')];

const pickup = { fulfillment: 'pickup' as const };
const delivery = { fulfillment: 'delivery' as const };
const summary = (steps: ReturnType<typeof orderTimeline>) =>
  steps.map((step) => `${step.key}:${step.status}`);

describe('orderTimeline for the buyer', () => {
  it('shows the whole path with the purchase order under review', () => {
    const steps = orderTimeline('buyer', { state: 'purchase_order_sent', ...delivery }, submittedEvents);
    expect(summary(steps)).toEqual([
      'submitted:done',
      'purchase_order_sent:current',
      'confirmed:upcoming',
      'fulfilled:upcoming',
      'invoiced:upcoming',
      'paid:upcoming',
    ]);
    expect(steps[0]).toMatchObject({ label: 'Submitted', at: at(0) });
    expect(steps[1].at).toBe(at(1));
    expect(steps[2].at).toBeNull();
    expect(steps[3].label).toBe('Delivered');
  });

  it('takes each step time from the latest event that reached it', () => {
    const events = [
      ...confirmedEvents,
      event('needs_buyer_review', 7),
      event('confirmed', 9, 'accept_proposal'),
    ];
    const steps = orderTimeline('buyer', { state: 'confirmed', ...pickup }, events);
    expect(steps.find((step) => step.key === 'confirmed')?.at).toBe(at(9));
    expect(steps.some((step) => step.key === 'needs_buyer_review')).toBe(false);
  });

  it('reads Confirmed (Freight Pending) and words pickup and delivery', () => {
    const pending = orderTimeline(
      'buyer',
      { state: 'confirmed', ...delivery, freightPending: true },
      confirmedEvents,
    );
    expect(pending[2]).toMatchObject({
      key: 'confirmed',
      label: 'Confirmed (Freight Pending)',
      status: 'current',
    });
    const ready = orderTimeline('buyer', { state: 'waiting_for_fulfillment', ...pickup }, confirmedEvents);
    expect(ready[2]).toMatchObject({ label: 'Ready for pickup', status: 'current' });
    expect(ready[3].label).toBe('Picked up');
    expect(orderTimeline('buyer', { state: 'waiting_for_fulfillment', ...delivery }, [])[3].label).toBe(
      'Delivered',
    );
  });

  it('shows to_invoice as fulfilled and paid as the finished end', () => {
    expect(
      summary(orderTimeline('buyer', { state: 'to_invoice', ...pickup }, confirmedEvents)).slice(3),
    ).toEqual(['fulfilled:current', 'invoiced:upcoming', 'paid:upcoming']);
    const paid = orderTimeline('buyer', { state: 'paid', ...pickup }, [
      ...confirmedEvents,
      event('paid', 30),
    ]);
    expect(paid.every((step) => step.status === 'done')).toBe(true);
    expect(paid.at(-1)).toMatchObject({ key: 'paid', at: at(30) });
  });

  it('shows a proposal review step only while it is the current state', () => {
    const before = orderTimeline('buyer', { state: 'needs_buyer_review', ...delivery }, [
      ...submittedEvents,
      event('needs_buyer_review', 3),
    ]);
    expect(summary(before).slice(0, 4)).toEqual([
      'submitted:done',
      'purchase_order_sent:done',
      'needs_buyer_review:current',
      'confirmed:upcoming',
    ]);
    expect(before[2]).toMatchObject({ label: 'Review proposed changes', at: at(3) });
    const after = orderTimeline('buyer', { state: 'needs_supplier_review', ...delivery }, [
      ...confirmedEvents,
      event('needs_supplier_review', 8),
    ]);
    expect(summary(after).slice(2, 5)).toEqual([
      'confirmed:done',
      'needs_supplier_review:current',
      'fulfilled:upcoming',
    ]);
  });

  it('shows one Supplier reviewing step after a buyer date proposal on an unanswered order', () => {
    const steps = orderTimeline('buyer', { state: 'needs_supplier_review', ...delivery }, [
      ...submittedEvents,
      event('needs_supplier_review', 3, 'buyer_propose_changes'),
    ]);
    expect(summary(steps)).toEqual([
      'submitted:done',
      'needs_supplier_review:current',
      'confirmed:upcoming',
      'fulfilled:upcoming',
      'invoiced:upcoming',
      'paid:upcoming',
    ]);
    expect(steps.filter((step) => /review/i.test(step.label))).toHaveLength(1);
    expect(steps.map((step) => step.label)).not.toContain('Sent to supplier');
    expect(steps[1]).toMatchObject({ label: 'Supplier reviewing', at: at(3) });
    // Each step is its own state: no key twice (the page keys its steps by them).
    expect(new Set(steps.map((step) => step.key)).size).toBe(steps.length);
  });

  it('shows one Supplier reviewing step when accepted changes go back to the supplier', () => {
    const steps = orderTimeline('buyer', { state: 'needs_supplier_review', ...delivery }, [
      ...submittedEvents,
      event('needs_buyer_review', 3, 'propose_changes'),
      event('needs_supplier_review', 6, 'accept_proposal_for_delivery'),
    ]);
    expect(summary(steps).slice(0, 3)).toEqual([
      'submitted:done',
      'needs_supplier_review:current',
      'confirmed:upcoming',
    ]);
  });

  it.each([
    ['needs_review', `${productName} is reviewing this order before it goes to the supplier`],
    ['rejected', `The supplier needs a change; ${productName} will contact you`],
    ['needs_payment_info', 'Contact support to add payment information'],
    ['cancelled', 'This order was cancelled'],
  ])('shows %s as one flagged step in place of the rest of the path', (state, description) => {
    const steps = orderTimeline('buyer', { state, ...pickup }, [...submittedEvents, event(state, 4)]);
    expect(summary(steps)).toEqual(['submitted:done', 'purchase_order_sent:done', `${state}:flagged`]);
    expect(steps[2]).toMatchObject({ description, at: at(4) });
  });

  it('keeps the steps reached before a cancellation of a confirmed order', () => {
    const steps = orderTimeline('buyer', { state: 'cancelled', ...pickup }, [
      ...confirmedEvents,
      event('cancelled', 9),
    ]);
    expect(summary(steps)).toEqual([
      'submitted:done',
      'purchase_order_sent:done',
      'confirmed:done',
      'cancelled:flagged',
    ]);
  });
});

describe('orderTimeline for the supplier', () => {
  it('stops at fulfilled and leaves draft out', () => {
    const steps = orderTimeline('supplier', { state: 'purchase_order_sent', ...pickup }, submittedEvents);
    expect(summary(steps)).toEqual([
      'submitted:done',
      'purchase_order_sent:current',
      'confirmed:upcoming',
      'fulfilled:upcoming',
    ]);
    expect(steps[1].label).toBe('Purchase order received');
    expect(steps.some((step) => step.key === ('draft' as string))).toBe(false);
  });

  it.each(['fulfilled', 'to_invoice', 'invoiced', 'paid'])('shows %s as fulfilled and finished', (state) => {
    const steps = orderTimeline('supplier', { state, ...delivery }, [...confirmedEvents, event(state, 20)]);
    expect(summary(steps)).toEqual([
      'submitted:done',
      'purchase_order_sent:done',
      'confirmed:done',
      'fulfilled:done',
    ]);
    expect(steps[3].label).toBe('Delivered');
  });

  it('never shows freight pending wording to the supplier', () => {
    const steps = orderTimeline(
      'supplier',
      { state: 'confirmed', ...delivery, freightPending: true },
      confirmedEvents,
    );
    expect(steps[2]).toMatchObject({ label: 'Confirmed', status: 'current' });
  });

  it('shows a proposal it must review as the current step', () => {
    const steps = orderTimeline('supplier', { state: 'needs_supplier_review', ...delivery }, [
      ...confirmedEvents,
      event('needs_supplier_review', 8),
    ]);
    expect(summary(steps)).toEqual([
      'submitted:done',
      'purchase_order_sent:done',
      'confirmed:done',
      'needs_supplier_review:current',
      'fulfilled:upcoming',
    ]);
  });

  it.each(['needs_review', 'rejected', 'needs_payment_info', 'cancelled'])('flags %s', (state) => {
    const steps = orderTimeline('supplier', { state, ...pickup }, [...submittedEvents, event(state, 4)]);
    expect(summary(steps)).toEqual(['submitted:done', 'purchase_order_sent:done', `${state}:flagged`]);
    expect(steps[2].description).not.toContain('Contact support');
  });
});
