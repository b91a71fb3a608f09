import { queryOptions, useQuery } from '@tanstack/react-query';
import { answerOf, api } from '../../../api/api';

/** Admins' changes (features/marketing) refetch every query under this key. */
const marketingMessagesKey = ['marketing-messages'] as const;

export const marketingMessagesQueryOptions = () =>
  queryOptions({
    queryKey: marketingMessagesKey,
    queryFn: ({ signal }) => answerOf(api.GET('/api/v1/marketing_messages', { signal })),
    staleTime: 5 * 60_000,
  });

/** The live marketing messages for the signed-in user's audience. */
export const useMarketingMessages = (enabled = true) =>
  useQuery({ ...marketingMessagesQueryOptions(), enabled });
