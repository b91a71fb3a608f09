import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccessStatus, StaffRole } from '../../../../domain/access';
import { answerOf, api } from '../../../api/api';
import { adminUsersKey } from './get-users';

export type UserPatch = Partial<{
  status: AccessStatus;
  activated: boolean;
  roles: StaffRole[];
  isMarketManager: boolean;
  messagesEnabled: boolean;
}>;

export const updateUser = (id: number, patch: UserPatch) =>
  answerOf(api.PATCH('/api/internal/users/{id}', { params: { path: { id } }, body: patch }));

/** Saves an admin's changes to a user; the user page and every user list refetch. */
export function useUpdateUser(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: UserPatch) => updateUser(id, patch),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersKey }),
  });
}
