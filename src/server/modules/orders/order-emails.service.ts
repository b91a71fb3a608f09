import { productName } from '../../../domain/brand';
import { fulfillmentLabels } from '../../../domain/carts/cart-states';
import { unitAbbreviation } from '../../../domain/carts/quantity';
import { formatAmount, formatMoney } from '../../../domain/money';
import { type AmountAudience, amountEntries, orderAmounts } from '../../../domain/orders/order-amounts';
import {
  heldForPaymentNotice,
  mailDay,
  unreachableSupplierNotice,
} from '../../../domain/orders/order-notices';
import {
  buyerContactReasons,
  buyerDateChangeReasons,
  itemChangeReasonLabels,
  type PriceChangeReason,
  supplierChangeReasons,
  supplierDateChangeReasons,
} from '../../../domain/orders/order-responses';
import { type OrderEvent, orderEvents, stateLabels } from '../../../domain/orders/order-states';
import type { Executor } from '../../core/database';
import { loadOrderParties } from '../../read-models/order-parties';
import * as repo from './orders.repository';

/**
 * The content of an order e-mail, composed for the notification delivery (notifications/
 * message-delivery.ts) from the order event its message records: a subject naming the order and what
 * happened ('Order Q-100014-2 confirmed by Blue Ridge Growers – Hendersonville'), a body with what
 * changed, the order's facts (dates as 'MMM d, yyyy'), the recipient side's amount block, the other
 * side's comment, a link and the unsubscribe link, in HTML and plain text. The orders area sends no
 * order e-mail itself: every one goes to the receiving side's subscribed contacts (issue 17).
 */

/** What happened, for the subject and the first lines of the body. */
export type OrderNotice = {
  /** The subject after the order number, e.g. 'confirmed by Blue Ridge Growers – Hendersonville'. */
  headline: string;
  /** A whole subject instead of 'Order {number} {headline}'. */
  subject?: string;
  /** What changed, one sentence each. */
  lines: string[];
  /** The acting side's comment to the other side, quoted as is. */
  comment?: string | null;
  commentLabel?: string;
};

/** Who an order e-mail is for: a side of the order, or the side staff just took it from. */
export type OrderMailParty = 'buyer' | 'supplier' | 'former_buyer' | 'former_supplier';

/** The unsubscribe link of the subscription an e-mail goes out under, and its category's name. */
export type Unsubscribe = { link: string; category: string };

export type OrderMailRecipient = { firstName: string | null; party: OrderMailParty };

/** A recorded order event: its name and payload (the message's event payload). */
export type OrderEventFacts = { name: string; payload: Record<string, unknown> };

export type OrderMailContext = {
  order: repo.OrderRow;
  branchName: string;
  buyerOrganizationName: string;
  buyerFullName: string;
  lines: Awaited<ReturnType<typeof repo.listOrderItems>>;
  proposals: Awaited<ReturnType<typeof repo.listProposals>>;
};

