import { z } from 'zod';
import type { BadgeColor } from '../orders/order-states';

/**
 * What the dashboard's panel calls answer (spec part 1 §2.1, §4, §9), shared by the server that builds
 * them and the web app that shows them. Money in cents; times are ISO strings.
 */

// The lists' sizes and the ad zones live in dashboard-layout.ts (no zod), which the dashboard reads.
export { dashboardAdZones, dashboardLimits } from './dashboard-layout';

// The order's badge as the buyer sees it (src/domain/orders/order-states), declared here as the wire has it.
const badgeColors = [
  'violet',
  'green',
  'blue',
  'orange',
  'red',
  'cyan',
] as const satisfies readonly BadgeColor[];

/** One order inside a submitted cart. */
export const submittedCartOrderSchema = z
  .object({
    id: z.number(),
    orderNumber: z.string(),
    total: z.number(),
    state: z.string(),
    displayState: z.object({ label: z.string(), color: z.enum(badgeColors) }),
    productCount: z.number(),
    fulfillmentType: z.enum(['pickup', 'delivery']),
    expectedOn: z.string().nullable(),
    branch: z.object({ id: z.number(), name: z.string(), slug: z.string() }),
  })
  .meta({ id: 'SubmittedCartOrder' });
export type SubmittedCartOrder = z.infer<typeof submittedCartOrderSchema>;

/** A submitted cart with the orders it split into (Recent Submitted Orders). */
export const submittedCartWithOrdersSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    cartNumber: z.string(),
    submittedAt: z.string().nullable(),
    updatedAt: z.string(),
    jobData: z.object({ externalJobNumber: z.string().nullable(), externalPhase: z.string().nullable() }),
    totalPrice: z.number(),
    orders: z.array(submittedCartOrderSchema),
  })
  .meta({ id: 'SubmittedCartWithOrders' });
export type SubmittedCartWithOrders = z.infer<typeof submittedCartWithOrdersSchema>;

/** A supplier branch as the Shop Suppliers card shows it. */
export const dashboardBranchSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    slug: z.string(),
    displayAddress: z.string().nullable(),
    address: z
      .object({
        street1: z.string(),
        city: z.string().nullable(),
        state: z.string().nullable(),
        postalCode: z.string().nullable(),
      })
      .nullable(),
    logo: z.string().nullable(),
  })
  .meta({ id: 'DashboardBranch' });
export type DashboardBranch = z.infer<typeof dashboardBranchSchema>;

/** Shop Suppliers: branches of recent orders (up to 4), else up to 4 near the default postal code. */
export const shopSuppliersSchema = z
  .object({
    source: z.enum(['recent_orders', 'nearby', 'none']),
    postalCode: z.string().nullable(),
    results: z.array(dashboardBranchSchema),
  })
  .meta({ id: 'ShopSuppliers' });
export type ShopSuppliers = z.infer<typeof shopSuppliersSchema>;

export const setupStepKeys = [
  'accountCreated',
  'searchedForProducts',
  'hasFavoriteSuppliers',
  'hasPaymentMethod',
  'createdCart',
] as const;
export type SetupStepKey = (typeof setupStepKeys)[number];

export const setupStepLabels: Record<SetupStepKey, string> = {
  accountCreated: 'Create your account',
  searchedForProducts: 'Search for a product',
  hasFavoriteSuppliers: 'Favorite a supplier',
  hasPaymentMethod: 'Add a payment method',
  createdCart: 'Create your first cart',
};

/** The account setup checklist (part 1 §4). */
export const setupProgressSchema = z
  .object({
    steps: z.array(z.object({ key: z.enum(setupStepKeys), label: z.string(), done: z.boolean() })),
    percent: z.number(),
    complete: z.boolean(),
  })
  .meta({ id: 'SetupProgress' });
export type SetupProgress = z.infer<typeof setupProgressSchema>;

/** Part 1 §4: the share of the 5 steps done; creating the account always counts. */
export function setupProgressOf(done: Omit<Record<SetupStepKey, boolean>, 'accountCreated'>): SetupProgress {
  const flags: Record<SetupStepKey, boolean> = { accountCreated: true, ...done };
  const steps = setupStepKeys.map((key) => ({ key, label: setupStepLabels[key], done: flags[key] }));
  const doneCount = steps.filter((step) => step.done).length;
  return {
    steps,
    percent: Math.round((doneCount / steps.length) * 100),
    complete: doneCount === steps.length,
  };
}

/** Part 1 §4: a payment method counts when it is the user's own, or their organisation's and approved. */
export function paymentMethodCounts(
  method: { userId: number | null; organizationId: number | null; approved: boolean },
  user: { id: number; organizationId: number | null },
): boolean {
  if (method.userId === user.id) return true;
  return user.organizationId !== null && method.organizationId === user.organizationId && method.approved;
}

/** The market manager card; the default support contact shows when the manager is the default or has none. */
export const marketManagerCardSchema = z
  .object({
    manager: z
      .object({
        firstName: z.string(),
        lastName: z.string(),
        email: z.string(),
        phone: z.string().nullable(),
        userImage: z.string().nullable(),
        defaultMarketManager: z.boolean(),
      })
      .nullable(),
    /** What the card shows to reach someone: the manager's own, or the default support contact. */
    contact: z.object({ email: z.string(), phone: z.string(), usesSupportContact: z.boolean() }),
  })
  .meta({ id: 'MarketManagerCard' });
export type MarketManagerCard = z.infer<typeof marketManagerCardSchema>;

/** Banners and warnings above the panels. Payment data is null while the platform has no payment methods. */
export const dashboardNoticesSchema = z
  .object({
    discountBanner: z.boolean(),
    /** null: payment methods are not known (nothing is shown), else whether any counts. */
    hasPaymentMethod: z.boolean().nullable(),
    needsPaymentWarning: z.boolean(),
  })
  .meta({ id: 'DashboardNotices' });
export type DashboardNotices = z.infer<typeof dashboardNoticesSchema>;

/** The complete-profile fields an invite request may still lack (part 1 §2.6). */
export const profileFields = [
  'phone',
  'companyName',
  'postalCode',
  'companySize',
  'roles',
  'companyType',
  'projectTypes',
] as const;

/** The caller's incomplete invite request, with the fields still to fill (part 1 §2.6). */
export const pendingInviteRequestSchema = z
  .object({
    id: z.number(),
    known: z.object({
      phone: z.string().nullable(),
      companyName: z.string().nullable(),
      postalCode: z.string().nullable(),
      companySize: z.string().nullable(),
      roles: z.array(z.string()),
      companyType: z.string().nullable(),
      projectTypes: z.array(z.string()),
    }),
    missing: z.array(z.enum(profileFields)),
  })
  .meta({ id: 'PendingInviteRequest' });
export type PendingInviteRequest = z.infer<typeof pendingInviteRequestSchema>;

/** `GET /api/v1/dashboard/invite_request`: the pending invite request, or null when none lacks details. */
export const pendingInviteRequestAnswerSchema = z
  .object({ inviteRequest: pendingInviteRequestSchema.nullable() })
  .meta({ id: 'PendingInviteRequestAnswer' });
