import { z } from 'zod';
import { priceTierSchema } from '../catalog/catalog-views';
import { recordIdSchema } from '../record-ids';

// Issue 19: a supplier's inventory, branch rules, notices and purchase discounts (spec part 3 §7.6).

export const inventoryMessages = {
  quantity: 'Enter a whole quantity of 0 or more',
  price: 'Enter a price of $0.00 or more',
  tierMin: 'Enter a tier break of 1 or more',
  tiersRequired: 'Enter a price or remove the tier',
  duplicateTier: 'Each tier break must be different',
  minimumOrder: 'Enter a minimum order of $0.00 or more',
  leadDays: 'Enter a lead time of 0 days or more',
  deliveryDay: 'Choose days of the week',
  noticeBody: 'Enter the notice',
  noticeTooLong: 'Limit the notice to 500 characters',
  noticeDates: 'The end date must be on or after the start date',
  discountValue: 'Enter a discount above 0',
  percentTooHigh: 'A percentage discount must be 100 or less',
  supplierRequired: 'Choose a supplier',
  ownSupplier: 'You cannot ask your own company for a purchase discount',
  alreadyPending: 'You already asked this supplier; wait for its answer',
  notPending: 'This request has already been answered',
  branchNotFound: 'Branch not found',
  listingNotFound: 'Listing not found',
  requestNotFound: 'Purchase discount request not found',
  noticeNotFound: 'Notice not found',
} as const;

export const weekDays = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

/** One listing row of the inventory table. */
export const inventoryRowSchema = z
  .object({
    id: z.number(),
    branchId: z.number(),
    branchName: z.string(),
    branchSlug: z.string(),
    productId: z.number(),
    pathIdentifier: z.string(),
    primaryName: z.string(),
    secondaryName: z.string().nullable(),
    productVariantId: z.number(),
    size: z.string(),
    quantity: z.number(),
    ignoreQuantity: z.boolean(),
    priceTiers: z.array(priceTierSchema),
    /** Whether the organisation's own supplier discount applies to this listing (it has one and the listing a price). */
    supplierDiscountEligible: z.boolean(),
    updatedAt: z.string(),
    stale: z.boolean(),
  })
  .meta({ id: 'InventoryRow' });
export type InventoryRow = z.infer<typeof inventoryRowSchema>;

export const inventoryStockFilters = ['all', 'in_stock', 'out_of_stock', 'stale'] as const;

const priceCents = z
  .number({ error: inventoryMessages.price })
  .int({ error: inventoryMessages.price })
  .min(0, { error: inventoryMessages.price })
  .max(100_000_000, { error: inventoryMessages.price });

export const priceTierInputSchema = z.object({
  quantityMin: z
    .number({ error: inventoryMessages.tierMin })
    .int({ error: inventoryMessages.tierMin })
    .min(1, { error: inventoryMessages.tierMin })
    .max(1_000_000, { error: inventoryMessages.tierMin }),
  price: priceCents,
});

/** PATCH /api/v1/availabilities/{id}: any of quantity, ignoreQuantity and priceTiers (cents). */
export const updateAvailabilitySchema = z
  .object({
    quantity: z
      .number({ error: inventoryMessages.quantity })
      .int({ error: inventoryMessages.quantity })
      .min(0, { error: inventoryMessages.quantity })
      .max(10_000_000, { error: inventoryMessages.quantity })
      .optional(),
    ignoreQuantity: z.boolean().optional(),
    priceTiers: z
      .array(priceTierInputSchema)
      .max(10)
      .refine((tiers) => new Set(tiers.map((tier) => tier.quantityMin)).size === tiers.length, {
        error: inventoryMessages.duplicateTier,
      })
      .optional(),
  })
  .meta({ id: 'UpdateAvailability' });
export type UpdateAvailability = z.infer<typeof updateAvailabilitySchema>;

export const orderRequirementsSchema = z
  .object({
    branchId: z.number(),
    minimumOrderCents: z.number().nullable(),
    minimumLeadDays: z.number().nullable(),
    deliveryDays: z.array(z.enum(weekDays)),
    pickupHours: z.string().nullable(),
  })
  .meta({ id: 'OrderRequirements' });
export type OrderRequirements = z.infer<typeof orderRequirementsSchema>;

export const orderRequirementsInputSchema = z
  .object({
    minimumOrderCents: z
      .number({ error: inventoryMessages.minimumOrder })
      .int({ error: inventoryMessages.minimumOrder })
      .min(0, { error: inventoryMessages.minimumOrder })
      .max(100_000_000, { error: inventoryMessages.minimumOrder })
      .nullable()
      .default(null),
    minimumLeadDays: z
      .number({ error: inventoryMessages.leadDays })
      .int({ error: inventoryMessages.leadDays })
      .min(0, { error: inventoryMessages.leadDays })
      .max(365, { error: inventoryMessages.leadDays })
      .nullable()
      .default(null),
    deliveryDays: z
      .array(z.enum(weekDays, { error: inventoryMessages.deliveryDay }))
      .max(7)
      .default([]),
    pickupHours: z.string().trim().max(200).nullable().default(null),
  })
  .meta({ id: 'OrderRequirementsBody' });
