import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageLabel, MessageView } from '../../../../domain/messages/message-types';
import { answerOf, api } from '../../../api/api';
import { apiRequest } from '../../../api/client';
import type { components } from '../../../api/generated/openapi';

export type MessageListItem = components['schemas']['MessageListItem'];
export type FeedMessage = components['schemas']['FeedMessage'];
export type ThreadFeed = components['schemas']['MessageThreadFeed'];

export type InboxFilter = {
  view: MessageView;
  label: MessageLabel | null;
  query: string;
  page: number;
  requestedByUserId: number | null;
  branchId: number | null;
  assignedToUserId: number | null;
};

export const messagesPerPage = 20;

export const messageKeys = {
  all: ['messages'] as const,
  list: (filter: InboxFilter) => ['messages', 'list', filter] as const,
  counts: ['messages', 'unread-counts'] as const,
  options: ['messages', 'filter-options'] as const,
  thread: (id: number) => ['messages', 'thread', id] as const,
};

export const inboxQueryOptions = (filter: InboxFilter) =>
  queryOptions({
    queryKey: messageKeys.list(filter),
    queryFn: ({ signal }) =>
      answerOf(
        api.GET('/api/v1/messages', {
          params: {
            query: {
              view: filter.view,
              messageLabel: filter.label ?? undefined,
              query: filter.query || undefined,
              page: filter.page,
              perPage: messagesPerPage,
              requestedByUserId: filter.requestedByUserId ?? undefined,
              branchId: filter.branchId ?? undefined,
              assignedToUserId: filter.assignedToUserId ?? undefined,
            },
          },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });

export const useInbox = (filter: InboxFilter) => useQuery(inboxQueryOptions(filter));

export const useUnreadCounts = () =>
  useQuery({
    queryKey: messageKeys.counts,
    queryFn: ({ signal }) => answerOf(api.GET('/api/v1/message_threads/unread_count', { signal })),
  });

export const useFilterOptions = () =>
  useQuery({
    queryKey: messageKeys.options,
    queryFn: ({ signal }) => answerOf(api.GET('/api/v1/messages/filter_options', { signal })),
    staleTime: 60_000,
  });

export const useThread = (id: number) =>
  useQuery({
    queryKey: messageKeys.thread(id),
    queryFn: ({ signal }) =>
      answerOf(
        api.GET('/api/v1/message_threads/{threadId}/messages', {
          params: { path: { threadId: id } },
          signal,
        }),
      ),
  });

/** After any change: every list, count and thread, and the header's envelope. */
export function useInvalidateMessages() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: messageKeys.all });
}

export function useBulkUpdate() {
  const invalidate = useInvalidateMessages();
  return useMutation({
    mutationFn: (input: { ids: number[]; responseStatus: 'read' | 'unread' }) =>
      answerOf(api.POST('/api/v1/messages/bulk_update', { body: input })),
    // Not awaited: the caller's own onSuccess (clearing a selection) runs before the lists reload.
    onSuccess: () => {
      void invalidate();
    },
  });
}

export function useArchiveThreads() {
  const invalidate = useInvalidateMessages();
  return useMutation({
    mutationFn: async ({ threadIds, archived }: { threadIds: number[]; archived: boolean }) => {
      if (archived)
        return (await answerOf(api.POST('/api/v1/message_threads/archive_threads', { body: { threadIds } })))
          .archived;
      return (await answerOf(api.POST('/api/v1/message_threads/unarchive_threads', { body: { threadIds } })))
        .unarchived;
    },
    // Not awaited: the caller's own onSuccess (clearing a selection) runs before the lists reload.
    onSuccess: () => {
      void invalidate();
    },
  });
}

export function useAssignOwner(threadId: number) {
  const invalidate = useInvalidateMessages();
  return useMutation({
    mutationFn: (userId: number | null) =>
      answerOf(
        api.POST('/api/v1/message_threads/{threadId}/assign_owner', {
          params: { path: { threadId } },
          body: { userId },
        }),
      ),
    // Not awaited: the caller's own onSuccess (clearing a selection) runs before the lists reload.
    onSuccess: () => {
      void invalidate();
    },
  });
}

/** A written message: JSON, or a multipart form when files are attached. */
export function useReply(threadId: number) {
  const invalidate = useInvalidateMessages();
  return useMutation({
    mutationFn: ({ content, files }: { content: string; files: File[] }) => {
      const path = `/api/v1/message_threads/${threadId}/messages`;
      if (files.length === 0) return apiRequest<FeedMessage>(path, { method: 'POST', body: { content } });
      const form = new FormData();
      form.append('content', content);
      for (const file of files) form.append('files', file, file.name);
      return apiRequest<FeedMessage>(path, { method: 'POST', body: form });
    },
    // Not awaited: the caller's own onSuccess (clearing a selection) runs before the lists reload.
    onSuccess: () => {
      void invalidate();
    },
    meta: { handlesErrors: true },
  });
}

export const attachmentApiPath = (id: number) => `/api/v1/message_attachments/${id}/file`;
