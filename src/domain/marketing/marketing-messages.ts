import { z } from 'zod';
import { nullableTextSchema, requiredTextSchema } from '../accounts/address-schema';
import { dateFormatMessage, impossibleDateMessage, isCalendarDay } from '../calendar-date';

// Who a marketing message is for (spec part 1 §2.1): the audiences and their colours live in marketing-audiences.ts (no zod): the dashboard's messages read them.
export {
  audienceColor,
  audiencesOf,
  type MarketingAudience,
  marketingAudienceLabels,
  marketingAudiences,
} from './marketing-audiences';

import { marketingAudiences } from './marketing-audiences';

/** A link a message or ad may point to: a full http(s) address or a path on this site. */
export function isLinkTarget(value: string): boolean {
  if (value.startsWith('/') && !value.startsWith('//')) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

export const linkInvalidMessage = 'Enter a full link (https://…) or a path on this site (/search)';
export const activeDatesOrderMessage = 'The end date must be on or after the start date';

/** Lets a cross-field rule run unless a field it reads is itself malformed (it would read garbage). */
export function whenFieldsParsed(fields: readonly string[]) {
  return (payload: z.core.ParsePayload): boolean =>
    payload.issues.every((issue) => !fields.includes(String(issue.path?.[0])));
}

/** The last day shown may not come before the first. */
export function activeDatesRule(
  value: { activeFrom: string | null; activeTo: string | null },
  context: z.RefinementCtx,
) {
  if (value.activeFrom && value.activeTo && value.activeTo < value.activeFrom) {
    context.addIssue({ code: 'custom', path: ['activeTo'], message: activeDatesOrderMessage });
  }
}

/** An optional calendar day (YYYY-MM-DD); blank means none. */
export const optionalDateSchema = z
  .string()
  .trim()
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || /^\d{4}-\d{2}-\d{2}$/.test(value), {
    error: dateFormatMessage,
    abort: true,
  })
  .refine((value) => value === null || isCalendarDay(value), { error: impossibleDateMessage });

function limitedText(field: string, max: number) {
  return nullableTextSchema.refine((value) => value === null || value.length <= max, {
    error: `Limit ${field} to ${max} characters`,
  });
}

function limitedRequiredText(message: string, field: string, max: number) {
  return requiredTextSchema(message).max(max, { error: `Limit ${field} to ${max} characters` });
}

const optionalLinkSchema = nullableTextSchema.refine((value) => value === null || isLinkTarget(value), {
  error: linkInvalidMessage,
});

/** A marketing message as admins write it (title, message, audience, call to action, labels, dates). */
export const marketingMessageSchema = z
  .object({
    title: limitedRequiredText('Enter a title for this message', 'title', 120),
    message: limitedRequiredText('Enter the text of this message', 'message', 1000),
    audience: z.enum(marketingAudiences, { error: 'Choose who sees this message' }),
    ctaUrl: optionalLinkSchema,
    ctaButtonLabel: limitedText('button label', 40),
    ctaEventLabel: limitedText('call-to-action event label', 100),
    eventLabel: limitedText('event label', 100),
    activeFrom: optionalDateSchema,
    activeTo: optionalDateSchema,
    active: z.boolean().default(true),
  })
  // Each cross-field rule runs while unrelated fields are wrong, so the form shows every error at once.
  .superRefine(
    (value, context) => {
      const url = typeof value.ctaUrl === 'string' ? value.ctaUrl : null;
      if (url && !value.ctaButtonLabel) {
        context.addIssue({
          code: 'custom',
          path: ['ctaButtonLabel'],
          message: 'Enter a button label for this call to action',
        });
      }
      if (value.ctaButtonLabel && !url) {
        context.addIssue({ code: 'custom', path: ['ctaUrl'], message: 'Enter a link for this button' });
      }
    },
    { when: whenFieldsParsed(['ctaButtonLabel']) },
  )
  .superRefine(activeDatesRule, { when: whenFieldsParsed(['activeFrom', 'activeTo']) });

export type MarketingMessageInput = z.input<typeof marketingMessageSchema>;
export type MarketingMessageValues = z.output<typeof marketingMessageSchema>;

/** A marketing message as a signed-in user receives it (spec part 1 §3). */
export const marketingMessageViewSchema = z
  .object({
    id: z.number(),
    title: z.string(),
    message: z.string(),
    audience: z.enum(marketingAudiences),
    ctaUrl: z.string().nullable(),
    ctaButtonLabel: z.string().nullable(),
    ctaEventLabel: z.string().nullable(),
    eventLabel: z.string().nullable(),
  })
  .meta({ id: 'MarketingMessage' });
export type MarketingMessage = z.infer<typeof marketingMessageViewSchema>;

/** A marketing message as admins see it, with its dates and switch. */
export const adminMarketingMessageSchema = marketingMessageViewSchema
  .extend({
    activeFrom: z.string().nullable(),
    activeTo: z.string().nullable(),
    active: z.boolean(),
    live: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AdminMarketingMessage' });
export type AdminMarketingMessage = z.infer<typeof adminMarketingMessageSchema>;

/** Tells whether something switched on with optional first and last days is shown on a day. */
export function isLiveOn(
  item: { active: boolean; activeFrom: string | null; activeTo: string | null },
  today: string,
): boolean {
  return (
    item.active &&
    (!item.activeFrom || item.activeFrom <= today) &&
    (!item.activeTo || item.activeTo >= today)
  );
}
