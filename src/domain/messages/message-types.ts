import { productName } from '../brand';

/** The message types of spec part 3 §3 (the events that land in the inbox, and free text). */
export const messageTypes = [
  'freight_quote_request',
  'freight_quote_response',
  'photo_request',
  'photo_request_response',
  'free_text_message',
  'cart_submitted',
  'cart_transferred',
  'new_order_received',
  'order_sent',
  'order_updated',
  'order_cancelled',
  'order_confirmed',
  'order_rejected',
  'order_fulfilled',
  'order_needs_review',
  'supplier_requested_changes',
  'supplier_requested_date_change',
  'buyer_requested_date_change',
  'order_changes_accepted',
  'order_changes_rejected',
  'missing_payment_method',
  'upcoming_order_reminder_buyer',
  'weekly_schedule_reminder',
  'past_due_order_reminder',
] as const;
export type MessageType = (typeof messageTypes)[number];

/** The labels a thread is filed under (spec part 3 §2.4, §2.5). */
export const messageLabels = ['Freight Estimate', 'Photo Request', 'Order', 'Free text message'] as const;
export type MessageLabel = (typeof messageLabels)[number];

/** The label filters of the inbox's left rail, with the key of their unread count. */
export const labelFilters = [
  { label: 'Freight Estimate', countKey: 'freight' },
  { label: 'Photo Request', countKey: 'photo' },
  { label: 'Order', countKey: 'order' },
] as const satisfies readonly { label: MessageLabel; countKey: string }[];

/** The label of a thread that starts with a message of this type. */
export function labelOfType(type: MessageType): MessageLabel {
  if (type.startsWith('freight_')) return 'Freight Estimate';
  if (type.startsWith('photo_')) return 'Photo Request';
  if (type === 'free_text_message') return 'Free text message';
  return 'Order';
}

/** The inbox views (spec part 1 §2.2: 'messages index takes a view parameter'). */
export const messageViews = ['inbox', 'sent', 'unread', 'read', 'archived'] as const;
export type MessageView = (typeof messageViews)[number];
export const messageViewLabels: Record<MessageView, string> = {
  inbox: 'Inbox',
  sent: 'Sent',
  unread: 'Unread',
  read: 'Read',
  archived: 'Archived',
};

export const responseStatuses = ['unread', 'read'] as const;
export type ResponseStatus = (typeof responseStatuses)[number];

/** What a thread is about. */
export const subjectTypes = ['order', 'cart', 'organization', 'branch'] as const;
export type SubjectType = (typeof subjectTypes)[number];

/** The kinds of event a message may carry (spec part 3 §3 Message). */
export const eventKinds = ['orderEvent', 'cartEvent', 'organizationEvent', 'branchEvent'] as const;
export type EventKind = (typeof eventKinds)[number];

export const maxMessageLength = 10_000;
export const maxAttachmentBytes = 10 * 1024 * 1024;
export const maxAttachmentsPerMessage = 5;
export const maxBulkIds = 200;
export const inboxPageSize = 20;

/** Attachments a reply may carry: PDFs, images and spreadsheets, by extension. */
export const attachmentTypes: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  csv: 'text/csv',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
export const attachmentAccept = Object.keys(attachmentTypes)
  .map((extension) => `.${extension}`)
  .join(',');

/** The texts of spec part 3 §5 ('Enter a {field} for this {object}', 'Limit {field} to {n} characters'). */
export const messageTexts = {
  contentRequired: 'Enter a message for this thread',
  contentTooLong: `Limit message to ${maxMessageLength} characters`,
  attachmentType: 'Attach a PDF, an image (PNG, JPG, GIF, WebP) or a spreadsheet (CSV, XLS, XLSX)',
  attachmentTooLarge: 'Attach files of 10 MB or less',
  tooManyAttachments: `Attach at most ${maxAttachmentsPerMessage} files to one message`,
  tooManyIds: `Choose at most ${maxBulkIds} messages at a time`,
  tooManyThreads: `Choose at most ${maxBulkIds} threads at a time`,
  idsRequired: 'Choose at least one message',
  threadsRequired: 'Choose at least one thread',
  threadNotFound: 'Message thread not found',
  messagesNotFound: 'Message not found',
  attachmentNotFound: 'Attachment not found',
  ownerNotStaff: 'Assign the thread to a staff member',
  noNewMessages: 'No new messages',
  noMatch: 'No messages match your criteria.',
  unreadCountFailed: 'Error fetching unread message count',
} as const;

/** The sender line staff messages show instead of an organisation (spec part 3 §2.5). */
export const staffExternalTitle = (roles: readonly string[]) =>
  roles.includes('logistics_admin') && !roles.includes('admin')
    ? `${productName} Logistics`
    : `${productName} Support`;

/** The subject line of each kind of thread. */
export const orderThreadSubject = (orderNumber: string, name: string) => `Order ${orderNumber}: ${name}`;
export const cartThreadSubject = (cartNumber: string, name: string) => `Cart ${cartNumber}: ${name}`;