/** What order e-mails about one order need: the order, its parties, current lines and proposals; null if gone. */
export async function loadOrderMailContext(db: Executor, orderId: number): Promise<OrderMailContext | null> {
  const order = await repo.findOrder(db, orderId);
  if (!order) return null;
  const parties = await loadOrderParties(db, order.id, []);
  return {
    order,
    branchName: parties?.branchName ?? 'the supplier',
    buyerOrganizationName: parties?.buyerOrganizationName ?? 'the buyer',
    buyerFullName: parties?.buyerFullName ?? 'A buyer',
    lines: await repo.listOrderItems(db, order.id),
    proposals: await repo.listProposals(db, order.id),
  };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const textOf = (value: unknown) => (typeof value === 'string' && value.trim() ? value : null);
const labelOf = (list: readonly { value: string; label: string }[], value: unknown) =>
  list.find((entry) => entry.value === value)?.label ?? null;
const audienceOf = (party: OrderMailParty): AmountAudience =>
  party === 'buyer' || party === 'former_buyer' ? 'buyer' : 'supplier';
const isStateEvent = (name: string): name is OrderEvent => (orderEvents as readonly string[]).includes(name);

/** One proposal in words: 'Maple #3: quantity 20 → 15; price $25.20 → $23.50 (Edited - missing discount)'. */
function describeProposal(proposal: { bailiwick: string; proposal: unknown }, audience: AmountAudience) {
  const body = proposal.proposal as Record<string, unknown>;
  if (proposal.bailiwick === 'fulfillment_date') {
    const reason =
      labelOf(supplierDateChangeReasons, body.reason) ?? labelOf(buyerDateChangeReasons, body.reason);
    return `Date: ${mailDay(body.current as string | null)} → ${mailDay(body.proposed as string)}${reason ? ` (${reason})` : ''}`;
  }
  const current = body.current as Record<string, unknown>;
  const proposed = body.proposed as Record<string, unknown>;
  const priceKey = audience === 'buyer' && 'buyerPrice' in proposed ? 'buyerPrice' : 'supplierPrice';
  const parts: string[] = [];
  if (current.primaryName !== proposed.primaryName) parts.push(`substitute ${String(proposed.primaryName)}`);
  if (current.size !== proposed.size)
    parts.push(`size ${String(current.size ?? '-')} → ${String(proposed.size ?? '-')}`);
  if (current.quantity !== proposed.quantity)
    parts.push(`quantity ${String(current.quantity)} → ${String(proposed.quantity)}`);
  const from = current[priceKey] as number | null;
  const to = proposed[priceKey] as number | null;
  if (from !== to) {
    const why = itemChangeReasonLabels[body.priceReason as PriceChangeReason] ?? '';
    parts.push(
      `price ${from === null ? 'not set' : formatAmount(from)} → ${to === null ? 'not set' : formatAmount(to)}${why ? ` ${why}` : ''}`,
    );
  }
  return `${String(current.primaryName)}${current.size ? ` ${String(current.size)}` : ''}: ${parts.join('; ')}`;
}

const idsOf = (value: unknown) => (Array.isArray(value) ? value.filter((id) => typeof id === 'number') : []);

/** What the supplier's answer to the purchase order says (confirm, reject, propose changes). */
function responseNotice(context: OrderMailContext, event: OrderEventFacts): OrderNotice | null {
  const branch = context.branchName;
  const payload = event.payload;
  const comment = { comment: textOf(payload.comment), commentLabel: `Comment from ${branch}` };
  if (event.name === 'reject') {
    const reason = labelOf(supplierChangeReasons, payload.reason);
    return {
      headline: `rejected by ${branch}`,
      lines: [
        `${branch} needs a change before it can fill this order. ${productName} will contact you.`,
        ...(reason ? [`Reason: ${reason}.`] : []),
      ],
      ...comment,
    };
  }
  if (event.name === 'propose_changes') {
    const ids = idsOf(payload.proposalIds);
    return {
      headline: `changes proposed by ${branch}`,
      lines: [
        `${branch} proposes these changes. Please review them:`,
        ...context.proposals
          .filter((proposal) => ids.includes(proposal.id))
          .map((proposal) => `- ${describeProposal(proposal, 'buyer')}`),
      ],
      ...comment,
    };
  }
  const shippingMode = payload.shippingMode ?? context.order.shippingMode;
  const shipping =
    shippingMode === 'supplier_ship'
      ? `Shipping by ${branch}: ${formatAmount(Number(payload.shippingAmount ?? 0))}.`
      : shippingMode === 'platform_ship'
        ? `${productName} arranges the freight; its cost follows (Freight Pending).`
        : 'Pickup at the branch.';
  const notes = textOf(payload.shippingNotes)?.trim();
  return {
    headline: `confirmed by ${branch}`,
    lines: [`${branch} confirmed this order.`, shipping, ...(notes ? [`Shipping notes: ${notes}`] : [])],
    ...comment,
  };
}

/** What staff changing the parties of an order tells each side (the side it left included). */
function swapNotice(context: OrderMailContext, event: OrderEventFacts, party: OrderMailParty): OrderNotice {
  const { order } = context;
  const payload = event.payload;
  const headline = `updated by ${productName}`;
  if (event.name === 'swap_buyer') {
    const lines =
      party === 'former_buyer'
        ? [`${productName} moved this order to another buyer.`, 'It no longer appears in your orders.']
        : party === 'buyer'
          ? [
              `${productName} made ${context.buyerFullName} the buyer of this order (version ${order.version}).`,
            ]
          : [
              `${productName} changed the buyer of this order. See version ${order.version} of the purchase order.`,
            ];
    return { headline, lines };
  }
  if (party === 'former_supplier') {
    return {
      headline,
      lines: [`${productName} moved this order to another supplier. You no longer need to fill it.`],
    };
  }
  if (party === 'supplier') {
    return {
      headline,
      lines: [
        `${productName} sent you this order (version ${order.version}). Please review its purchase order.`,
      ],
      comment: textOf(payload.supplierNote),
      commentLabel: `Note from ${productName}`,
    };
  }
  return {
    headline,
    lines: [
      `${productName} moved this order to ${context.branchName}.`,
      ...(payload.updatePricing ? ['Its prices now follow that supplier’s prices.'] : []),
    ],
  };
}

/**
 * What an order event tells one side, in words, or null for events whose notification keeps the
 * generic message e-mail (reminders, freight, payment method requests).
 */
export function orderEventNotice(
  context: OrderMailContext,
  event: OrderEventFacts,
  party: OrderMailParty,
): OrderNotice | null {
  const { order, branchName: branch, buyerOrganizationName: buyer } = context;
  const payload = event.payload;
  const comment = textOf(payload.comment);
  switch (event.name) {
    case 'new_order_received': {
      const count = context.lines.length;
      const how = fulfillmentLabels[order.fulfillment as keyof typeof fulfillmentLabels] ?? 'Pickup';
      return {
        headline: `for ${branch} from ${buyer}`,
        subject: `New order ${order.orderNumber} for ${branch} from ${buyer}`,
        lines: [
          `${context.buyerFullName} of ${buyer} sent ${branch} an order on ${productName}: ${count} item${count === 1 ? '' : 's'}, ${how.toLowerCase()}${order.requestedOn ? ` requested for ${mailDay(order.requestedOn)}` : ''}.`,
          ...context.lines.map(
            (item) =>
              `- ${item.quantity} ${unitAbbreviation(item.unit)} ${item.primaryName}${item.size ? `, ${item.size}` : ''}`,
          ),
          'Please confirm it or propose changes.',
        ],
        comment: order.buyerToSupplierNotes,
        commentLabel: 'Notes from the buyer',
      };
    }
    case 'swap_buyer':
    case 'swap_supplier':
      return swapNotice(context, event, party);
    case 'purchase_order_resent':
      return {
        headline: `purchase order re-sent to ${branch}`,
        lines: [
          `Here is purchase order ${order.orderNumber} from ${buyer} again. Please confirm it or propose changes.`,
        ],
      };
  }
  if (payload.staff === true && isStateEvent(event.name)) {
    const reason = textOf(payload.reason) ? ` Reason: ${payload.reason}` : '';
    if (event.name === 'cancel') {
      return {
        headline: `cancelled by ${productName}`,
        lines: [`${productName} cancelled this order.${reason}`],
      };
    }
    const state = stateLabels[order.state as keyof typeof stateLabels] ?? order.state;
    return {
      headline: `updated by ${productName}`,
      lines: [`${productName} moved this order: it is now ${state}.${reason}`],
    };
  }
  switch (event.name) {
    case 'confirm':
    case 'reject':
    case 'propose_changes':
      return responseNotice(context, event);
    case 'item_removed': {
      const item = (payload.item ?? {}) as { primaryName?: string; size?: string | null; quantity?: number };
      return {
        headline: `updated by ${buyer}`,
        lines: [
          `${buyer} removed ${item.quantity ?? ''} × ${item.primaryName ?? 'an item'}${item.size ? ` ${item.size}` : ''} from this order. Please answer version ${String(payload.version ?? order.version)}.`,
        ],
      };
    }
    case 'contact_supplier': {
      const reason =
        labelOf(buyerContactReasons, payload.contactReason) ?? String(payload.contactReason ?? '');
      return {
        headline: `message from ${buyer}: ${reason}`,
        lines: [`${buyer} wrote about this order (${reason}).`],
        comment,
        commentLabel: 'Message',
      };
    }
    case 'buyer_propose_changes': {
      const ids = idsOf(payload.proposalIds);
      const proposals = context.proposals.filter((proposal) => ids.includes(proposal.id));
      return {
        headline: `new date proposed by ${buyer}`,
        lines: [
          `${buyer} proposes another date for this order. Please review it:`,
          ...proposals.map((proposal) => `- ${describeProposal(proposal, 'supplier')}`),
        ],
        comment: textOf((proposals[0]?.proposal as { comment?: unknown } | undefined)?.comment),
        commentLabel: `Comment from ${buyer}`,
      };
    }
    case 'accept_proposal':
    case 'accept_proposal_for_delivery':
    case 'reject_proposal': {
      const proposal = context.proposals.find((row) => row.id === payload.proposalId);
      const decider = proposal?.proposedBySide === 'buyer' ? 'supplier' : 'buyer';
      const by = decider === 'buyer' ? buyer : branch;
      const accept = event.name !== 'reject_proposal';
      const verdict = accept ? 'accepted' : 'rejected';
      return {
        headline: `change ${verdict} by ${by}`,
        lines: [
          `${by} ${verdict} your proposed change${accept ? `; the order is now version ${String(payload.version ?? order.version)}` : ''}.`,
        ],
        comment: proposal?.decisionComment ?? null,
        commentLabel: `Comment from ${by}`,
      };
    }
    case 'fulfill':
      return {
        headline: `fulfilled by ${branch}`,
        lines: [
          `${branch} marked this order fulfilled on ${mailDay(textOf(payload.fulfilledOn) ?? order.fulfilledOn)}.`,
        ],
      };
    default:
      return null;
  }
}

const greeting = (firstName: string | null) => (firstName ? `Hello ${firstName},` : 'Hello,');

/** One recipient's e-mail about an order: the notice, the order's facts, its amount block, links. */
export function orderEmail(
  context: OrderMailContext,
  notice: OrderNotice,
  recipient: OrderMailRecipient,
  links: { appUrl: string; unsubscribe: Unsubscribe },
) {
  const { order } = context;
  const audience = audienceOf(recipient.party);
  const amounts = orderAmounts({
    audience,
    lines: context.lines,
    taxes: order.taxAmount,
    shipping: order.shippingAmount,
  });
  const link = `${links.appUrl}/orders/${order.id}`;
  const subject = notice.subject ?? `Order ${order.orderNumber} ${notice.headline}`;
  const facts: [string, string][] = [
    ['Order', `${order.orderNumber} (${order.name})`],
    [
      audience === 'buyer' ? 'Supplier' : 'Buyer',
      audience === 'buyer' ? context.branchName : context.buyerOrganizationName,
    ],
    [order.fulfillment === 'delivery' ? 'Delivery date' : 'Pickup date', mailDay(order.requestedOn)],
    ...(order.fulfilledOn ? ([['Fulfilled on', mailDay(order.fulfilledOn)]] as [string, string][]) : []),
    ...(order.shippingNotes ? ([['Shipping notes', order.shippingNotes]] as [string, string][]) : []),
  ];
  const money = amountEntries(amounts).map(([, entry]) => [entry.label, formatAmount(entry.data)] as const);
  const commentLabel = notice.commentLabel ?? 'Comment';
  const { unsubscribe } = links;
  const text = [
    greeting(recipient.firstName),
    '',
    ...notice.lines,
    ...(notice.comment ? ['', `${commentLabel}:`, notice.comment] : []),
    '',
    ...facts.map(([label, value]) => `${label}: ${value}`),
    '',
    ...money.map(([label, value]) => `${label}: ${value}`),
    '',
    `View the order: ${link}`,
    '',
    `- ${productName}`,
    '',
    `You receive this because you are subscribed to ${unsubscribe.category}.`,
    `Unsubscribe: ${unsubscribe.link}`,
  ].join('\n');
  const row = (label: string, value: string, bold = false) =>
    `<tr><td style="padding:2px 12px 2px 0;color:#555">${escapeHtml(label)}</td><td style="padding:2px 0;text-align:right${bold ? ';font-weight:700' : ''}">${escapeHtml(value)}</td></tr>`;
  const html = [
    '<!doctype html><html><body style="font-family:Arial,sans-serif;font-size:14px;color:#222">',
    `<p>${escapeHtml(greeting(recipient.firstName))}</p>`,
    ...notice.lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    ...(notice.comment
      ? [
          `<p style="margin-bottom:4px"><strong>${escapeHtml(commentLabel)}:</strong></p>`,
          `<blockquote style="margin:0 0 12px 0;padding:8px 12px;border-left:3px solid #ccc">${escapeHtml(notice.comment)}</blockquote>`,
        ]
      : []),
    `<table style="border-collapse:collapse;margin-bottom:12px">${facts.map(([label, value]) => row(label, value)).join('')}</table>`,
    `<table style="border-collapse:collapse;margin-bottom:12px">${money.map(([label, value], index) => row(label, value, index === money.length - 1)).join('')}</table>`,
    `<p><a href="${escapeHtml(link)}">View order ${escapeHtml(order.orderNumber)}</a></p>`,
    `<p style="color:#777">${escapeHtml(productName)}</p>`,
    unsubscribeHtml(unsubscribe),
    '</body></html>',
  ].join('');
  return { subject, text, html };
}

const unsubscribeHtml = (unsubscribe: Unsubscribe) =>
  `<p style="font-size:12px;color:#777">You receive this because you are subscribed to ${escapeHtml(unsubscribe.category)}. <a href="${escapeHtml(unsubscribe.link)}">Unsubscribe</a></p>`;

/** The e-mail of an order event for one recipient, or null when the event keeps the generic e-mail. */
export function orderEventEmail(
  context: OrderMailContext,
  event: OrderEventFacts,
  recipient: OrderMailRecipient,
  links: { appUrl: string; unsubscribe: Unsubscribe },
) {
  const notice = orderEventNotice(context, event, recipient.party);
  return notice ? orderEmail(context, notice, recipient, links) : null;
}

/**
 * The buyer's e-mail of a submitted cart: the orders it became, each with its supplier, fulfilment
 * and total (and why an order waits for staff); null when the cart has no orders any more.
 */
export async function cartSubmittedEmail(
  db: Executor,
  cart: { id: number; name: string; cartNumber: string; orderIds: readonly number[] },
  recipient: { firstName: string | null },
  links: { appUrl: string; unsubscribe: Unsubscribe },
) {
  const orders = (await repo.listOrdersOfCart(db, cart.id)).filter((order) =>
    cart.orderIds.includes(order.id),
  );
  if (orders.length === 0) return null;
  const lines: string[] = [];
  for (const order of orders) {
    const parties = await loadOrderParties(db, order.id, []);
    const how = fulfillmentLabels[order.fulfillment as keyof typeof fulfillmentLabels] ?? 'Pickup';
    const line = `- Order ${order.orderNumber}: ${parties?.branchName ?? 'Supplier'} (${how}), ${formatMoney(order.total)}`;
    if (order.state === 'needs_payment_info') lines.push(`${line}. ${heldForPaymentNotice}`);
    else lines.push(order.state === 'needs_review' ? `${line}. ${unreachableSupplierNotice}` : line);
  }
  const count = orders.length;
  const subject = `Your cart ${cart.name} (${cart.cartNumber}) was sent to ${count} supplier${count === 1 ? '' : 's'}`;
  const link = `${links.appUrl}/quotes/${cart.id}/submitted`;
  const intro = `Your cart "${cart.name}" was submitted on ${productName} and split into these orders:`;
  const outro =
    'Each supplier will confirm its order or propose changes; we will e-mail you when they answer.';
  const { unsubscribe } = links;
  const text = [
    greeting(recipient.firstName),
    '',
    intro,
    ...lines,
    '',
    outro,
    link,
    '',
    `You receive this because you are subscribed to ${unsubscribe.category}.`,
    `Unsubscribe: ${unsubscribe.link}`,
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:Arial,sans-serif;font-size:14px;color:#222">',
    `<p>${escapeHtml(greeting(recipient.firstName))}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<ul>${lines.map((line) => `<li>${escapeHtml(line.replace(/^- /, ''))}</li>`).join('')}</ul>`,
    `<p>${escapeHtml(outro)}</p>`,
    `<p><a href="${escapeHtml(link)}">View the submitted cart</a></p>`,
    unsubscribeHtml(unsubscribe),
    '</body></html>',
  ].join('');
  return { subject, text, html };
}
