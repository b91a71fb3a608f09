import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MarketingMessageInput } from '../../../../domain/marketing/marketing-messages';
import { answerOf, api } from '../../../api/api';

/** The key the dashboard's messages (features/home) are read under: a change here refetches them. */
const marketingMessagesKey = ['marketing-messages'] as const;
export const adminMarketingMessagesKey = ['admin', 'marketing-messages'] as const;

export const adminMarketingMessagesQueryOptions = (filter: { page: number; perPage: number }) =>
  queryOptions({
    queryKey: [...adminMarketingMessagesKey, filter],
    queryFn: ({ signal }) =>
      answerOf(api.GET('/api/internal/marketing_messages', { params: { query: filter }, signal })),
    placeholderData: keepPreviousData,
  });

export const useAdminMarketingMessages = (filter: { page: number; perPage: number }) =>
  useQuery(adminMarketingMessagesQueryOptions(filter));

export const useAdminMarketingMessage = (id: number) =>
  useQuery({
    queryKey: [...adminMarketingMessagesKey, 'one', id],
    queryFn: ({ signal }) =>
      answerOf(api.GET('/api/internal/marketing_messages/{id}', { params: { path: { id } }, signal })),
  });

/** Creates a message (id null) or changes one; admin lists and the user's own messages are fetched again. */
export function useSaveMarketingMessage(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: MarketingMessageInput) =>
      id === null
        ? answerOf(api.POST('/api/internal/marketing_messages', { body: values }))
        : answerOf(
            api.PATCH('/api/internal/marketing_messages/{id}', { params: { path: { id } }, body: values }),
          ),
    // The message form puts field messages on its fields and toasts any other failure itself.
    meta: { handlesErrors: true },
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
      answerOf(api.DELETE('/api/internal/marketing_messages/{id}', { params: { path: { id } } })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminMarketingMessagesKey });
      await queryClient.invalidateQueries({ queryKey: marketingMessagesKey });
    },
  });
}
