import type { OrderLabel } from '../orders/order-states';

/**
 * What the dashboard's panel calls answer (spec part 1 §2.1, §4, §9), shared by the server that builds
 * them and the web app that shows them. Money in cents; times are ISO strings.
 */

/** Part 1 §9: how many of each list the dashboard fetches and shows. */
export const dashboardLimits = {
  recentCartsFetch: 10,
  recentCartsShown: 5,
  recentCartsStep: 10,
  hubsheetsPerPage: 3,
  submittedCartsFetch: 15,
  submittedCartsShown: 5,
  submittedCartsStep: 10,
  submittedCartsMax: 15,
  nestedOrdersShown: 3,
  recentOrdersPerTab: 3,
  shopSuppliers: 4,
  favoritesPerSlide: 6,
} as const;

/** Ad zones by activation (part 1 §2.1). */
export const dashboardAdZones = {
  activated: ['20776', '20777'],
  nonActivated: ['20778', '20779'],
} as const;

/** One order inside a submitted cart. */
export type SubmittedCartOrder = {
  id: number;
  orderNumber: string;
  total: number;
  state: string;
  displayState: OrderLabel;
  productCount: number;
  fulfillmentType: 'pickup' | 'delivery';
  expectedOn: string | null;
  branch: { id: number; name: string; slug: string };
};

/** A submitted cart with the orders it split into (Recent Submitted Orders). */
export type SubmittedCartWithOrders = {
  id: number;
  name: string;
  cartNumber: string;
  submittedAt: string | null;
  updatedAt: string;
  jobData: { externalJobNumber: string | null; externalPhase: string | null };
  totalPrice: number;
  orders: SubmittedCartOrder[];
};

/** A supplier branch as the Shop Suppliers card shows it. */
export type DashboardBranch = {
  id: number;
  name: string;
  slug: string;
  displayAddress: string | null;
  address: { street1: string; city: string | null; state: string | null; postalCode: string | null } | null;
  logo: string | null;
};

/** Shop Suppliers: branches of recent orders (up to 4), else up to 4 near the default postal code. */
export type ShopSuppliers = {
  source: 'recent_orders' | 'nearby' | 'none';
  postalCode: string | null;
  results: DashboardBranch[];
};

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
export type SetupProgress = {
  steps: { key: SetupStepKey; label: string; done: boolean }[];
  percent: number;
  complete: boolean;
};

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
export type MarketManagerCard = {
  manager: {
    firstName: string;
    lastName: string;
    email: string;
    phone: string | null;
    userImage: string | null;
    defaultMarketManager: boolean;
  } | null;
  /** What the card shows to reach someone: the manager's own, or the default support contact. */
  contact: { email: string; phone: string; usesSupportContact: boolean };
};

/** Banners and warnings above the panels. Payment data is null while the platform has no payment methods. */
export type DashboardNotices = {
  discountBanner: boolean;
  /** null: payment methods are not known (nothing is shown), else whether any counts. */
  hasPaymentMethod: boolean | null;
  needsPaymentWarning: boolean;
};

/** The caller's incomplete invite request, with the fields still to fill (part 1 §2.6). */
export type PendingInviteRequest = {
  id: number;
  known: {
    phone: string | null;
    companyName: string | null;
    postalCode: string | null;
    companySize: string | null;
    roles: string[];
    companyType: string | null;
    projectTypes: string[];
  };
  missing: (
    | 'phone'
    | 'companyName'
    | 'postalCode'
    | 'companySize'
    | 'roles'
    | 'companyType'
    | 'projectTypes'
  )[];
};
