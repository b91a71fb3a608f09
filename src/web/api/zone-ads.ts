import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { adPhoneMedia, zoneImageUrl } from '../../domain/marketing/ad-zones';
import type { ZoneAd } from '../../domain/marketing/house-ads';
import { answerOf, api } from './api';
import { queryClient } from './query-client';

/** Every zone's query lives under this key; saving or deleting a house ad (features/marketing) refetches them. */
export const adZonesKey = ['ad-zones'] as const;

/**
 * Every filled zone's ad, by zone id, in one call: a zone missing from the answer is empty. One answer
 * for all zones lets a page know at once which zones to reserve and which take no space.
 */
export const adZonesQueryOptions = () =>
  queryOptions({
    queryKey: [...adZonesKey, 'all'],
    queryFn: async ({ signal }): Promise<Record<string, ZoneAd>> => {
      const { results } = await answerOf(api.GET('/api/v1/ad_zones', { signal }));
      return Object.fromEntries(results.map((ad) => [ad.zoneId, ad]));
    },
    staleTime: 5 * 60_000,
    // An ad is decoration: a failure leaves the zones empty instead of retrying or showing an error.
    retry: false,
  });

/**
 * Asks for the zones' ads (or takes them from the cache) and resolves when they are known, never
 * failing: a page with ad zones loads it beside its code, so its first render knows which zones are filled.
 * `preloadZoneIds`, the zones on the page's first screen, have their images asked for as soon as their
 * ads are known, while the page's code still loads, instead of once the page has rendered.
 */
export const loadAdZones = (preloadZoneIds: readonly string[] = []) =>
  queryClient.fetchQuery(adZonesQueryOptions()).then(
    (ads) => {
      // The image each zone's <picture> will choose: a phone gets the ad's phone image.
      const onPhone = window.matchMedia(adPhoneMedia).matches;
      for (const zoneId of preloadZoneIds) {
        const ad = ads[zoneId];
        if (ad) preloadImage(zoneImageUrl(ad, zoneId, onPhone));
      }
    },
    () => undefined,
  );

function preloadImage(url: string) {
  if (document.head.querySelector(`link[rel="preload"][href="${CSS.escape(url)}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = url;
  link.fetchPriority = 'high';
  document.head.append(link);
}

/** The ad a zone shows: `data` is the ad or null (an empty zone); pending until the zones are known. */
export function useZoneAd(zoneId: string) {
  const select = useCallback((ads: Record<string, ZoneAd>) => ads[zoneId] ?? null, [zoneId]);
  return useQuery({ ...adZonesQueryOptions(), select });
}
