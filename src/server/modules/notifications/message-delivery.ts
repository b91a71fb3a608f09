import {
  categoryLabels,
  type NotificationKey,
  offersText,
  unsubscribePath,
} from '../../../domain/notifications/notification-settings';
import {
  type NotificationFacts,
  notificationEmail,
  notificationSubject,
  notificationText,
} from '../../../domain/notifications/notification-texts';
import type { Db, Executor } from '../../core/database';
import type { JobQueue } from '../../jobs/job-queue';
import * as audiences from '../../read-models/notification-audiences';
import type { OrderMailParty, OrderMailRecipient, Unsubscribe } from '../orders/order-emails.service';
import * as orderEmails from '../orders/order-emails.service';
import { messageNotificationQueue } from './message-notifications.service';
import { ensureDefaultSubscriptions } from './notification-settings.service';
import * as repo from './notifications.repository';
import { type MailSending, sendEmail } from './notifications.service';
import { sendText } from './text-delivery';
import type { SmsProvider } from './text-messages';

/** Message types the staff mailbox also hears about by e-mail (the rest they read in Beehive's inbox). */
const staffEmailedTypes = new Set(['order_needs_review', 'past_due_order_reminder']);

/**
 * Messages the subscriptions do not carry: a cart handed to one buyer is a personal notice, which
 * the carts area e-mails to that person when the sender asks (it stays in the inbox for the rest).
 */
const personalTypes = new Set(['cart_transferred']);

/** Which of a user's e-mail switches (`/preferences/edit`) a message type answers to; order mail always goes. */
function preferenceOf(messageType: string): keyof Omit<audiences.EmailPreferences, 'userId'> | null {
  if (messageType === 'free_text_message') return 'emailMessages';
  if (messageType.startsWith('photo_')) return 'emailPhotoRequests';
  if (messageType === 'weekly_schedule_reminder') return 'emailScheduleReminders';
  return null;
}

/** The key (and branch) a message notifies one receiving organisation under. */
export function slotOf(
  message: Pick<
    audiences.DeliveredMessage,
    'messageType' | 'branchId' | 'buyerOrganizationId' | 'supplierOrganizationId'
  >,
  organizationId: number,
): { key: NotificationKey; branchId: number | null } | null {
  const photo = message.messageType.startsWith('photo_');
  if (organizationId === message.supplierOrganizationId && message.branchId !== null) {
    return {
      key: photo ? 'branch_photo_notification' : 'branch_order_notification',
      branchId: message.branchId,
    };
  }
  if (organizationId === message.buyerOrganizationId) {
    return { key: photo ? 'requester_notification' : 'buyer_order_notification', branchId: null };
  }
  return null;
}

type DeliverySettings = {
  db: Db;
  mail: MailSending & { appUrl: string };
  sms: SmsProvider;
  jobs: JobQueue;
};

type Slot = { key: NotificationKey; branchId: number | null };

/** Who hears of a message: an organisation's subscribers under one key (and branch), as one party of it. */
type Target = { organizationId: number; slot: Slot; party: OrderMailParty };

type Email = { subject: string; text: string; html: string };

/** Composes the e-mail for one recipient, or null to send the generic message e-mail. */
type Composer = (recipient: OrderMailRecipient, unsubscribe: Unsubscribe) => Promise<Email | null>;

const partyOf = (slot: Slot): OrderMailParty =>
  slot.key === 'buyer_order_notification' || slot.key === 'requester_notification' ? 'buyer' : 'supplier';

const payloadNumber = (payload: Record<string, unknown>, key: string) =>
  typeof payload[key] === 'number' ? (payload[key] as number) : null;

/**
 * The side staff just took an order from: they hear of the swap too (under the subscriptions of
 * the branch or company they were), though the message's thread now belongs to the new party.
 */
function formerParty(message: audiences.DeliveredMessage): Target | null {
  const payload = message.eventPayload ?? {};
  if (message.eventName === 'swap_buyer') {
    const from = payloadNumber(payload, 'fromBuyerOrganizationId');
    if (from === null || from === payloadNumber(payload, 'toBuyerOrganizationId')) return null;
    return {
      organizationId: from,
      slot: { key: 'buyer_order_notification', branchId: null },
      party: 'former_buyer',
    };
  }
  if (message.eventName === 'swap_supplier') {
    const from = payloadNumber(payload, 'fromSupplierOrganizationId');
    const branchId = payloadNumber(payload, 'fromBranchId');
    if (from === null || branchId === null || branchId === payloadNumber(payload, 'toBranchId')) return null;
    return {
      organizationId: from,
      slot: { key: 'branch_order_notification', branchId },
      party: 'former_supplier',
    };
  }
  return null;
}

/**
 * The orders area's e-mail of an order or cart event (the order's facts and amount block, the
 * orders of a submitted cart), composed by orders/order-emails.service.ts; null for other messages.
 */
