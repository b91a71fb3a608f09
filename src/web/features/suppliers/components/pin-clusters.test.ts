import { describe, expect, it } from 'vitest';
import { clusterPins } from './pin-clusters';

describe('clusterPins', () => {
  const pins = [
    { id: 1, x: 100, y: 100 },
    { id: 2, x: 104, y: 103 },
    { id: 3, x: 300, y: 200 },
    { id: 4, x: 108, y: 98 },
  ];

  it('groups pins closer than the distance, at the mean of their pins', () => {
    const clusters = clusterPins(pins, 20);
    expect(clusters.map((cluster) => cluster.pins.map((pin) => pin.id))).toEqual([[1, 2, 4], [3]]);
    expect(clusters[0].x).toBeCloseTo(104);
    expect(clusters[0].y).toBeCloseTo(301 / 3);
  });

  it('keeps every pin on its own when they are far enough apart', () => {
    expect(clusterPins(pins, 3)).toHaveLength(4);
    expect(clusterPins([], 20)).toEqual([]);
  });
});
