import { z } from 'zod';
import { emailInvalidMessage } from '../accounts/messages';
import { phoneDigits } from '../accounts/phone';
import { recordIdSchema } from '../record-ids';

/** The subscription keys of spec part 3 §3: who hears about what. */
export const notificationKeys = [
  'branch_order_notification',
  'buyer_order_notification',
  'branch_photo_notification',
  'requester_notification',
] as const;
export type NotificationKey = (typeof notificationKeys)[number];

/** Keys subscribed per branch (a supplier's branches each have their own contacts). */
export const branchKeys: readonly NotificationKey[] = [
  'branch_order_notification',
  'branch_photo_notification',
];
export const isBranchKey = (key: NotificationKey) => branchKeys.includes(key);

/** Keys that carry order communications: they keep at least one e-mail contact at all times. */
export const requiredKeys: readonly NotificationKey[] = [
  'branch_order_notification',
  'buyer_order_notification',
];
export const isRequiredKey = (key: NotificationKey) => requiredKeys.includes(key);

/** Keys that may be sent as text messages; photo requests are e-mail only (they carry pictures). */
export const textKeys: readonly NotificationKey[] = ['branch_order_notification', 'buyer_order_notification'];
export const offersText = (key: NotificationKey) => textKeys.includes(key);

/** The row a key shows as in the settings table (spec part 3 §2.6). */
export const categoryLabels: Record<NotificationKey, string> = {
  branch_order_notification: 'Order Communications',
  buyer_order_notification: 'Order Communications',
  branch_photo_notification: 'Photo Requests',
  requester_notification: 'Photo Requests',
};

export const notificationMethods = ['Email', 'Phone'] as const;
export type NotificationMethod = (typeof notificationMethods)[number];
/** How a method is named on screen: phone contacts receive text messages. */
export const methodLabels: Record<NotificationMethod, string> = { Email: 'Email', Phone: 'Text' };

export const notificationTexts = {
  phoneRequired: 'Phone Number is Required',
  phoneInvalid: 'Use a valid 10-digit phone number',
  emailRequired: 'Email is required',
  emailInvalid: emailInvalidMessage,
  labelTooLong: 'Limit Name to 100 characters',
  textUnavailable: 'unavailable for this category',
  textNotOffered: 'Text messages are unavailable for this category',
  keyNotOffered: 'This category does not apply to your company',
  branchRequired: 'Choose the branch these notifications are for',
  contactNotFound: 'Contact not found',
  lastOrderEmail:
    'Order Communications need at least one email contact at all times. Add another email contact before removing or turning off this one.',
  autosaved: 'Your changes are autosaved',
  disableTitle: 'Disable Notification',
} as const;

