import { productName } from '../brand';
import type { OrderState } from './order-states';

/**
 * The order timeline (spec part 3 §2.1): the path an order takes as the buyer or the supplier sees it,
 * with what is done, where it is now and what is still to come. Deviations (rejected, cancelled, held
 * for review or for payment information) replace the rest of the path with one flagged step.
 */

export type TimelineAudience = 'buyer' | 'supplier';
export type TimelineStepStatus = 'done' | 'current' | 'upcoming' | 'flagged';

export type TimelineStep = {
  key: OrderState;
  label: string;
  description: string;
  status: TimelineStepStatus;
  /** When the order last reached this step (ISO), or null when it has not. */
  at: string | null;
};

export type TimelineOrder = {
  state: OrderState | string;
  fulfillment: 'pickup' | 'delivery';
  freightPending?: boolean;
};

export type TimelineEvent = { name: string; toState: string | null; createdAt: string };

type PathKey = 'submitted' | 'purchase_order_sent' | 'confirmed' | 'fulfilled' | 'invoiced' | 'paid';
type ReviewKey = 'needs_buyer_review' | 'needs_supplier_review';
type DeviationKey = 'rejected' | 'cancelled' | 'needs_review' | 'needs_payment_info';

const buyerPath: readonly PathKey[] = [
  'submitted',
  'purchase_order_sent',
  'confirmed',
  'fulfilled',
  'invoiced',
  'paid',
];
const supplierPath: readonly PathKey[] = ['submitted', 'purchase_order_sent', 'confirmed', 'fulfilled'];
const deviations: readonly string[] = ['rejected', 'cancelled', 'needs_review', 'needs_payment_info'];
const reviews: readonly string[] = ['needs_buyer_review', 'needs_supplier_review'];

/** The path step a state counts as for an audience (spec part 3 §4.1 mappings); null for the others. */
function pathStepOf(state: string, audience: TimelineAudience): PathKey | null {
  switch (state) {
    case 'submitted':
    case 'purchase_order_sent':
    case 'confirmed':
    case 'fulfilled':
      return state;
    case 'waiting_for_fulfillment':
      return 'confirmed';
    case 'to_invoice':
      return 'fulfilled';
    case 'invoiced':
    case 'paid':
      return audience === 'supplier' ? 'fulfilled' : state;
    default:
      return null;
  }
}

function pathLabel(key: PathKey, audience: TimelineAudience, order: TimelineOrder): string {
  const pickup = order.fulfillment === 'pickup';
  switch (key) {
    case 'submitted':
      return 'Submitted';
    case 'purchase_order_sent':
      return audience === 'buyer' ? 'Sent to supplier' : 'Purchase order received';
    case 'confirmed':
      if (order.state === 'waiting_for_fulfillment')
        return pickup ? 'Ready for pickup' : 'Scheduled for delivery';
      return audience === 'buyer' && order.freightPending ? 'Confirmed (Freight Pending)' : 'Confirmed';
    case 'fulfilled':
      return pickup ? 'Picked up' : 'Delivered';
    case 'invoiced':
      return 'Invoiced';
    case 'paid':
      return 'Paid';
  }
}

function pathDescription(key: PathKey, audience: TimelineAudience, order: TimelineOrder): string {
  const pickup = order.fulfillment === 'pickup';
  const buyer = audience === 'buyer';
  switch (key) {
    case 'submitted':
      return buyer ? 'You submitted the order.' : 'The buyer submitted the order.';
    case 'purchase_order_sent':
      return buyer
        ? 'The supplier is reviewing the purchase order.'
        : 'Confirm the order, propose changes or reject it.';
    case 'confirmed':
      if (buyer && order.freightPending)
        return 'The supplier confirmed the order; freight is still being priced.';
      if (pickup)
        return buyer ? 'The supplier confirmed the order for pickup.' : 'The order is confirmed for pickup.';
      return buyer
        ? 'The supplier confirmed the order for delivery.'
        : 'The order is confirmed for delivery.';
    case 'fulfilled':
      if (pickup) return buyer ? 'The order was picked up at the branch.' : 'The buyer picked up the order.';
      return buyer ? 'The supplier delivered the order.' : 'The order was delivered.';
    case 'invoiced':
      return 'The invoice for this order was sent.';
    case 'paid':
      return 'The invoice is paid.';
  }
}

const reviewText: Record<ReviewKey, Record<TimelineAudience, { label: string; description: string }>> = {
  needs_buyer_review: {
    buyer: {
      label: 'Review proposed changes',
      description: 'The supplier proposed changes; accept or reject them.',
    },
    supplier: { label: 'Buyer reviewing', description: 'The buyer is reviewing the changes you proposed.' },
  },
  needs_supplier_review: {
    buyer: {
      label: 'Supplier reviewing',
      description: 'The supplier is reviewing the order with the proposed changes.',
    },
    supplier: {
      label: 'Review proposed changes',
      description: 'Review the proposed changes, or add the delivery details.',
    },
  },
};

