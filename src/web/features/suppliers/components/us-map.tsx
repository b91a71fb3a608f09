import { Anchor, Box, CloseButton, Group, Paper, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { geoAlbersUsa, geoPath } from 'd3-geo';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import statesTopology from 'us-atlas/states-10m.json';
import { formatNumber } from '../../../../domain/text/number-format';
import { paths } from '../../../paths';
import type { SupplierPin } from '../api/get-supplier-pins';
import { clusterPins, type PinCluster } from './pin-clusters';

const width = 975;
const height = 610;

type StatesTopology = Topology<{ states: GeometryCollection; nation: GeometryCollection }>;
const topology = statesTopology as unknown as StatesTopology;

// Drawn once per page load: the shapes never change.
const projection = geoAlbersUsa()
  .scale(1300)
  .translate([width / 2, height / 2]);
const path = geoPath(projection);
const statesShape = path(feature(topology, topology.objects.states)) ?? '';
const bordersShape = path(mesh(topology, topology.objects.states, (a, b) => a !== b)) ?? '';
const nationShape = path(feature(topology, topology.objects.nation)) ?? '';

type PlacedPin = SupplierPin & { x: number; y: number };

/** Markers closer than this many screen pixels share one cluster marker. */
const clusterPixels = 18;

const placeOf = (pin: { city: string | null; state: string | null }) =>
  [pin.city, pin.state].filter(Boolean).join(', ');

/**
 * The United States (Albers USA, with Alaska and Hawaii inset) drawn from us-atlas into a scalable
 * SVG, with a pin per branch; a pin opens a card with the branch and a link to its page. Pins that
 * would overlap at the drawn width (a phone, a busy state) become one marker with their count, which
 * opens the list of its branches.
 */
export function UsMap({ pins }: { pins: SupplierPin[] }) {
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const { ref, width: drawnWidth } = useElementSize();
  const placed = useMemo(
    () =>
      pins.flatMap((pin): PlacedPin[] => {
        const point = projection([pin.longitude, pin.latitude]);
        return point ? [{ ...pin, x: point[0], y: point[1] }] : [];
      }),
    [pins],
  );
  // Until the width is known (the first paint), pins are clustered as for the widest layout.
  const clusters = useMemo(
    () => clusterPins(placed, (clusterPixels * width) / (drawnWidth || width)),
    [placed, drawnWidth],
  );
  const keyOf = (cluster: PinCluster<PlacedPin>) => cluster.pins.map((pin) => pin.id).join('-');
  const selected = clusters.find((cluster) => keyOf(cluster) === selectedKey) ?? null;

  return (
    <Stack gap="xs">
      <Box pos="relative" w="100%" data-testid="us-map" ref={ref}>
        <svg
          viewBox={`0 0 ${width} ${height}`}
          width="100%"
          style={{ display: 'block', height: 'auto' }}
          role="img"
          aria-label={`Map of the United States with ${placed.length} supplier branches`}
        >
          <path d={nationShape} fill="var(--mantine-color-hedge-0)" />
          <path d={statesShape} fill="var(--mantine-color-hedge-0)" />
          <path
            d={bordersShape}
            fill="none"
            stroke="var(--mantine-color-hedge-3)"
            strokeWidth={0.8}
            strokeLinejoin="round"
          />
          <path d={nationShape} fill="none" stroke="var(--mantine-color-hedge-5)" strokeWidth={1} />
        </svg>
        {/* Markers are HTML on top of the drawing so they keep a touchable size at any width. */}
        {clusters.map((cluster) => {
          const key = keyOf(cluster);
          const active = key === selectedKey;
          const single = cluster.pins.length === 1 ? cluster.pins[0] : null;
          const size = single ? (active ? 18 : 12) : 22 + Math.min(10, cluster.pins.length);
          const label = single
            ? `${single.name}${placeOf(single) ? `, ${placeOf(single)}` : ''}`
            : `${cluster.pins.length} supplier branches near ${placeOf(cluster.pins[0]) || 'here'}`;
          return (
            <Tooltip key={key} label={single ? single.name : label} withArrow openDelay={150}>
              <UnstyledButton
                aria-label={label}
                aria-pressed={active}
                data-testid={single ? 'map-pin' : 'map-cluster'}
                onClick={() => setSelectedKey(active ? null : key)}
                pos="absolute"
                style={{
                  left: `${(cluster.x / width) * 100}%`,
                  top: `${(cluster.y / height) * 100}%`,
                  width: size,
                  height: size,
                  transform: 'translate(-50%, -50%)',
                  borderRadius: '50%',
                  background: active ? 'var(--mantine-color-orange-6)' : 'var(--mantine-color-hedge-8)',
                  border: '2px solid white',
                  boxShadow: '0 1px 3px rgba(0, 0, 0, 0.35)',
                  color: 'white',
                  fontSize: 11,
                  fontWeight: 700,
                  lineHeight: 1,
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  zIndex: active ? 2 : single ? 0 : 1,
                }}
              >
                {single ? null : cluster.pins.length}
              </UnstyledButton>
            </Tooltip>
          );
        })}
        {selected && (
          <Paper
            shadow="md"
            withBorder
            p="sm"
            radius="md"
            pos="absolute"
            data-testid="map-popover"
            style={{
              left: `clamp(0px, calc(${(selected.x / width) * 100}% - 120px), calc(100% - 240px))`,
              top: `calc(${(selected.y / height) * 100}% + 16px)`,
              width: 240,
              zIndex: 3,
            }}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap={4}>
              <Text fw={700} size="sm" lineClamp={2}>
                {selected.pins.length === 1
                  ? selected.pins[0].name
                  : `${selected.pins.length} supplier branches`}
              </Text>
              <CloseButton size="sm" aria-label="Close" onClick={() => setSelectedKey(null)} />
            </Group>
            {selected.pins.length === 1 ? (
              <PinDetails pin={selected.pins[0]} />
            ) : (
              <Stack gap={8} mah={220} style={{ overflowY: 'auto' }} data-testid="map-cluster-list">
                {selected.pins.map((pin) => (
                  <div key={pin.id}>
                    <Anchor component={Link} to={paths.supplier(pin.slug)} size="sm" fw={600}>
                      {pin.name}
                    </Anchor>
                    {placeOf(pin) && (
                      <Text size="xs" c="dimmed">
                        {placeOf(pin)}
                      </Text>
                    )}
                  </div>
                ))}
              </Stack>
            )}
          </Paper>
        )}
      </Box>
      <Text size="sm" c="dimmed">
        {formatNumber(placed.length)} supplier {placed.length === 1 ? 'branch' : 'branches'} on the map
        {pins.length > placed.length ? ` (${pins.length - placed.length} outside the United States)` : ''}.
        Select a pin to see the supplier, or a number to list the branches there.
      </Text>
    </Stack>
  );
}

/** One branch's card: its company, where it is, and a link to its availability. */
function PinDetails({ pin }: { pin: PlacedPin }) {
  return (
    <>
      <Text size="xs" c="dimmed" lineClamp={1}>
        {pin.organizationName}
      </Text>
      {placeOf(pin) && <Text size="xs">{placeOf(pin)}</Text>}
      <Anchor component={Link} to={paths.supplier(pin.slug)} size="sm" fw={600} mt={6} display="block">
        View Availability
      </Anchor>
    </>
  );
}
