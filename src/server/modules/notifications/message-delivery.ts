import {
  categoryLabels,
  type NotificationKey,
  offersText,
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
import { messageNotificationQueue } from './message-notifications.service';
import { ensureDefaultSubscriptions } from './notification-settings.service';
import * as repo from './notifications.repository';
import { type MailSending, sendEmail } from './notifications.service';
import { sendText } from './text-delivery';
import type { SmsProvider } from './text-messages';

/** Message types the staff mailbox also hears about by e-mail (the rest they read in Beehive's inbox). */
const staffEmailedTypes = new Set(['order_needs_review', 'past_due_order_reminder']);

/**
 * Order and cart events whose e-mail the orders area already sends its members itself, with the
 * order's amounts (order-emails.ts, submit-cart's mails): a member's own address is not mailed a
 * second time for them; texts and every other contact still are. Reminders are ours alone.
 */
const mailedByOrders = (message: audiences.DeliveredMessage) =>
  (message.eventKind === 'orderEvent' || message.eventKind === 'cartEvent') &&
  !['upcoming_order_reminder_buyer', 'past_due_order_reminder'].includes(message.messageType);

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

/** Sends one message's notifications: everything in one transaction, so a retried job never sends twice. */
export async function deliverMessageNotifications(settings: DeliverySettings, messageId: number) {
  const { db, mail } = settings;
  await db.transaction(async (tx) => {
    const message = await audiences.findDeliveredMessage(tx, messageId);
    if (!message) return;
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
    for (const mailbox of message.mailboxes) {
      if (mailbox === 'staff') {
        if (!staffEmailedTypes.has(message.messageType)) continue;
        for (const staff of await audiences.listStaffAddresses(tx)) {
          const { subject, text, html } = notificationEmail(
            { ...facts, link: `${mail.appUrl}/messages/${message.threadId}` },
            { link: `${mail.appUrl}/preferences/edit`, category: 'staff notices' },
          );
          await sendEmail(tx, mail, { to: staff.email, subject, text, html });
        }
        continue;
      }
      const organizationId = Number(mailbox.replace(/^org:/, ''));
      const slot = slotOf(message, organizationId);
      if (!slot) continue;
      const skipEmails = mailedByOrders(message)
        ? await audiences.listMemberEmails(tx, organizationId)
        : new Set<string>();
      await notifySubscribers(tx, settings, facts, organizationId, slot, skipEmails);
    }
  });
}

async function notifySubscribers(
  tx: Executor,
  settings: DeliverySettings,
  facts: NotificationFacts,
  organizationId: number,
  slot: { key: NotificationKey; branchId: number | null },
  skipEmails: Set<string>,
) {
  const { mail, sms, jobs } = settings;
  // A branch added after the company was created gets its defaults the first time it is notified.
  await ensureDefaultSubscriptions(tx, organizationId);
  const subscribed = await repo.listSubscribedContacts(tx, organizationId, slot.key, slot.branchId);
  const preference = preferenceOf(facts.messageType);
  const userIds = subscribed.flatMap(({ contact }) => (contact.userId === null ? [] : [contact.userId]));
  const preferences = preference ? await audiences.findEmailPreferences(tx, userIds) : new Map();
  for (const { contact, subscription } of subscribed) {
    if (preference && contact.userId !== null && preferences.get(contact.userId)?.[preference] === false)
      continue;
    if (contact.notificationMethod === 'Email') {
      if (skipEmails.has(contact.notificationDestination)) continue;
      const { subject, text, html } = notificationEmail(facts, {
        link: `${mail.appUrl}/notifications/unsubscribe/${subscription.unsubscribeToken}`,
        category: categoryLabels[slot.key],
      });
      await sendEmail(tx, mail, { to: contact.notificationDestination, subject, text, html });
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
