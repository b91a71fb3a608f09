import { completeProfileSchema } from '../../../domain/accounts/invite-request-schema';
import { supportContact } from '../../../domain/brand';
import {
  type DashboardBranch,
  type DashboardNotices,
  dashboardLimits,
  type MarketManagerCard,
  type PendingInviteRequest,
  type SetupProgress,
  type ShopSuppliers,
  type SubmittedCartWithOrders,
  setupProgressOf,
} from '../../../domain/dashboard/dashboard-views';
import { buyerOrderLabel, type OrderState } from '../../../domain/orders/order-states';
import type { Caller } from '../../core/caller';
import type { Executor } from '../../core/database';
import { listResponse } from '../../http/list';
import * as dashboardReads from '../../read-models/dashboard';
import * as catalog from '../catalog/catalog.service';
import * as payments from '../payments/payments.service';
import * as marketManagers from '../users/market-managers.service';

const isoOf = (value: Date | string) => new Date(value).toISOString();

/** Recent Submitted Orders: the caller's submitted carts, newest first, each with its orders. */
export async function submittedCarts(db: Executor, caller: Caller, page: number, perPage: number) {
  const carts = await dashboardReads.listSubmittedCarts(db, caller.user.id, page, perPage);
  const results = carts.map(
    (cart): SubmittedCartWithOrders => ({
      id: cart.id,
      name: cart.name,
      cartNumber: cart.cart_number,
      submittedAt: cart.submitted_at === null ? null : isoOf(cart.submitted_at),
      updatedAt: isoOf(cart.updated_at),
      jobData: { externalJobNumber: cart.external_job_number, externalPhase: cart.external_phase },
      totalPrice: cart.total_price,
      orders: cart.orders.map((order) => ({
        id: order.id,
        orderNumber: order.order_number,
        total: order.total,
        state: order.state,
        displayState: buyerOrderLabel(order.state as OrderState, { freightPending: order.freight_pending }),
        productCount: order.product_count,
        fulfillmentType: order.fulfillment === 'delivery' ? 'delivery' : 'pickup',
        expectedOn: order.requested_on,
        branch: { id: order.branch_id, name: order.branch_name, slug: order.branch_slug },
      })),
    }),
  );
  return listResponse(results, carts[0]?.total_count ?? 0, page, perPage);
}

type CatalogBranch = Awaited<ReturnType<typeof catalog.listBranches>>['results'][number];

const branchCard = (branch: CatalogBranch): DashboardBranch => ({
  id: branch.id,
  name: branch.name,
  slug: branch.slug,
  displayAddress: branch.displayAddress,
  address: branch.address && {
    street1: branch.address.street1,
    city: branch.address.city,
    state: branch.address.state,
    postalCode: branch.address.postalCode,
  },
  logo: branch.logo,
});

/**
 * Shop Suppliers (part 1 §2.1): the branches of the organisation's most recent orders (up to 4
 * distinct), else up to 4 branches near the caller's default postal code.
 */
export async function shopSuppliers(db: Executor, caller: Caller): Promise<ShopSuppliers> {
  const limit = dashboardLimits.shopSuppliers;
  const organizationId = caller.user.organizationId;
  const postalCode = caller.user.defaultPostalCode;
  if (organizationId !== null) {
    const recent = await dashboardReads.recentOrderBranches(db, organizationId, limit);
    if (recent.length > 0) {
      const results = recent.map(
        (row): DashboardBranch => ({
          id: row.id,
          name: row.name,
          slug: row.slug,
          displayAddress: row.display_address,
          address: row.street1
            ? { street1: row.street1, city: row.city, state: row.state, postalCode: row.postal_code }
            : null,
          logo: row.logo_url,
        }),
      );
      return { source: 'recent_orders', postalCode, results };
    }
  }
  if (!postalCode) return { source: 'none', postalCode, results: [] };
  try {
    const near = await catalog.listBranches(db, { postalCode, page: 1, perPage: limit });
    return {
      source: near.results.length > 0 ? 'nearby' : 'none',
      postalCode,
      results: near.results.map(branchCard),
    };
  } catch {
    // A default postal code the geocoder does not know simply finds no one nearby.
    return { source: 'none', postalCode, results: [] };
  }
}

