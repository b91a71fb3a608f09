import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompleteProfileInput } from '../../../../domain/accounts/invite-request-schema';
import type { CartSummary } from '../../../../domain/carts/cart-view';
import {
  type DashboardNotices,
  dashboardLimits,
  type MarketManagerCard,
  type PendingInviteRequest,
  type SetupProgress,
  type ShopSuppliers,
  type SubmittedCartWithOrders,
} from '../../../../domain/dashboard/dashboard-views';
import type { HubsheetSummary } from '../../../../domain/hubsheets/hubsheet-types';
import type { OrderLabel } from '../../../../domain/orders/order-states';
import type { SurveyAnswerInput } from '../../../../domain/users/new-user-survey';
import { apiRequest } from '../../../api/client';
import { currentUserKey } from '../../../api/current-user';

export type ListPage<T> = { results: T[]; totalCount: number; currentPage: number; totalPages: number };

/** One row of GET /api/v1/orders, the fields the Recent Orders panel reads. */
export type RecentOrder = {
  id: number;
  orderNumber: string;
  name: string;
  displayState: OrderLabel;
  fulfillment: 'pickup' | 'delivery';
  requestedOn: string | null;
  submittedAt: string;
  total: number;
  branch: { id: number; name: string; slug: string };
  buyerOrganization: { id: number; name: string };
};

/** A branch as GET /api/v1/branches answers it (favourite suppliers). */
export type FavoriteBranch = {
  id: number;
  name: string;
  slug: string;
  displayAddress: string | null;
  address: { street1: string; city: string | null; state: string | null; postalCode: string | null } | null;
  logo: string | null;
};

export const dashboardKeys = {
  all: ['dashboard'] as const,
  recentCarts: ['dashboard', 'recent-carts'] as const,
  hubsheets: ['dashboard', 'hubsheets'] as const,
  submittedCarts: ['dashboard', 'submitted-carts'] as const,
  recentOrders: (tab: 'buyer' | 'supplier') => ['dashboard', 'recent-orders', tab] as const,
  shopSuppliers: ['dashboard', 'shop-suppliers'] as const,
  favorites: (ids: readonly number[]) => ['dashboard', 'favorites', [...ids].sort((a, b) => a - b)] as const,
  setupProgress: (version: string) => ['dashboard', 'setup-progress', version] as const,
  marketManager: ['dashboard', 'market-manager'] as const,
  notices: ['dashboard', 'notices'] as const,
  inviteRequest: ['dashboard', 'invite-request'] as const,
  orderCounts: ['orders', 'counts'] as const,
};

/** Recent Carts: pages of 10 open carts, most recently changed first. */
export const recentCartsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: dashboardKeys.recentCarts,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<ListPage<CartSummary>>('/api/v1/carts', {
        query: { active: true, page: pageParam, perPage: dashboardLimits.recentCartsFetch },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.currentPage < last.totalPages ? last.currentPage + 1 : undefined),
  });

/** Recent HubSheets: pages of 3. */
export const recentHubsheetsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: dashboardKeys.hubsheets,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<ListPage<HubsheetSummary>>('/api/v1/hubsheets', {
        query: { page: pageParam, perPage: dashboardLimits.hubsheetsPerPage },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.currentPage < last.totalPages ? last.currentPage + 1 : undefined),
  });

/** Recent Submitted Orders: the 15 newest submitted carts with their orders. */
export const submittedCartsQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.submittedCarts,
    queryFn: ({ signal }) =>
      apiRequest<ListPage<SubmittedCartWithOrders>>('/api/v1/dashboard/submitted_carts', {
        query: { perPage: dashboardLimits.submittedCartsFetch },
        signal,
      }),
  });

/** Recent Orders: the 3 newest orders of one side. */
export const recentOrdersQueryOptions = (tab: 'buyer' | 'supplier') =>
  queryOptions({
    queryKey: dashboardKeys.recentOrders(tab),
    queryFn: ({ signal }) =>
      apiRequest<ListPage<RecentOrder>>('/api/v1/orders', {
        query: { tab, perPage: dashboardLimits.recentOrdersPerTab, sort: 'submittedAt|desc' },
        signal,
      }),
  });

export const shopSuppliersQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.shopSuppliers,
    queryFn: ({ signal }) => apiRequest<ShopSuppliers>('/api/v1/dashboard/shop_suppliers', { signal }),
  });

export const favoriteBranchesQueryOptions = (ids: readonly number[]) =>
  queryOptions({
    queryKey: dashboardKeys.favorites(ids),
    queryFn: ({ signal }) =>
      ids.length === 0
        ? Promise.resolve<ListPage<FavoriteBranch>>({
            results: [],
            totalCount: 0,
            currentPage: 1,
            totalPages: 1,
          })
        : apiRequest<ListPage<FavoriteBranch>>('/api/v1/branches', {
            query: { branchIds: [...ids], perPage: 100 },
            signal,
          }),
  });

/** `version` changes with what the steps read, so starring a supplier or creating a cart refetches it. */
export const setupProgressQueryOptions = (version: string) =>
  queryOptions({
    queryKey: dashboardKeys.setupProgress(version),
    queryFn: ({ signal }) => apiRequest<SetupProgress>('/api/v1/dashboard/setup_progress', { signal }),
  });

export const marketManagerQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.marketManager,
    queryFn: ({ signal }) => apiRequest<MarketManagerCard>('/api/v1/dashboard/market_manager', { signal }),
    staleTime: 10 * 60_000,
  });

export const noticesQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.notices,
    queryFn: ({ signal }) => apiRequest<DashboardNotices>('/api/v1/dashboard/notices', { signal }),
  });

/** Orders waiting for the caller's organisation, as buyer and as supplier. */
export const orderCountsQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.orderCounts,
    queryFn: ({ signal }) =>
      apiRequest<{ buyerNeedsResponse: number; supplierNeedsResponse: number }>('/api/v1/orders/counts', {
        signal,
      }),
  });

export const inviteRequestQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.inviteRequest,
    queryFn: ({ signal }) =>
      apiRequest<{ inviteRequest: PendingInviteRequest | null }>('/api/v1/dashboard/invite_request', {
        signal,
      }),
  });

/** Saves the complete-profile form onto the invite request (PATCH /api/v1/invite_requests/{id}). */
export function useCompleteProfile(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: CompleteProfileInput) =>
      apiRequest(`/api/v1/invite_requests/${id}`, { method: 'PATCH', body: values }),
    onSuccess: () => {
      queryClient.setQueryData(dashboardKeys.inviteRequest, { inviteRequest: null });
      void queryClient.invalidateQueries({ queryKey: currentUserKey });
    },
  });
}

/** Records the survey answer (or its dismissal); the survey then stays closed. */
export function useAnswerSurvey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SurveyAnswerInput) =>
      apiRequest('/api/v1/survey_answers', { method: 'POST', body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: currentUserKey }),
  });
}
