import { productName } from '../brand';
import { textMessageBody } from './notification-settings';

/** What each message type is called in a notification's subject ('Order 1042 (Job 12): Order confirmed'). */
const eventTitles: Record<string, string> = {
  freight_quote_request: 'Freight estimate requested',
  freight_quote_response: 'Freight estimate ready',
  photo_request: 'Photos requested',
  photo_request_response: 'Photos sent',
  free_text_message: 'New message',
  cart_submitted: 'Cart sent to suppliers',
  cart_transferred: 'Cart assigned to you',
  new_order_received: 'New order received',
  order_sent: 'Order sent',
  order_updated: 'Order updated',
  order_cancelled: 'Order cancelled',
  order_confirmed: 'Order confirmed',
  order_rejected: 'Order rejected',
  order_fulfilled: 'Order fulfilled',
  order_needs_review: 'Order needs review',
  supplier_requested_changes: 'Changes proposed',
  supplier_requested_date_change: 'New date proposed',
  buyer_requested_date_change: 'New date proposed',
  order_changes_accepted: 'Changes accepted',
  order_changes_rejected: 'Changes rejected',
  missing_payment_method: 'Payment method needed',
  upcoming_order_reminder_buyer: 'Order due tomorrow',
  weekly_schedule_reminder: 'Your week ahead',
  past_due_order_reminder: 'Order waiting for an answer',
};

export const eventTitle = (messageType: string) => eventTitles[messageType] ?? 'New notification';

export type NotificationFacts = {
  messageType: string;
  /** The thread's subject line ('Order 1042: Job 12', 'Cart C-77: Spring beds'). */
  subjectLine: string;
  orderNumber: string | null;
  orderName: string | null;
  branchName: string | null;
  senderName: string | null;
  content: string;
  /** Where the message can be read and answered. */
  link: string;
};

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The subject of a notification e-mail: the order (or thread) and the event. */
export function notificationSubject(facts: NotificationFacts) {
  const about =
    facts.orderNumber !== null ? `Order ${facts.orderNumber} (${facts.orderName ?? ''})` : facts.subjectLine;
  return `${about}: ${eventTitle(facts.messageType)}`;
}

/** A notification e-mail: subject, plain text and HTML, each with the facts, the link and the unsubscribe link. */
export function notificationEmail(facts: NotificationFacts, unsubscribe: { link: string; category: string }) {
  const subject = notificationSubject(facts);
  const lines = [
    ...(facts.branchName ? [`Branch: ${facts.branchName}`] : []),
    ...(facts.senderName ? [`From: ${facts.senderName}`] : []),
  ];
  const text = [
    subject,
    '',
    facts.content,
    '',
    ...lines,
    ...(lines.length ? [''] : []),
    `View it on ${productName}: ${facts.link}`,
    '',
    `You receive this because you are subscribed to ${unsubscribe.category}.`,
    `Unsubscribe: ${unsubscribe.link}`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2a1f;max-width:600px">
<h2 style="font-size:18px">${escapeHtml(subject)}</h2>
<p style="white-space:pre-line">${escapeHtml(facts.content)}</p>
${lines.map((line) => `<p style="margin:4px 0;color:#555">${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(facts.link)}" style="background:#2f6b3b;color:#fff;padding:10px 16px;border-radius:4px;text-decoration:none">View on ${productName}</a></p>
<p style="font-size:12px;color:#777">You receive this because you are subscribed to ${escapeHtml(unsubscribe.category)}.
<a href="${escapeHtml(unsubscribe.link)}">Unsubscribe</a></p>
</body></html>`;
  return { subject, text, html };
}

/** A notification text message: at most 320 characters, ending with the link. */
export function notificationText(facts: NotificationFacts) {
  return textMessageBody(`${productName}: ${notificationSubject(facts)}. ${facts.content}`, facts.link);
}
