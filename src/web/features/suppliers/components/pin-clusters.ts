/** A point on the map drawing (viewBox units). */
export type MapPoint = { x: number; y: number };

export type PinCluster<T extends MapPoint> = { x: number; y: number; pins: T[] };

/**
 * Groups pins closer than `distance` (map units) into clusters at the mean of their pins, so that a
 * phone shows one tappable marker with a count where a dozen pins would overlap. Greedy and
 * deterministic: pins are taken west to east and join the first cluster whose centre is near.
 */
export function clusterPins<T extends MapPoint>(pins: readonly T[], distance: number): PinCluster<T>[] {
  const clusters: PinCluster<T>[] = [];
  const byLongitude = [...pins].sort((a, b) => a.x - b.x || a.y - b.y);
  for (const pin of byLongitude) {
    const near = clusters.find((cluster) => Math.hypot(cluster.x - pin.x, cluster.y - pin.y) < distance);
    if (!near) {
      clusters.push({ x: pin.x, y: pin.y, pins: [pin] });
      continue;
    }
    near.pins.push(pin);
    near.x += (pin.x - near.x) / near.pins.length;
    near.y += (pin.y - near.y) / near.pins.length;
  }
  return clusters;
}
