import { queryOptions, useQuery } from '@tanstack/react-query';
import { answerOf, api } from '../../../api/api';
import type { components } from '../../../api/generated/openapi';

/** Who a feature is on for: exactly one of an organisation, a user or a group flag. */
export type FeatureEnablement = components['schemas']['FeatureEnablement'];

export type AdminFeature = components['schemas']['Feature'];

export const adminFeaturesKey = ['admin', 'features'] as const;

export const getFeatures = (signal?: AbortSignal) => answerOf(api.GET('/api/internal/features', { signal }));

export const getFeaturesQueryOptions = () =>
  queryOptions({
    queryKey: adminFeaturesKey,
    queryFn: async ({ signal }) => (await getFeatures(signal)).results,
  });

export const useAdminFeatures = () => useQuery(getFeaturesQueryOptions());