export type OrderRequirementsInput = z.infer<typeof orderRequirementsInputSchema>;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Enter a date as YYYY-MM-DD' })
  .refine(
    (text) => {
      const date = new Date(`${text}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
    },
    {
      error: 'Enter a real date',
    },
  );

export const supplierNoticeSchema = z
  .object({
    id: z.number(),
    branchId: z.number(),
    body: z.string(),
    startsOn: z.string().nullable(),
    endsOn: z.string().nullable(),
    active: z.boolean(),
  })
  .meta({ id: 'SupplierNotice' });
export type SupplierNotice = z.infer<typeof supplierNoticeSchema>;

export const supplierNoticeInputSchema = z
  .object({
    body: z
      .string({ error: inventoryMessages.noticeBody })
      .trim()
      .min(1, { error: inventoryMessages.noticeBody })
      .max(500, { error: inventoryMessages.noticeTooLong }),
    startsOn: isoDate.nullable().default(null),
    endsOn: isoDate.nullable().default(null),
  })
  .refine((notice) => !notice.startsOn || !notice.endsOn || notice.startsOn <= notice.endsOn, {
    error: inventoryMessages.noticeDates,
    path: ['endsOn'],
  })
  .meta({ id: 'SupplierNoticeBody' });
export type SupplierNoticeInput = z.infer<typeof supplierNoticeInputSchema>;

/** What buyers see of a branch's terms: its order requirements and notices active today. */
export const branchTermsSchema = z
  .object({
    branchId: z.number(),
    branchName: z.string(),
    orderRequirements: orderRequirementsSchema.nullable(),
    notices: z.array(supplierNoticeSchema),
  })
  .meta({ id: 'BranchTerms' });
export type BranchTerms = z.infer<typeof branchTermsSchema>;

/** A branch of the caller's organisation as the inventory page manages it. */
export const inventoryBranchSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    slug: z.string(),
    isPrimary: z.boolean(),
    hidden: z.boolean(),
    logoUrl: z.string().nullable(),
    listingCount: z.number(),
    inStockCount: z.number(),
    lastUpdatedAt: z.string().nullable(),
  })
  .meta({ id: 'InventoryBranch' });

export const inventoryOrganizationSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    slug: z.string(),
    logoUrl: z.string().nullable(),
    branches: z.array(inventoryBranchSchema),
  })
  .meta({ id: 'InventoryOrganization' });
export type InventoryOrganization = z.infer<typeof inventoryOrganizationSchema>;

export const branchVisibilitySchema = z.object({ hidden: z.boolean() }).meta({ id: 'BranchVisibility' });

export const zeroOutResultSchema = z.object({ updated: z.number() }).meta({ id: 'ZeroOutResult' });

export const purchaseDiscountOperators = ['PERCENTAGE', 'FLAT_RATE'] as const;
export const purchaseDiscountStates = ['pending', 'approved', 'denied'] as const;

/**
 * A buyer's purchase discount request (EVD). value: percent for PERCENTAGE (2.5 = 2.5 %), cents
 * off each unit for FLAT_RATE.
 */
export const purchaseDiscountRequestSchema = z
  .object({
    id: z.number(),
    state: z.enum(purchaseDiscountStates),
    buyerOrganizationId: z.number(),
    buyerOrganizationName: z.string(),
    supplierOrganizationId: z.number(),
    supplierOrganizationName: z.string(),
    operator: z.enum(purchaseDiscountOperators),
    value: z.number(),
    terms: z.string().nullable(),
    createdAt: z.string(),
    decidedAt: z.string().nullable(),
  })
  .meta({ id: 'PurchaseDiscountRequest' });
export type PurchaseDiscountRequest = z.infer<typeof purchaseDiscountRequestSchema>;

const discountFields = {
  operator: z.enum(purchaseDiscountOperators, { error: 'Choose PERCENTAGE or FLAT_RATE' }),
  value: z
    .number({ error: inventoryMessages.discountValue })
    .positive({ error: inventoryMessages.discountValue })
    .max(100_000_000, { error: inventoryMessages.discountValue }),
  terms: z.string().trim().max(1000).nullable().default(null),
};

export const purchaseDiscountRequestInputSchema = z
  .object({ supplierOrganizationId: recordIdSchema(inventoryMessages.supplierRequired), ...discountFields })
  .refine((input) => input.operator !== 'PERCENTAGE' || input.value <= 100, {
    error: inventoryMessages.percentTooHigh,
    path: ['value'],
  })
  .meta({ id: 'PurchaseDiscountRequestBody' });
export type PurchaseDiscountRequestInput = z.infer<typeof purchaseDiscountRequestInputSchema>;

/** Staff create an approved purchase discount (create_evd). */
export const purchaseDiscountStaffInputSchema = z
  .object({
    buyerOrganizationId: recordIdSchema('Choose a buyer'),
    supplierOrganizationId: recordIdSchema(inventoryMessages.supplierRequired),
    ...discountFields,
  })
  .refine((input) => input.operator !== 'PERCENTAGE' || input.value <= 100, {
    error: inventoryMessages.percentTooHigh,
    path: ['value'],
  })
  .meta({ id: 'PurchaseDiscountStaffBody' });
export type PurchaseDiscountStaffInput = z.infer<typeof purchaseDiscountStaffInputSchema>;