/** The digits of a North American phone number, dropping a leading country code 1. */
export function phoneContactDigits(value: string) {
  const digits = phoneDigits(value);
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Field rules of the contact form (spec part 3 §5): the same schema checks the form and the API. */
export const contactFieldsSchema = z
  .object({
    notificationMethod: z.enum(notificationMethods, { error: 'Choose Email or Text' }),
    notificationDestination: z.string({ error: 'Enter where to send notifications' }).default(''),
    contactLabel: z
      .string()
      .trim()
      .max(100, { error: notificationTexts.labelTooLong })
      .nullish()
      .transform((value) => (value ? value : null)),
  })
  .superRefine((value, context) => {
    const destination = value.notificationDestination.trim();
    const issue = (message: string) =>
      context.addIssue({ code: 'custom', path: ['notificationDestination'], message });
    if (value.notificationMethod === 'Phone') {
      if (destination === '' || phoneDigits(destination) === '')
        return issue(notificationTexts.phoneRequired);
      if (phoneContactDigits(destination).length !== 10) return issue(notificationTexts.phoneInvalid);
    } else {
      if (destination === '') return issue(notificationTexts.emailRequired);
      if (!emailPattern.test(destination)) return issue(notificationTexts.emailInvalid);
    }
  })
  .transform((value) => ({
    ...value,
    // Stored as the digits (phones) or the trimmed, lower-cased address, so one destination is one contact.
    notificationDestination:
      value.notificationMethod === 'Phone'
        ? phoneContactDigits(value.notificationDestination)
        : value.notificationDestination.trim().toLowerCase(),
  }));

const idSchema = recordIdSchema();

/** POST /api/v1/notification_contacts: create a contact and subscribe it to one key. */
export const createContactSchema = z
  .object({
    subscriptionKey: z.enum(notificationKeys, { error: 'Choose a notification category' }),
    organizationId: idSchema.optional(),
    branchId: idSchema.nullish(),
    notificationMethod: z.enum(notificationMethods, { error: 'Choose Email or Text' }),
    notificationDestination: z.string().default(''),
    contactLabel: z.string().nullish(),
  })
  .superRefine((value, context) => {
    const fields = contactFieldsSchema.safeParse(value);
    if (!fields.success)
      for (const issue of fields.error.issues) context.addIssue({ ...issue, code: 'custom' });
  })
  .transform((value) => ({ ...value, ...contactFieldsSchema.parse(value) }));
export type CreateContactInput = z.output<typeof createContactSchema>;

/** POST /api/v1/notification_subscriptions/subscribe and /unsubscribe. */
export const subscriptionChangeSchema = z.object({
  notificationContactIds: z.array(idSchema).min(1, { error: 'Choose at least one contact' }).max(200),
  subscriptionKey: z.enum(notificationKeys, { error: 'Choose a notification category' }),
  branchId: idSchema.nullish(),
});
export type SubscriptionChange = z.output<typeof subscriptionChangeSchema>;

export const notificationSubscriptionSchema = z
  .object({
    id: z.number(),
    key: z.enum(notificationKeys),
    branchId: z.number().nullable(),
    active: z.boolean(),
    notificationContact: z.object({ id: z.number() }),
  })
  .meta({ id: 'NotificationSubscription' });
export type NotificationSubscription = z.infer<typeof notificationSubscriptionSchema>;

export const notificationContactSchema = z
  .object({
    id: z.number(),
    notificationMethod: z.enum(notificationMethods),
    notificationDestination: z.string(),
    contactLabel: z.string().nullable(),
    active: z.boolean(),
    userId: z.number().nullable(),
    subscriptions: z.array(notificationSubscriptionSchema),
  })
  .meta({ id: 'NotificationContact' });
export type NotificationContact = z.infer<typeof notificationContactSchema>;

/** Everything the settings screen shows for one organisation. */
export const notificationSettingsSchema = z
  .object({
    organizationId: z.number(),
    /** The keys that fit the organisation: buyer keys for buyers, branch keys for suppliers. */
    keys: z.array(z.enum(notificationKeys)),
    results: z.array(notificationContactSchema),
    branches: z.array(
      z.object({
        id: z.number(),
        name: z.string(),
        hidden: z.boolean(),
        notificationSubscriptions: z.array(notificationSubscriptionSchema),
      }),
    ),
  })
  .meta({ id: 'NotificationSettings' });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** What the one-click unsubscribe page shows. */
export const unsubscribeViewSchema = z
  .object({
    category: z.string(),
    branchName: z.string().nullable(),
    organizationName: z.string(),
    notificationMethod: z.enum(notificationMethods),
    notificationDestination: z.string(),
    active: z.boolean(),
    /** Why it could not be turned off (the last e-mail of Order Communications), else null. */
    refusal: z.string().nullable(),
  })
  .meta({ id: 'UnsubscribeView' });
export type UnsubscribeView = z.infer<typeof unsubscribeViewSchema>;

/** The path of a subscription's unsubscribe page (the e-mail link) and of its one-click POST (RFC 8058). */
export const unsubscribePath = (token: string) => `/notifications/unsubscribe/${token}`;

export const oneClickRequiredMessage = 'Send List-Unsubscribe=One-Click to unsubscribe with one click.';

/** The form body a mail client posts to a List-Unsubscribe URL (RFC 8058 §3.1). */
export const oneClickUnsubscribeSchema = z.object({
  'List-Unsubscribe': z.literal('One-Click', { error: oneClickRequiredMessage }),
});

/** A text message's longest length (two SMS segments). */
export const maxTextLength = 320;

/** Fits a text message into {@link maxTextLength}, keeping the link at its end whole. */
export function textMessageBody(text: string, link: string) {
  const room = maxTextLength - link.length - 1;
  const body = text.length > room ? `${text.slice(0, Math.max(0, room - 1)).trimEnd()}…` : text;
  return `${body} ${link}`;
}
