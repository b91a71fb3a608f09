import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminMarketingMessage,
  MarketingMessageInput,
} from '../../../../domain/marketing/marketing-messages';
import { apiRequest } from '../../../api/client';

type ListPage<T> = { results: T[]; totalCount: number; currentPage: number; totalPages: number };

/** The key the dashboard's messages (features/home) are read under: a change here refetches them. */
const marketingMessagesKey = ['marketing-messages'] as const;
export const adminMarketingMessagesKey = ['admin', 'marketing-messages'] as const;

export const adminMarketingMessagesQueryOptions = (filter: { page: number; perPage: number }) =>
  queryOptions({
    queryKey: [...adminMarketingMessagesKey, filter],
    queryFn: ({ signal }) =>
      apiRequest<ListPage<AdminMarketingMessage>>('/api/internal/marketing_messages', {
        query: filter,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useAdminMarketingMessages = (filter: { page: number; perPage: number }) =>
  useQuery(adminMarketingMessagesQueryOptions(filter));

export const useAdminMarketingMessage = (id: number) =>
  useQuery({
    queryKey: [...adminMarketingMessagesKey, 'one', id],
    queryFn: ({ signal }) =>
      apiRequest<AdminMarketingMessage>(`/api/internal/marketing_messages/${id}`, { signal }),
  });

/** Creates a message (id null) or changes one; admin lists and the user's own messages are fetched again. */
export function useSaveMarketingMessage(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: MarketingMessageInput) =>
      apiRequest<AdminMarketingMessage>(
        id === null ? '/api/internal/marketing_messages' : `/api/internal/marketing_messages/${id}`,
        { method: id === null ? 'POST' : 'PATCH', body: values },
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminMarketingMessagesKey });
      await queryClient.invalidateQueries({ queryKey: marketingMessagesKey });
    },
  });
}

export function useDeleteMarketingMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<null>(`/api/internal/marketing_messages/${id}`, { method: 'DELETE' }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminMarketingMessagesKey });
      await queryClient.invalidateQueries({ queryKey: marketingMessagesKey });
    },
  });
}
