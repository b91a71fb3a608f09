import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminHouseAd, HouseAdInput, ZoneAd } from '../../../../domain/marketing/house-ads';
import { apiRequest } from '../../../api/client';

type ListPage<T> = { results: T[]; totalCount: number; currentPage: number; totalPages: number };

export const adZoneKey = (zoneId: string) => ['ad-zones', zoneId] as const;
export const adminHouseAdsKey = ['admin', 'house-ads'] as const;

/** The ad a zone shows, or null (the API answers 204 when the zone is empty). */
export const adZoneQueryOptions = (zoneId: string) =>
  queryOptions({
    queryKey: adZoneKey(zoneId),
    queryFn: ({ signal }) =>
      apiRequest<ZoneAd | null>(`/api/v1/ad_zones/${encodeURIComponent(zoneId)}`, { signal }),
    staleTime: 5 * 60_000,
    // An ad is decoration: a failure leaves the zone empty instead of retrying or showing an error.
    retry: false,
  });

export const useZoneAd = (zoneId: string) => useQuery(adZoneQueryOptions(zoneId));

export const useAdminHouseAds = (filter: { page: number; perPage: number }) =>
  useQuery({
    queryKey: [...adminHouseAdsKey, filter],
    queryFn: ({ signal }) =>
      apiRequest<ListPage<AdminHouseAd>>('/api/internal/house_ads', { query: filter, signal }),
    placeholderData: keepPreviousData,
  });

/** Creates an ad (id null) or changes one; the lists and every zone are fetched again. */
export function useSaveHouseAd(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: HouseAdInput) =>
      apiRequest<AdminHouseAd>(id === null ? '/api/internal/house_ads' : `/api/internal/house_ads/${id}`, {
        method: id === null ? 'POST' : 'PATCH',
        body: values,
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminHouseAdsKey });
      await queryClient.invalidateQueries({ queryKey: ['ad-zones'] });
    },
  });
}

export function useDeleteHouseAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<null>(`/api/internal/house_ads/${id}`, { method: 'DELETE' }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminHouseAdsKey });
      await queryClient.invalidateQueries({ queryKey: ['ad-zones'] });
    },
  });
}
