import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HouseAdInput } from '../../../../domain/marketing/house-ads';
import { answerOf, api } from '../../../api/api';
import { adZonesKey } from '../../../api/zone-ads';

export const adminHouseAdsKey = ['admin', 'house-ads'] as const;

export const useAdminHouseAds = (filter: { page: number; perPage: number }) =>
  useQuery({
    queryKey: [...adminHouseAdsKey, filter],
    queryFn: ({ signal }) =>
      answerOf(api.GET('/api/internal/house_ads', { params: { query: filter }, signal })),
    placeholderData: keepPreviousData,
  });

/** Creates an ad (id null) or changes one; the lists and every zone are fetched again. */
export function useSaveHouseAd(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: HouseAdInput) =>
      id === null
        ? answerOf(api.POST('/api/internal/house_ads', { body: values }))
        : answerOf(api.PATCH('/api/internal/house_ads/{id}', { params: { path: { id } }, body: values })),
    // The ad form puts field messages on its fields and toasts any other failure itself.
    meta: { handlesErrors: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminHouseAdsKey });
      await queryClient.invalidateQueries({ queryKey: adZonesKey });
    },
  });
}

export function useDeleteHouseAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      answerOf(api.DELETE('/api/internal/house_ads/{id}', { params: { path: { id } } })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminHouseAdsKey });
      await queryClient.invalidateQueries({ queryKey: adZonesKey });
    },
  });
}
