import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Role, RoleInput } from '../../../../domain/admin/permissions';
import { answerOf, api } from '../../../api/api';
import { adminUsersKey } from './get-users';

export type { Role };

export const adminRolesKey = ['admin', 'roles'] as const;

export const rolesQueryOptions = () =>
  queryOptions({
    queryKey: adminRolesKey,
    queryFn: async ({ signal }) => (await answerOf(api.GET('/api/internal/roles', { signal }))).results,
  });

export const useRoles = () => useQuery(rolesQueryOptions());

export const useRole = (id: number) =>
  useQuery({
    queryKey: [...adminRolesKey, 'one', id],
    queryFn: ({ signal }) =>
      answerOf(api.GET('/api/internal/roles/{id}', { params: { path: { id } }, signal })),
  });

export const usePermissions = () =>
  useQuery({
    queryKey: ['admin', 'permissions'],
    queryFn: async ({ signal }) => (await answerOf(api.GET('/api/internal/permissions', { signal }))).results,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Creates a role (id null) or changes one; the role lists and users (their roles) refetch. */
export function useSaveRole(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: RoleInput) =>
      id === null
        ? answerOf(api.POST('/api/internal/roles', { body: values }))
        : answerOf(api.PATCH('/api/internal/roles/{id}', { params: { path: { id } }, body: values })),
    // The role form puts field messages on its fields and toasts any other failure itself.
    meta: { handlesErrors: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminRolesKey });
      await queryClient.invalidateQueries({ queryKey: adminUsersKey });
    },
  });
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      answerOf(api.DELETE('/api/internal/roles/{id}', { params: { path: { id } } })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminRolesKey });
      await queryClient.invalidateQueries({ queryKey: adminUsersKey });
    },
  });
}

/** update_user_roles: the user holds exactly these roles afterwards. */
export function useSetUserRoles(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (roleIds: number[]) =>
      answerOf(
        api.PUT('/api/internal/users/{id}/roles', { params: { path: { id: userId } }, body: { roleIds } }),
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminUsersKey });
      await queryClient.invalidateQueries({ queryKey: adminRolesKey });
    },
  });
}
