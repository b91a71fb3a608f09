import { z } from 'zod';

/**
 * Loyalty discounts: a platform ('Hedgerow Discount') discount staff give one buyer organisation, a
 * percentage off every supplier's price, between optional first and last instants. The dashboard
 * shows its loyalty banner while one is in force.
 */
export const loyaltyDiscountMessages = {
  name: 'Enter a name for this discount',
  percent: 'Enter a percentage between 0.01 and 100',
  ends: 'The end must be after the start',
  notFound: 'Loyalty discount not found',
  ended: 'This discount has already ended',
} as const;

const instant = z.iso.datetime({ offset: true, error: 'Enter a date and time' }).nullable().default(null);

export const loyaltyDiscountInputSchema = z
  .object({
    name: z.string().trim().min(1, { error: loyaltyDiscountMessages.name }).max(120, {
      error: 'Limit name to 120 characters',
    }),
    /** Percent off, up to two decimals (2.5 is 2.5%); stored as basis points. */
    percent: z
      .number({ error: loyaltyDiscountMessages.percent })
      .min(0.01, { error: loyaltyDiscountMessages.percent })
      .max(100, { error: loyaltyDiscountMessages.percent })
      .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
        error: loyaltyDiscountMessages.percent,
      }),
    startsAt: instant,
    endsAt: instant,
  })
  .refine(
    (input) => !input.startsAt || !input.endsAt || Date.parse(input.endsAt) > Date.parse(input.startsAt),
    {
      error: loyaltyDiscountMessages.ends,
      path: ['endsAt'],
    },
  )
  .meta({ id: 'LoyaltyDiscountBody' });
export type LoyaltyDiscountInput = z.infer<typeof loyaltyDiscountInputSchema>;

export const loyaltyDiscountStatuses = ['scheduled', 'active', 'ended'] as const;
export type LoyaltyDiscountStatus = (typeof loyaltyDiscountStatuses)[number];

export const loyaltyDiscountStatusLabels: Record<LoyaltyDiscountStatus, string> = {
  scheduled: 'Scheduled',
  active: 'In force',
  ended: 'Ended',
};

export const loyaltyDiscountSchema = z
  .object({
    id: z.number(),
    organizationId: z.number(),
    name: z.string(),
    percent: z.number(),
    startsAt: z.string().nullable(),
    endsAt: z.string().nullable(),
    status: z.enum(loyaltyDiscountStatuses),
  })
  .meta({ id: 'LoyaltyDiscount' });
export type LoyaltyDiscount = z.infer<typeof loyaltyDiscountSchema>;

/** Where a discount stands at `now`: not yet begun, in force, or over. */
export function loyaltyDiscountStatus(
  discount: { startsAt: string | null; endsAt: string | null },
  now: Date,
): LoyaltyDiscountStatus {
  const at = now.getTime();
  if (discount.endsAt && Date.parse(discount.endsAt) <= at) return 'ended';
  if (discount.startsAt && Date.parse(discount.startsAt) > at) return 'scheduled';
  return 'active';
}
