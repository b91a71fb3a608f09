import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ZoneAd } from '../../domain/marketing/house-ads';
import { answerOf, api } from './api';

/** Every zone's query lives under this key; saving or deleting a house ad (features/marketing) refetches them. */
export const adZonesKey = ['ad-zones'] as const;

/** The ad a zone shows, or null (the API answers 204 when the zone is empty). */
export const adZoneQueryOptions = (zoneId: string) =>
  queryOptions({
    queryKey: [...adZonesKey, zoneId],
    queryFn: async ({ signal }): Promise<ZoneAd | null> => {
      const ad = await answerOf(
        api.GET('/api/v1/ad_zones/{zoneId}', { params: { path: { zoneId } }, signal }),
      );
      return ad ?? null;
    },
    staleTime: 5 * 60_000,
    // An ad is decoration: a failure leaves the zone empty instead of retrying or showing an error.
    retry: false,
  });

export const useZoneAd = (zoneId: string) => useQuery(adZoneQueryOptions(zoneId));