const deviationText: Record<
  DeviationKey,
  Record<TimelineAudience, { label: string; description: string }>
> = {
  needs_review: {
    buyer: {
      label: `${productName} reviewing`,
      description: `${productName} is reviewing this order before it goes to the supplier`,
    },
    supplier: { label: `${productName} reviewing`, description: `${productName} is reviewing this order` },
  },
  rejected: {
    buyer: {
      label: 'Change needed',
      description: `The supplier needs a change; ${productName} will contact you`,
    },
    supplier: {
      label: 'Change requested',
      description: `You asked for a change; ${productName} will contact the buyer`,
    },
  },
  needs_payment_info: {
    buyer: { label: 'Payment information needed', description: 'Contact support to add payment information' },
    supplier: {
      label: 'Payment information needed',
      description: `${productName} is waiting for the buyer's payment information`,
    },
  },
  cancelled: {
    buyer: { label: 'Cancelled', description: 'This order was cancelled' },
    supplier: { label: 'Cancelled', description: 'This order was cancelled' },
  },
};

/** The latest event (by time) that took the order to one of `states`. */
function latestAt(events: readonly TimelineEvent[], matches: (state: string) => boolean): string | null {
  let latest: string | null = null;
  for (const event of events) {
    if (event.toState === null || !matches(event.toState)) continue;
    if (latest === null || Date.parse(event.createdAt) >= Date.parse(latest)) latest = event.createdAt;
  }
  return latest;
}

export function orderTimeline(
  audience: TimelineAudience,
  order: TimelineOrder,
  events: readonly TimelineEvent[],
): TimelineStep[] {
  const path = audience === 'buyer' ? buyerPath : supplierPath;
  const state = order.state;
  const pathStep = (key: PathKey, status: TimelineStepStatus): TimelineStep => ({
    key,
    label: pathLabel(key, audience, order),
    description: pathDescription(key, audience, order),
    status,
    at: status === 'upcoming' ? null : latestAt(events, (to) => pathStepOf(to, audience) === key),
  });
  /** The furthest path step the events show the order reached (submitted at least, once past draft). */
  const reachedIndex = () => {
    let furthest = state === 'draft' ? -1 : 0;
    for (const event of events) {
      const key = event.toState ? pathStepOf(event.toState, audience) : null;
      if (key) furthest = Math.max(furthest, path.indexOf(key));
    }
    return furthest;
  };

  if (deviations.includes(state)) {
    const key = state as DeviationKey;
    const reached = reachedIndex();
    return [
      ...path.slice(0, reached + 1).map((step) => pathStep(step, 'done')),
      {
        key,
        ...deviationText[key][audience],
        status: 'flagged',
        at: latestAt(events, (to) => to === key),
      },
    ];
  }

  if (reviews.includes(state)) {
    const key = state as ReviewKey;
    // A proposal on a confirmed order comes after Confirmed; one on an unanswered order comes before it.
    const reached = reachedIndex();
    const reviewIndex = Math.max(reached + 1, path.indexOf('confirmed'));
    const steps = path.map((step, index) => pathStep(step, index <= reached ? 'done' : 'upcoming'));
    const review: TimelineStep = {
      key,
      ...reviewText[key][audience],
      status: 'current',
      at: latestAt(events, (to) => to === key),
    };
    // One step per state the buyer reads: an unanswered purchase order the supplier now reviews with
    // the buyer's change (a date proposal, delivery details after accepted changes) is one
    // 'Supplier reviewing' step (both states read 'Supplier Reviewing'), not 'Sent to supplier' and then
    // 'Supplier reviewing' again.
    const sentIndex = path.indexOf('purchase_order_sent');
    if (audience === 'buyer' && key === 'needs_supplier_review' && reached <= sentIndex) {
      steps.splice(sentIndex, 1, review);
      return steps;
    }
    steps.splice(reviewIndex, 0, review);
    return steps;
  }

  const current = pathStepOf(state, audience);
  const currentIndex = current ? path.indexOf(current) : -1;
  // The last step of the path is an end: reaching it means done (paid for buyers, fulfilled for suppliers).
  const finished = currentIndex === path.length - 1;
  return path.map((step, index) =>
    pathStep(
      step,
      index < currentIndex || (finished && index === currentIndex)
        ? 'done'
        : index === currentIndex
          ? 'current'
          : 'upcoming',
    ),
  );
}