/**
 * The account setup checklist (part 1 §4). A payment method counts if it is the user's, or the
 * organisation's and approved (paymentMethodCounts; the payments area applies it in SQL).
 */
export async function setupProgress(db: Executor, caller: Caller): Promise<SetupProgress> {
  return setupProgressOf({
    searchedForProducts: caller.user.searchedForProducts,
    hasFavoriteSuppliers: (caller.profile.favoriteBranchIds ?? []).length > 0,
    hasPaymentMethod: await payments.hasPaymentMethod(db, caller),
    createdCart: caller.user.createdCart,
  });
}

/**
 * The market manager card: the one staff assigned to the caller's organisation (issue 20), else the
 * default manager, for whom the default support contact shows.
 */
export async function marketManager(db: Executor, caller: Caller): Promise<MarketManagerCard> {
  const assigned =
    caller.user.organizationId === null
      ? null
      : await marketManagers.assignedMarketManagerOf(db, caller.user.organizationId);
  const row = assigned ? null : await dashboardReads.findDefaultMarketManager(db);
  const manager = assigned
    ? {
        firstName: assigned.firstName,
        lastName: assigned.lastName,
        email: assigned.email,
        phone: assigned.phone,
        userImage: null,
        defaultMarketManager: false,
      }
    : row && {
        firstName: row.first_name,
        lastName: row.last_name,
        email: row.email,
        phone: row.phone,
        userImage: null,
        defaultMarketManager: true,
      };
  const usesSupportContact = !manager || manager.defaultMarketManager || !manager.phone;
  return {
    manager,
    contact: usesSupportContact
      ? { email: supportContact.email, phone: supportContact.phone, usesSupportContact: true }
      : { email: manager.email, phone: manager.phone ?? supportContact.phone, usesSupportContact: false },
  };
}

/**
 * Banners above the panels: the loyalty discount, and the needs-payment warning when the buyer's
 * orders would be held for payment information (payments.canPayForOrders: no usable payment method
 * and no trade credit; part 1 §2.1; suppliers pay nothing, so never them).
 */
export async function notices(db: Executor, caller: Caller): Promise<DashboardNotices> {
  const organizationId = caller.user.organizationId;
  const hasPaymentMethod = await payments.hasPaymentMethod(db, caller);
  const buyer =
    organizationId !== null &&
    caller.profile.organizationIsBuyer !== false &&
    caller.profile.branches.length === 0;
  return {
    discountBanner: organizationId !== null && (await dashboardReads.hasLoyaltyDiscount(db, organizationId)),
    hasPaymentMethod,
    needsPaymentWarning:
      buyer &&
      !hasPaymentMethod &&
      !(await payments.canPayForOrders(db, { userId: caller.user.id, organizationId })),
  };
}

/**
 * The caller's invite request that still lacks details the complete-profile modal asks for (part 1
 * §2.6), or null. A linked organisation supplies the company details it already holds.
 */
export async function pendingInviteRequest(
  db: Executor,
  caller: Caller,
): Promise<{ inviteRequest: PendingInviteRequest | null }> {
  const row = await dashboardReads.findOpenInviteRequest(db, caller.user.id);
  if (!row) return { inviteRequest: null };
  const known = {
    phone: row.phone ?? caller.user.phone,
    companyName: row.company_name ?? row.organization_name,
    postalCode: row.postal_code ?? caller.user.defaultPostalCode,
    companySize: row.company_size ?? row.organization_company_size,
    roles: row.roles,
    companyType: row.company_type ?? row.organization_company_type,
    projectTypes: row.project_types.length > 0 ? row.project_types : (row.organization_project_types ?? []),
  };
  const parsed = completeProfileSchema.safeParse(known);
  if (parsed.success) return { inviteRequest: null };
  const missing = [
    ...new Set(
      parsed.error.issues
        .map((issue) => String(issue.path[0]))
        .filter((field): field is PendingInviteRequest['missing'][number] => field in known),
    ),
  ];
  return { inviteRequest: missing.length > 0 ? { id: row.id, known, missing } : null };
}
