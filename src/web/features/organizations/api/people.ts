import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answerOf, api } from '../../../api/api';
import type { components } from '../../../api/generated/openapi';

export type OrganizationPeople = components['schemas']['OrganizationPeople'];
export type OrganizationMember = components['schemas']['OrganizationMember'];
export type OrganizationBranch = components['schemas']['OrganizationBranch'];

const peopleKey = (id: number) => ['organizations', id, 'people'] as const;

export const peopleQueryOptions = (id: number) =>
  queryOptions({
    queryKey: peopleKey(id),
    queryFn: ({ signal }) =>
      answerOf(api.GET('/api/v1/organizations/{id}/people', { params: { path: { id } }, signal })),
  });

/** Members, pending members and open invitations of the company. */
export const usePeople = (id: number) => useQuery(peopleQueryOptions(id));

/** The company's branches, primary first. */
export function useCompanyBranches(id: number) {
  return useQuery({
    queryKey: ['organizations', id, 'branches'],
    queryFn: ({ signal }) =>
      answerOf(api.GET('/api/v1/organizations/{id}/branches', { params: { path: { id } }, signal })),
  });
}

function usePeopleMutation<Vars, Result>(
  id: number,
  call: (vars: Vars) => Promise<Result>,
  handlesErrors = false,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    meta: handlesErrors ? { handlesErrors: true } : undefined,
    onSettled: () => queryClient.invalidateQueries({ queryKey: peopleKey(id) }),
  });
}

/** Sends an invitation link by e-mail; the form shows field errors itself. */
export const useInvite = (id: number) =>
  usePeopleMutation(
    id,
    (email: string) =>
      answerOf(
        api.POST('/api/v1/organizations/{id}/invitations', { params: { path: { id } }, body: { email } }),
      ),
    true,
  );

export const useRevokeInvitation = (id: number) =>
  usePeopleMutation(id, (invitationId: number) =>
    answerOf(
      api.DELETE('/api/v1/organizations/{id}/invitations/{invitationId}', {
        params: { path: { id, invitationId } },
      }),
    ),
  );

export const useDecideJoinRequest = (id: number) =>
  usePeopleMutation(id, ({ requestId, decision }: { requestId: number; decision: 'approve' | 'decline' }) =>
    decision === 'approve'
      ? answerOf(
          api.POST('/api/v1/organizations/{id}/join_requests/{requestId}/approve', {
            params: { path: { id, requestId } },
          }),
        )
      : answerOf(
          api.POST('/api/v1/organizations/{id}/join_requests/{requestId}/decline', {
            params: { path: { id, requestId } },
          }),
        ),
  );

export const useRemoveMember = (id: number) =>
  usePeopleMutation(id, (userId: number) =>
    answerOf(api.DELETE('/api/v1/organizations/{id}/members/{userId}', { params: { path: { id, userId } } })),
  );
