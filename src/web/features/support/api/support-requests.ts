import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SupportRequest, SupportRequestInput } from '../../../../domain/support/support-requests';
import { answerOf, api } from '../../../api/api';
import { downloadFile, uploadForm } from '../../../api/client';

export type { SupportRequest };

const key = ['admin', 'support-requests'] as const;

export type SupportRequestFilter = {
  page: number;
  perPage: number;
  status?: 'open' | 'resolved';
  query?: string;
};

/** Contact Us: a message, or with `file` the 'Send Us Your List' upload. */
export function useSendSupportRequest() {
  return useMutation({
    mutationFn: async ({ input, file }: { input: SupportRequestInput; file: File | null }) => {
      if (!file) return answerOf(api.POST('/api/v1/support_requests', { body: input }));
      const form = new FormData();
      for (const [name, value] of Object.entries(input)) if (value) form.append(name, String(value));
      form.append('file', file);
      return uploadForm<{ id: number; message: string }>('/api/v1/support_requests/lists', form, () => {});
    },
    // The form shows field messages beside its fields and any other failure itself.
    meta: { handlesErrors: true },
  });
}

export const supportRequestsQueryOptions = (filter: SupportRequestFilter) =>
  queryOptions({
    queryKey: [...key, 'list', filter],
    queryFn: ({ signal }) =>
      answerOf(api.GET('/api/internal/support_requests', { params: { query: filter }, signal })),
    placeholderData: keepPreviousData,
  });

export const useSupportRequests = (filter: SupportRequestFilter) =>
  useQuery(supportRequestsQueryOptions(filter));

export const useSupportRequest = (id: number) =>
  useQuery({
    queryKey: [...key, 'one', id],
    queryFn: ({ signal }) =>
      answerOf(api.GET('/api/internal/support_requests/{id}', { params: { path: { id } }, signal })),
  });

export const useSupportAssignees = () =>
  useQuery({
    queryKey: [...key, 'assignees'],
    queryFn: async ({ signal }) =>
      (await answerOf(api.GET('/api/internal/support_requests/assignees', { signal }))).results,
  });

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: key });
}

export function useAssignSupportRequest(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (assigneeUserId: number | null) =>
      answerOf(
        api.PATCH('/api/internal/support_requests/{id}', {
          params: { path: { id } },
          body: { assigneeUserId },
        }),
      ),
    onSuccess: refresh,
  });
}

/** Sends the answer by e-mail; with `resolve` the request is closed too. */
export function useAnswerSupportRequest(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ reply, resolve }: { reply: string; resolve: boolean }) =>
      resolve
        ? answerOf(
            api.POST('/api/internal/support_requests/{id}/resolve', {
              params: { path: { id } },
              body: reply.trim() ? { reply } : {},
            }),
          )
        : answerOf(
            api.POST('/api/internal/support_requests/{id}/reply', {
              params: { path: { id } },
              body: { reply },
            }),
          ),
    meta: { handlesErrors: true },
    onSuccess: refresh,
  });
}

export const downloadAttachment = (id: number) =>
  downloadFile(`/api/internal/support_requests/${id}/attachment`);
