/**
 * The ad zones the pages reserve: the dashboard's (part 1 §2.1) and the search page's (part 2 §2), each
 * with its banner size in pixels. A zone's box keeps that shape whatever image an ad brings (the image
 * is fitted inside), so the page can reserve it before the image arrives.
 *
 * A 1200 × 200 banner on a 390 px phone is 60 px tall and its words about 8 px: too small to read. So a
 * wide zone has a phone size too (a mobile banner, 640 × 200: 112 px tall at 390 px), for the ad's
 * phone image on screens up to 600 px wide.
 */
const phoneBanner = { width: 640, height: 200 };

/** A full-width banner zone, with the phone shape. */
const wideZone = <Id extends string>(id: Id, label: string) =>
  ({ id, label, width: 1200, height: 200, phone: phoneBanner }) as const;

export const adZones = [
  wideZone('20776', 'Dashboard, activated users (first)'),
  wideZone('20777', 'Dashboard, activated users (second)'),
  wideZone('20778', 'Dashboard, users not yet activated (first)'),
  wideZone('20779', 'Dashboard, users not yet activated (second)'),
  wideZone('21639', 'Search page, above the results'),
  { id: '21635', label: 'Search page, filter column', width: 600, height: 500, phone: null },
  wideZone('21640', 'Search page, below the results'),
  wideZone('21636', 'Search page, below the results (second)'),
] as const;

export type AdZoneId = (typeof adZones)[number]['id'];
export const adZoneIds = adZones.map((zone) => zone.id) as unknown as readonly [AdZoneId, ...AdZoneId[]];

export const isAdZoneId = (value: string): value is AdZoneId =>
  (adZoneIds as readonly string[]).includes(value);

type BannerSize = { width: number; height: number };

/**
 * A zone's banner size (width and height in pixels) and its phone banner's (null when the zone keeps one
 * shape, its image fitting a phone as it is); null for a zone no page reserves.
 */
export function adZoneSize(zoneId: string): (BannerSize & { phone: BannerSize | null }) | null {
  const zone = adZones.find((candidate) => candidate.id === zoneId);
  return zone ? { width: zone.width, height: zone.height, phone: zone.phone } : null;
}

/**
 * The zones on a page's first screen, by the page's path: their images are the largest thing the page
 * first shows (on a phone the search page's two banners sit above the results), so the server names
 * them in the page's HTML and the router asks for them again once it knows the ads, whichever comes first.
 */
export const firstScreenAdZones: Readonly<Record<string, readonly AdZoneId[]>> = {
  '/search': ['21639', '21640'],
};

/** Up to this width a wide zone shows its ad's phone image (the phone layouts' 600 px). */
export const adPhoneMedia = '(max-width: 37.5em)';

/** The image a zone shows an ad with: on a phone, its phone image where the ad has one and the zone a phone shape. */
export function zoneImageUrl(
  ad: { imageUrl: string; phoneImageUrl?: string | null },
  zoneId: string,
  onPhone: boolean,
) {
  return onPhone && ad.phoneImageUrl && adZoneSize(zoneId)?.phone ? ad.phoneImageUrl : ad.imageUrl;
}
