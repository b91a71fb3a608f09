import { z } from 'zod';
import { calendarDateSchema } from '../calendar-date';

export const analyticsOffMessage = 'Analytics is not turned on for your company. Contact us to turn it on.';
export const rangeOrderMessage = 'The start date must be on or before the end date';
export const rangeTooLongMessage = 'Choose a range of two years or less';

/** The days a report covers (both included); without them, the last 12 weeks up to today. */
export const reportRangeQuerySchema = z
  .object({ startDate: calendarDateSchema().optional(), endDate: calendarDateSchema().optional() })
  .superRefine((value, ctx) => {
    if (value.startDate && value.endDate && value.startDate > value.endDate) {
      ctx.addIssue({ code: 'custom', path: ['startDate'], message: rangeOrderMessage });
    }
  });

/** How many days a report may span. */
export const maxReportDays = 731;
/** The default range: the last 12 weeks up to today. */
export const defaultReportDays = 84;

const rangeSchema = z.object({ startDate: z.string(), endDate: z.string() });
const weekRow = z.object({ week: z.string(), orders: z.number(), amount: z.number() });

/**
 * A supplier's analytics (issue 19): orders and revenue by week and branch, response time, top products,
 * search clicks and impressions.
 */
export const supplierReportSchema = z
  .object({
    range: rangeSchema,
    totals: z.object({
      orders: z.number(),
      revenue: z.number(),
      responded: z.number(),
      averageResponseHours: z.number().nullable(),
      medianResponseHours: z.number().nullable(),
      searchClicks: z.number(),
      /** How often the organisation's listings were shown in search results (see searchImpressions). */
      searchImpressions: z.number(),
    }),
    byWeek: z.array(weekRow),
    byBranch: z.array(
      z.object({
        branchId: z.number(),
        branchName: z.string(),
        orders: z.number(),
        revenue: z.number(),
        averageResponseHours: z.number().nullable(),
      }),
    ),
    topProducts: z.array(
      z.object({
        name: z.string(),
        size: z.string().nullable(),
        quantity: z.number(),
        revenue: z.number(),
        orders: z.number(),
      }),
    ),
    searchClicks: z.array(z.object({ productId: z.number(), name: z.string(), clicks: z.number() })),
    /** Search impressions per branch: result tiles shown for products the branch lists in stock. */
    searchImpressions: z.array(
      z.object({ branchId: z.number(), branchName: z.string(), impressions: z.number() }),
    ),
  })
  .meta({ id: 'SupplierReport' });
export type SupplierReport = z.infer<typeof supplierReportSchema>;

/** A buyer's analytics: spend by week, by supplier and by job. */
export const buyerReportSchema = z
  .object({
    range: rangeSchema,
    totals: z.object({ orders: z.number(), spend: z.number() }),
    byWeek: z.array(weekRow),
    bySupplier: z.array(z.object({ supplierName: z.string(), orders: z.number(), spend: z.number() })),
    byJob: z.array(z.object({ job: z.string(), orders: z.number(), spend: z.number() })),
  })
  .meta({ id: 'BuyerReport' });
export type BuyerReport = z.infer<typeof buyerReportSchema>;
