import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';

/** Who a feature is on for: exactly one of an organisation, a user or a group flag. */
export type FeatureEnablement = {
  id: number;
  organizationId: number | null;
  userId: number | null;
  flag: string | null;
};

export type AdminFeature = {
  id: number;
  name: string;
  description: string | null;
  active: boolean;
  enabledGlobally: boolean;
  enablements: FeatureEnablement[];
};

export const adminFeaturesKey = ['admin', 'features'] as const;

export const getFeatures = (signal?: AbortSignal) =>
  apiRequest<{ results: AdminFeature[] }>('/api/internal/features', { signal });

export const getFeaturesQueryOptions = () =>
  queryOptions({
    queryKey: adminFeaturesKey,
    queryFn: async ({ signal }) => (await getFeatures(signal)).results,
  });

export const useAdminFeatures = () => useQuery(getFeaturesQueryOptions());
