import { queryOptions } from '@tanstack/react-query';
import { answerOf, api } from '../../../api/api';

// Apart from dashboard-api (and its schemas) so the router can ask for the notices while /home's code loads.
export const noticesKey = ['dashboard', 'notices'] as const;

/** The dashboard's notices (part 1 §2.1): what the signed-in user's organisation should act on. */
export const noticesQueryOptions = () =>
  queryOptions({
    queryKey: noticesKey,
    queryFn: ({ signal }) => answerOf(api.GET('/api/v1/dashboard/notices', { signal })),
  });
