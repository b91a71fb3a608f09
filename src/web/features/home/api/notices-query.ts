import { queryOptions } from '@tanstack/react-query';
import { answerOf, api } from '../../../api/api';

// Apart from dashboard-api (and its schemas) so the router can ask for the notices (and the order counts
// they show) while /home's code loads.
export const noticesKey = ['dashboard', 'notices'] as const;

/** The dashboard's notices (part 1 §2.1): what the signed-in user's organisation should act on. */
export const noticesQueryOptions = () =>
  queryOptions({
    queryKey: noticesKey,
    queryFn: ({ signal }) => answerOf(api.GET('/api/v1/dashboard/notices', { signal })),
  });

export const orderCountsKey = ['orders', 'counts'] as const;

/** Orders waiting for the caller's organisation, as buyer and as supplier (the notices count them). */
export const orderCountsQueryOptions = () =>
  queryOptions({
    queryKey: orderCountsKey,
    queryFn: ({ signal }) => answerOf(api.GET('/api/v1/orders/counts', { signal })),
  });
