import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MarketingMessage } from '../../../../domain/marketing/marketing-messages';
import { apiRequest } from '../../../api/client';
import type { ListPage } from './dashboard-api';

/** Admins' changes (features/marketing) refetch every query under this key. */
const marketingMessagesKey = ['marketing-messages'] as const;

const marketingMessagesQueryOptions = () =>
  queryOptions({
    queryKey: marketingMessagesKey,
    queryFn: ({ signal }) => apiRequest<ListPage<MarketingMessage>>('/api/v1/marketing_messages', { signal }),
    staleTime: 5 * 60_000,
  });

/** The live marketing messages for the signed-in user's audience. */
export const useMarketingMessages = (enabled = true) =>
  useQuery({ ...marketingMessagesQueryOptions(), enabled });
