import { Anchor, Box, CloseButton, Group, Paper, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { geoAlbersUsa, geoPath } from 'd3-geo';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import statesTopology from 'us-atlas/states-10m.json';
import { paths } from '../../../paths';
import type { SupplierPin } from '../api/get-supplier-pins';

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

/**
 * The United States (Albers USA, with Alaska and Hawaii inset) drawn from us-atlas into a scalable
 * SVG, with a pin per branch; a pin opens a card with the branch and a link to its page.
 */
export function UsMap({ pins }: { pins: SupplierPin[] }) {
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const placed = useMemo(
    () =>
      pins.flatMap((pin): PlacedPin[] => {
        const point = projection([pin.longitude, pin.latitude]);
        return point ? [{ ...pin, x: point[0], y: point[1] }] : [];
      }),
    [pins],
  );
  const selected = placed.find((pin) => pin.id === selectedId) ?? null;

  return (
    <Stack gap="xs">
      <Box pos="relative" w="100%" data-testid="us-map">
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
        {/* Pins are HTML on top of the drawing so they keep a touchable size at any width. */}
        {placed.map((pin) => {
          const active = pin.id === selectedId;
          return (
            <Tooltip key={pin.id} label={pin.name} withArrow openDelay={150}>
              <UnstyledButton
                aria-label={`${pin.name}${pin.city ? `, ${pin.city}` : ''}${pin.state ? `, ${pin.state}` : ''}`}
                aria-pressed={active}
                data-testid="map-pin"
                onClick={() => setSelectedId(active ? null : pin.id)}
                pos="absolute"
                style={{
                  left: `${(pin.x / width) * 100}%`,
                  top: `${(pin.y / height) * 100}%`,
                  width: active ? 18 : 12,
                  height: active ? 18 : 12,
                  transform: 'translate(-50%, -50%)',
                  borderRadius: '50%',
                  background: active ? 'var(--mantine-color-orange-6)' : 'var(--mantine-color-hedge-8)',
                  border: '2px solid white',
                  boxShadow: '0 1px 3px rgba(0, 0, 0, 0.35)',
                  zIndex: active ? 1 : 0,
                }}
              />
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
              top: `calc(${(selected.y / height) * 100}% + 14px)`,
              width: 240,
              zIndex: 3,
            }}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap={4}>
              <Text fw={700} size="sm" lineClamp={2}>
                {selected.name}
              </Text>
              <CloseButton size="sm" aria-label="Close" onClick={() => setSelectedId(null)} />
            </Group>
            <Text size="xs" c="dimmed" lineClamp={1}>
              {selected.organizationName}
            </Text>
            {(selected.city || selected.state) && (
              <Text size="xs">{[selected.city, selected.state].filter(Boolean).join(', ')}</Text>
            )}
            <Anchor
              component={Link}
              to={paths.supplier(selected.slug)}
              size="sm"
              fw={600}
              mt={6}
              display="block"
            >
              View Availability
            </Anchor>
          </Paper>
        )}
      </Box>
      <Text size="sm" c="dimmed">
        {placed.length.toLocaleString('en-US')} supplier {placed.length === 1 ? 'branch' : 'branches'} on the
        map
        {pins.length > placed.length ? ` (${pins.length - placed.length} outside the United States)` : ''}.
        Select a pin to see the supplier.
      </Text>
    </Stack>
  );
}
