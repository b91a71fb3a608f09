import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminBranch, AdminBranchInput } from '../../../../domain/admin/branch-admin';
import { answerOf, api } from '../../../api/api';
import { adminOrganizationsKey } from './get-organizations';

export type { AdminBranch, AdminBranchInput };

const branchKey = (organizationId: number, branchId: number) =>
  [...adminOrganizationsKey, 'branch', organizationId, branchId] as const;

export const useAdminBranch = (organizationId: number, branchId: number) =>
  useQuery({
    queryKey: branchKey(organizationId, branchId),
    queryFn: ({ signal }) =>
      answerOf(
        api.GET('/api/internal/organizations/{id}/branches/{branchId}', {
          params: { path: { id: organizationId, branchId } },
          signal,
        }),
      ),
  });

/** addresses lookup: a postal code's city and state (an error when the code lists do not know it). */
export const lookupPostalCode = (postalCode: string) =>
  answerOf(api.GET('/api/internal/addresses/lookup', { params: { query: { postalCode } } }));

export function useSaveAdminBranch(organizationId: number, branchId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminBranchInput) =>
      answerOf(
        api.PUT('/api/internal/organizations/{id}/branches/{branchId}', {
          params: { path: { id: organizationId, branchId } },
          body: body as never,
        }),
      ),
    meta: { handlesErrors: true },
    onSuccess: async (answer) => {
      queryClient.setQueryData(branchKey(organizationId, branchId), answer);
      await queryClient.invalidateQueries({ queryKey: [...adminOrganizationsKey, 'detail', organizationId] });
    },
  });
}