async function orderEmailComposer(
  tx: Executor,
  message: audiences.DeliveredMessage,
  appUrl: string,
): Promise<Composer | null> {
  const payload = message.eventPayload ?? {};
  if (message.eventKind === 'orderEvent' && message.orderId !== null && message.eventName) {
    const context = await orderEmails.loadOrderMailContext(tx, message.orderId);
    if (!context) return null;
    const event = { name: message.eventName, payload };
    return async (recipient, unsubscribe) =>
      orderEmails.orderEventEmail(context, event, recipient, { appUrl, unsubscribe });
  }
  if (message.eventName === 'cart_submitted' && message.cartId !== null) {
    const cart = {
      id: message.cartId,
      name: String(payload.cartName ?? ''),
      cartNumber: String(payload.cartNumber ?? ''),
      orderIds: (Array.isArray(payload.orders) ? payload.orders : []).map((order) => Number(order?.id)),
    };
    return (recipient, unsubscribe) =>
      orderEmails.cartSubmittedEmail(tx, cart, recipient, { appUrl, unsubscribe });
  }
  return null;
}

/**
 * Sends one message's notifications: everything in one transaction, so a retried job never sends
 * twice. This is the one path of every order and cart e-mail: the receiving side's subscribed
 * contacts are e-mailed (with the order's own e-mail where the orders area composes one) and texted.
 */
export async function deliverMessageNotifications(settings: DeliverySettings, messageId: number) {
  const { db, mail } = settings;
  await db.transaction(async (tx) => {
    const message = await audiences.findDeliveredMessage(tx, messageId);
    if (!message) return;
    // Staff chose to tell nobody (a quiet cancel, a swap without e-mail): the inboxes still have it.
    if (message.eventPayload?.notify === false || personalTypes.has(message.messageType)) return;
    const facts: NotificationFacts = {
      messageType: message.messageType,
      subjectLine: message.subjectLine,
      orderNumber: message.orderNumber,
      orderName: message.orderName,
      branchName: message.branchName,
      senderName: message.senderName,
      content: message.content,
      link: `${mail.appUrl}/messages/${message.threadId}`,
    };
    const targets: Target[] = [];
    for (const mailbox of message.mailboxes) {
      if (mailbox === 'staff') {
        if (!staffEmailedTypes.has(message.messageType)) continue;
        for (const staff of await audiences.listStaffAddresses(tx)) {
          const { subject, text, html } = notificationEmail(facts, {
            link: `${mail.appUrl}/preferences/edit`,
            category: 'staff notices',
          });
          await sendEmail(tx, mail, { to: staff.email, subject, text, html });
        }
        continue;
      }
      const organizationId = Number(mailbox.replace(/^org:/, ''));
      const slot = slotOf(message, organizationId);
      if (slot) targets.push({ organizationId, slot, party: partyOf(slot) });
    }
    const former = formerParty(message);
    if (former) targets.push(former);
    if (targets.length === 0) return;
    const composer = await orderEmailComposer(tx, message, mail.appUrl);
    for (const target of targets) await notifySubscribers(tx, settings, facts, target, composer);
  });
}

async function notifySubscribers(
  tx: Executor,
  settings: DeliverySettings,
  facts: NotificationFacts,
  target: Target,
  composer: Composer | null,
) {
  const { mail, sms, jobs } = settings;
  const { organizationId, slot } = target;
  // A branch added after the company was created gets its defaults the first time it is notified.
  await ensureDefaultSubscriptions(tx, organizationId);
  const subscribed = await repo.listSubscribedContacts(tx, organizationId, slot.key, slot.branchId);
  const preference = preferenceOf(facts.messageType);
  const userIds = subscribed.flatMap(({ contact }) => (contact.userId === null ? [] : [contact.userId]));
  const preferences = preference ? await audiences.findEmailPreferences(tx, userIds) : new Map();
  const firstNames = composer ? await audiences.findFirstNames(tx, userIds) : new Map<number, string>();
  for (const { contact, subscription } of subscribed) {
    if (preference && contact.userId !== null && preferences.get(contact.userId)?.[preference] === false)
      continue;
    if (contact.notificationMethod === 'Email') {
      const unsubscribe = {
        link: `${mail.appUrl}${unsubscribePath(subscription.unsubscribeToken)}`,
        category: categoryLabels[slot.key],
      };
      const firstName = contact.userId === null ? null : (firstNames.get(contact.userId) ?? null);
      const email =
        (composer ? await composer({ firstName, party: target.party }, unsubscribe) : null) ??
        notificationEmail(facts, unsubscribe);
      await sendEmail(tx, mail, {
        to: contact.notificationDestination,
        ...email,
        unsubscribeUrl: unsubscribe.link,
      });
    } else if (offersText(slot.key)) {
      await sendText(
        tx,
        { sms, queue: jobs },
        {
          to: contact.notificationDestination,
          body: notificationText(facts),
          subject: notificationSubject(facts),
        },
      );
    }
  }
}
/** Registers the job that turns a recorded message into its e-mails and texts (retried as a whole). */
export function registerMessageNotifications(
  jobs: JobQueue,
  settings: Omit<DeliverySettings, 'jobs'> & { attempts: number; retryDelaySeconds: number },
) {
  jobs.work<{ messageId: number }>(
    messageNotificationQueue,
    {
      retryLimit: settings.attempts - 1,
      retryDelaySeconds: settings.retryDelaySeconds,
      retryBackoff: settings.retryDelaySeconds > 0,
    },
    async ({ messageId }) => deliverMessageNotifications({ ...settings, jobs }, messageId),
  );
}
