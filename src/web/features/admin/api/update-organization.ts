import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answerOf, api } from '../../../api/api';
import { adminOrganizationsKey } from './get-organizations';
import { adminUsersKey } from './get-users';

export type OrganizationPatch = Partial<{ name: string; isBuyer: boolean }>;

export const updateOrganization = (id: number, patch: OrganizationPatch) =>
  answerOf(api.PATCH('/api/internal/organizations/{id}', { params: { path: { id } }, body: patch }));

/** Saves an admin's changes to an organisation; organisation pages and user lists (which show its name) refetch. */
export function useUpdateOrganization(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: OrganizationPatch) => updateOrganization(id, patch),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminOrganizationsKey }),
        queryClient.invalidateQueries({ queryKey: adminUsersKey }),
      ]);
    },
  });
}
