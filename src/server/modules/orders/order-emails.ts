import { productName } from '../../../domain/brand';
import { formatAmount } from '../../../domain/money';
import { type AmountAudience, amountEntries, orderAmounts } from '../../../domain/orders/order-amounts';
import type { Executor } from '../../core/database';
import { loadOrderParties } from '../../read-models/order-parties';
import * as repo from './orders.repository';

/**
 * The content of an order e-mail: a subject naming the order and what happened ('Order Q-100014-2
 * confirmed by Blue Ridge Growers – Hendersonville'), a body with what changed, the order's date as
 * 'MMM d, yyyy', the recipient's amount block, the other side's comment and a link, in HTML and
 * plain text.
 */

/** What happened, for the subject and the first lines of the body. */
export type OrderNotice = {
  /** The subject after the order number, e.g. 'confirmed by Blue Ridge Growers – Hendersonville'. */
  headline: string;
  /** What changed, one sentence each. */
  lines: string[];
  /** The acting side's comment to the other side, quoted as is. */
  comment?: string | null;
  commentLabel?: string;
};

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A calendar day ('2026-12-01') as the spec's 'MMM d, yyyy' ('Dec 1, 2026'). */
export function mailDay(day: string | null): string {
  if (!day) return 'not set';
  const [year, month, date] = day.split('-').map(Number);
  return `${monthNames[month - 1]} ${date}, ${year}`;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export type OrderMailContext = {
  order: repo.OrderRow;
  branchName: string;
  buyerOrganizationName: string;
  lines: Awaited<ReturnType<typeof repo.listOrderItems>>;
};

/** What an order e-mail needs besides the notice: the order's parties and current lines. */
export async function loadMailContext(db: Executor, order: repo.OrderRow): Promise<OrderMailContext> {
  const parties = await loadOrderParties(db, order.id, []);
  return {
    order,
    branchName: parties?.branchName ?? 'the supplier',
    buyerOrganizationName: parties?.buyerOrganizationName ?? 'the buyer',
    lines: await repo.listOrderItems(db, order.id),
  };
}

/** One recipient's e-mail about an order. */
export function orderEmail(
  context: OrderMailContext,
  notice: OrderNotice,
  recipient: { firstName: string; audience: AmountAudience },
  appUrl: string,
) {
  const { order } = context;
  const amounts = orderAmounts({
    audience: recipient.audience,
    lines: context.lines,
    taxes: order.taxAmount,
    shipping: order.shippingAmount,
  });
  const link = `${appUrl}/orders/${order.id}`;
  const subject = `Order ${order.orderNumber} ${notice.headline}`;
  const facts: [string, string][] = [
    ['Order', `${order.orderNumber} (${order.name})`],
    [
      recipient.audience === 'buyer' ? 'Supplier' : 'Buyer',
      recipient.audience === 'buyer' ? context.branchName : context.buyerOrganizationName,
    ],
    [order.fulfillment === 'delivery' ? 'Delivery date' : 'Pickup date', mailDay(order.requestedOn)],
    ...(order.fulfilledOn ? ([['Fulfilled on', mailDay(order.fulfilledOn)]] as [string, string][]) : []),
    ...(order.shippingNotes ? ([['Shipping notes', order.shippingNotes]] as [string, string][]) : []),
  ];
  const money = amountEntries(amounts).map(([, entry]) => [entry.label, formatAmount(entry.data)] as const);
  const commentLabel = notice.commentLabel ?? 'Comment';
  const text = [
    `Hello ${recipient.firstName},`,
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
  ].join('\n');
  const row = (label: string, value: string, bold = false) =>
    `<tr><td style="padding:2px 12px 2px 0;color:#555">${escapeHtml(label)}</td><td style="padding:2px 0;text-align:right${bold ? ';font-weight:700' : ''}">${escapeHtml(value)}</td></tr>`;
  const html = [
    '<!doctype html><html><body style="font-family:Arial,sans-serif;font-size:14px;color:#222">',
    `<p>Hello ${escapeHtml(recipient.firstName)},</p>`,
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
    '</body></html>',
  ].join('');
  return { subject, text, html };
}
