import { AdZone as HouseAdZone } from '../features/marketing/components/ad-zone';

/** The ad zones a page reserves (the search page: 21639, 21640, 21635, 21636). */
export type AdZoneId = 21635 | 21636 | 21639 | 21640;

/**
 * A slot for one ad zone, filled from the house ads admins manage (features/marketing). It takes no
 * space while it has nothing to show, so pages can place zones freely.
 */
export function AdZone({ zoneId }: { zoneId: AdZoneId }) {
  return <HouseAdZone zoneId={zoneId} />;
}
