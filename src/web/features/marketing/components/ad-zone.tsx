/** One ad zone (part 1 §2.1, part 2 §2): a house ad for the zone, or nothing at all when none is active. */
export function AdZone(_props: { zoneId: string }) {
  return null;
}
