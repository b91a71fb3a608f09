/** The ad zones a page reserves (the search page: 21639, 21640, 21635, 21636). */
export type AdZoneId = 21635 | 21636 | 21639 | 21640;

/**
 * A slot for one ad zone. It takes no space while it has nothing to show, so pages can place zones
 * freely. There is no ads system yet: ads (and their data) come with the dashboard issue, and until
 * then every zone renders nothing.
 */
export function AdZone(_props: { zoneId: AdZoneId }) {
  return null;
}
