import { z } from 'zod';
import { applicableTier, type PriceTier } from '../catalog/pricing';
import { formatMoney } from '../money';
import { isPastDue, timeZoneOfState } from '../notifications/reminder-schedule';

// Beehive's order tools (spec part 3 §7.2): validate (what is wrong with an order, one sentence each)
// and the caretaker query (orders needing staff attention, with the reason per row).

export const orderProblemCodes = [
  'missing_organization',
  'price_off_tier',
  'unlisted_line',
  'short_stock',
] as const;
export type OrderProblemCode = (typeof orderProblemCodes)[number];

export const orderProblemSchema = z.object({
  code: z.enum(orderProblemCodes),
  message: z.string(),
  orderItemId: z.number().nullable(),
});
export type OrderProblem = z.infer<typeof orderProblemSchema>;

export const orderValidationSchema = z
  .object({ orderId: z.number(), valid: z.boolean(), problems: z.array(orderProblemSchema) })
  .meta({ id: 'OrderValidation' });

export const orderSyncSchema = z
  .object({ orderId: z.number(), sentTo: z.array(z.string()) })
  .meta({ id: 'OrderSync' });
export const nobodyToSyncMessage =
  'Nobody at this supplier can receive the purchase order: add a user or an Order Communications contact first.';
export const closedOrderSyncMessage = 'This order is closed; there is no purchase order to re-send.';

/** What validation needs to know about an order and each of its lines, as read now. */
export type OrderFacts = {
  buyerOrganizationName: string | null;
  buyerUserOrganizationId: number | null;
  buyerOrganizationId: number;
  buyerFullName: string;
  branchName: string;
  lines: {
    id: number;
    name: string;
    size: string | null;
    quantity: number;
    bookPrice: number | null;
    nonCatalog: boolean;
    /** The branch's listing of the size today: null when it no longer lists it. */
    listing: { tiers: PriceTier[]; available: number; ignoreQuantity: boolean } | null;
  }[];
};

const lineName = (line: { name: string; size: string | null }) =>
  line.size ? `${line.name} (${line.size})` : line.name;

/** Every problem of an order, in order: its organisation first, then each line. */
export function validateOrder(facts: OrderFacts): OrderProblem[] {
  const problems: OrderProblem[] = [];
  if (facts.buyerOrganizationName === null) {
    problems.push({
      code: 'missing_organization',
      message: 'The order has no buyer organisation: assign the buyer to an organisation or swap the buyer.',
      orderItemId: null,
    });
  } else if (facts.buyerUserOrganizationId !== facts.buyerOrganizationId) {
    problems.push({
      code: 'missing_organization',
      message: `${facts.buyerFullName} no longer belongs to ${facts.buyerOrganizationName}: swap the buyer to someone who does.`,
      orderItemId: null,
    });
  }
  for (const line of facts.lines) {
    if (line.nonCatalog) continue;
    if (!line.listing) {
      problems.push({
        code: 'unlisted_line',
        message: `${lineName(line)} is no longer listed by ${facts.branchName}.`,
        orderItemId: line.id,
      });
      continue;
    }
    const tier = applicableTier(line.listing.tiers, line.quantity);
    if (tier && line.bookPrice !== null && tier.price !== line.bookPrice) {
      problems.push({
        code: 'price_off_tier',
        message: `${lineName(line)} is priced ${formatMoney(line.bookPrice)} each, but ${facts.branchName}'s current price for ${line.quantity} is ${formatMoney(tier.price)}.`,
        orderItemId: line.id,
      });
    }
    if (!line.listing.ignoreQuantity && line.quantity > line.listing.available) {
      problems.push({
        code: 'short_stock',
        message: `${lineName(line)}: ${line.quantity} ordered but ${facts.branchName} has only ${line.listing.available} available.`,
        orderItemId: line.id,
      });
    }
  }
  return problems;
}

export const caretakerReasonCodes = [
  'unanswered',
  'freight_pending',
  'needs_review',
  'nobody_to_receive',
] as const;
export type CaretakerReasonCode = (typeof caretakerReasonCodes)[number];

export const caretakerReasonLabels: Record<CaretakerReasonCode, string> = {
  unanswered: 'Unanswered',
  freight_pending: 'Freight pending',
  needs_review: 'Needs review',
  nobody_to_receive: 'Nobody to receive it',
};

/** An open order as the caretaker query sees it. */
export type CaretakerFacts = {
  state: string;
  submittedAt: Date;
  branchState: string | null;
  freightPending: boolean;
  orderContacts: number;
};

/** Why an order needs staff now, one sentence each; empty when it does not. */
export function caretakerReasons(order: CaretakerFacts, now: Date) {
  const reasons: { code: CaretakerReasonCode; message: string }[] = [];
  if (
    order.state === 'purchase_order_sent' &&
    isPastDue(order.submittedAt, now, timeZoneOfState(order.branchState), 2)
  ) {
    reasons.push({
      code: 'unanswered',
      message: 'The supplier has not answered for more than 2 business days.',
    });
  }
  if (order.freightPending) {
    reasons.push({
      code: 'freight_pending',
      message: 'The supplier confirmed with our shipping; freight is not priced yet.',
    });
  }
  if (order.state === 'needs_review') {
    reasons.push({ code: 'needs_review', message: 'The order waits for our review.' });
  }
  if (order.orderContacts === 0) {
    reasons.push({
      code: 'nobody_to_receive',
      message: 'The branch has no active Order Communications contact, so nobody receives this order.',
    });
  }
  return reasons;
}

export const caretakerOrderSchema = z
  .object({
    id: z.number(),
    orderNumber: z.string(),
    name: z.string(),
    state: z.string(),
    submittedAt: z.string(),
    buyerOrganizationName: z.string(),
    branchName: z.string(),
    reasons: z.array(z.object({ code: z.enum(caretakerReasonCodes), message: z.string() })),
  })
  .meta({ id: 'CaretakerOrder' });
export type CaretakerOrder = z.infer<typeof caretakerOrderSchema>;
