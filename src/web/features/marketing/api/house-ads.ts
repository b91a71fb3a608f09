import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminHouseAd, HouseAdInput } from '../../../../domain/marketing/house-ads';
import { apiRequest } from '../../../api/client';
import { adZonesKey } from '../../../api/zone-ads';

type ListPage<T> = { results: T[]; totalCount: number; currentPage: number; totalPages: number };

export const adminHouseAdsKey = ['admin', 'house-ads'] as const;

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
      await queryClient.invalidateQueries({ queryKey: adZonesKey });
    },
  });
}

export function useDeleteHouseAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<null>(`/api/internal/house_ads/${id}`, { method: 'DELETE' }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminHouseAdsKey });
      await queryClient.invalidateQueries({ queryKey: adZonesKey });
    },
  });
}
