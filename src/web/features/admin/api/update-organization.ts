import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';
import type { Company } from './get-organization';
import { adminOrganizationsKey } from './get-organizations';
import { adminUsersKey } from './get-users';

export type OrganizationPatch = Partial<{ name: string; isBuyer: boolean }>;

export const updateOrganization = (id: number, patch: OrganizationPatch) =>
  apiRequest<Company>(`/api/internal/organizations/${id}`, { method: 'PATCH', body: patch });

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
