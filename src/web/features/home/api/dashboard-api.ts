import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompleteProfileInput } from '../../../../domain/accounts/invite-request-schema';
import { dashboardLimits } from '../../../../domain/dashboard/dashboard-layout';
import type { SurveyAnswerInput } from '../../../../domain/users/new-user-survey';
import { answerOf, api } from '../../../api/api';
import { currentUserKey } from '../../../api/current-user';
import type { components, paths } from '../../../api/generated/openapi';
import { noticesKey, orderCountsKey } from './notices-query';

/** One row of GET /api/v1/orders, as the Recent Orders panel reads it. */
export type RecentOrder = components['schemas']['OrderListItem'];

/** A branch as GET /api/v1/branches answers it (favourite suppliers). */
export type FavoriteBranch = components['schemas']['Branch'];

type BranchList = paths['/api/v1/branches']['get']['responses'][200]['content']['application/json'];

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
  notices: noticesKey,
  inviteRequest: ['dashboard', 'invite-request'] as const,
  orderCounts: orderCountsKey,
};

/** Recent Carts: pages of 10 open carts, most recently changed first. */
export const recentCartsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: dashboardKeys.recentCarts,
    queryFn: ({ pageParam, signal }) =>
      answerOf(
        api.GET('/api/v1/carts', {
          params: { query: { active: 'true', page: pageParam, perPage: dashboardLimits.recentCartsFetch } },
          signal,
        }),
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.currentPage < last.totalPages ? last.currentPage + 1 : undefined),
  });

/** Recent HubSheets: pages of 3. */
export const recentHubsheetsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: dashboardKeys.hubsheets,
    queryFn: ({ pageParam, signal }) =>
      answerOf(
        api.GET('/api/v1/hubsheets', {
          params: { query: { page: pageParam, perPage: dashboardLimits.hubsheetsPerPage } },
          signal,
        }),
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.currentPage < last.totalPages ? last.currentPage + 1 : undefined),
  });

/** Recent Submitted Orders: the 15 newest submitted carts with their orders. */
export const submittedCartsQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.submittedCarts,
    queryFn: ({ signal }) =>
      answerOf(
        api.GET('/api/v1/dashboard/submitted_carts', {
          params: { query: { perPage: dashboardLimits.submittedCartsFetch } },
          signal,
        }),
      ),
  });

/** Recent Orders: the 3 newest orders of one side. */
export const recentOrdersQueryOptions = (tab: 'buyer' | 'supplier') =>
  queryOptions({
    queryKey: dashboardKeys.recentOrders(tab),
    queryFn: ({ signal }) =>
      answerOf(
        api.GET('/api/v1/orders', {
          params: { query: { tab, perPage: dashboardLimits.recentOrdersPerTab, sort: 'submittedAt|desc' } },
          signal,
        }),
      ),
  });

export const shopSuppliersQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.shopSuppliers,
    queryFn: ({ signal }) => answerOf(api.GET('/api/v1/dashboard/shop_suppliers', { signal })),
  });

export const favoriteBranchesQueryOptions = (ids: readonly number[]) =>
  queryOptions({
    queryKey: dashboardKeys.favorites(ids),
    queryFn: ({ signal }) =>
      ids.length === 0
        ? Promise.resolve<BranchList>({
            results: [],
            totalCount: 0,
            currentPage: 1,
            totalPages: 1,
          })
        : answerOf(
            api.GET('/api/v1/branches', { params: { query: { branchIds: [...ids], perPage: 100 } }, signal }),
          ),
  });

/** `version` changes with what the steps read, so starring a supplier or creating a cart refetches it. */
export const setupProgressQueryOptions = (version: string) =>
  queryOptions({
    queryKey: dashboardKeys.setupProgress(version),
    queryFn: ({ signal }) => answerOf(api.GET('/api/v1/dashboard/setup_progress', { signal })),
  });

export const marketManagerQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.marketManager,
    queryFn: ({ signal }) => answerOf(api.GET('/api/v1/dashboard/market_manager', { signal })),
    staleTime: 10 * 60_000,
  });

export { noticesQueryOptions, orderCountsQueryOptions } from './notices-query';

export const inviteRequestQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.inviteRequest,
    queryFn: ({ signal }) => answerOf(api.GET('/api/v1/dashboard/invite_request', { signal })),
  });

/** Saves the complete-profile form onto the invite request (PATCH /api/v1/invite_requests/{id}). */
export function useCompleteProfile(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: CompleteProfileInput) =>
      answerOf(api.PATCH('/api/v1/invite_requests/{id}', { params: { path: { id } }, body: values })),
    // The complete-profile form shows the failure inline and puts field messages on its fields.
    meta: { handlesErrors: true },
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
    mutationFn: (input: SurveyAnswerInput) => answerOf(api.POST('/api/v1/survey_answers', { body: input })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: currentUserKey }),
  });
}

/** Open photo requests per branch of the supplier's organisation (the dashboard's photo alert). */
export const photoRequestCountsQueryOptions = () =>
  queryOptions({
    queryKey: ['photo-requests', 'count-by-branch'],
    queryFn: ({ signal }) => answerOf(api.GET('/api/v1/photo_requests/count_by_branch', { signal })),
    staleTime: 60_000,
  });
