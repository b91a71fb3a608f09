/**
 * The ad zones the pages reserve: the dashboard's (part 1 §2.1) and the search page's (part 2 §2), each
 * with its banner size in pixels. A zone's box keeps that shape whatever image an ad brings (the image
 * is fitted inside), so the page can reserve it before the image arrives.
 */
export const adZones = [
  { id: '20776', label: 'Dashboard, activated users (first)', width: 1200, height: 200 },
  { id: '20777', label: 'Dashboard, activated users (second)', width: 1200, height: 200 },
  { id: '20778', label: 'Dashboard, users not yet activated (first)', width: 1200, height: 200 },
  { id: '20779', label: 'Dashboard, users not yet activated (second)', width: 1200, height: 200 },
  { id: '21639', label: 'Search page, above the results', width: 1200, height: 200 },
  { id: '21635', label: 'Search page, filter column', width: 600, height: 500 },
  { id: '21640', label: 'Search page, below the results', width: 1200, height: 200 },
  { id: '21636', label: 'Search page, below the results (second)', width: 1200, height: 200 },
] as const;

export type AdZoneId = (typeof adZones)[number]['id'];
export const adZoneIds = adZones.map((zone) => zone.id) as unknown as readonly [AdZoneId, ...AdZoneId[]];

export const isAdZoneId = (value: string): value is AdZoneId =>
  (adZoneIds as readonly string[]).includes(value);

/** A zone's banner size (width and height in pixels); null for a zone no page reserves. */
export function adZoneSize(zoneId: string): { width: number; height: number } | null {
  const zone = adZones.find((candidate) => candidate.id === zoneId);
  return zone ? { width: zone.width, height: zone.height } : null;
}
