import { Anchor, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { SearchAggregation } from '../../../../domain/search/search-results';
import { formatNumber } from '../../../../domain/text/number-format';

/** Lists show this many values before 'See N more' (spec part 2 §9: seven container parents). */
export const facetVisibleCount = 7;

/** The facet's values plus any chosen value the counts no longer carry, so it can still be unticked. */
export function withChosen(values: SearchAggregation[], chosen: string[]): SearchAggregation[] {
  const known = new Set(values.map((value) => value.name));
  return [...values, ...chosen.filter((name) => !known.has(name)).map((name) => ({ name, count: 0 }))];
}

export function FacetCount({ count }: { count: number }) {
  return (
    <Text size="xs" c="dimmed" component="span" style={{ fontVariantNumeric: 'tabular-nums' }}>
      {formatNumber(count)}
    </Text>
  );
}

export function SeeMoreToggle({
  expanded,
  hiddenCount,
  onToggle,
}: {
  expanded: boolean;
  hiddenCount: number;
  onToggle: () => void;
}) {
  if (!expanded && hiddenCount <= 0) return null;
  return (
    <Anchor component="button" type="button" size="sm" fw={600} onClick={onToggle} ta="left">
      {expanded ? 'See less' : `See ${hiddenCount} more`}
    </Anchor>
  );
}

/** A facet as checkboxes with counts (Dig Status, Brand, Categories, Advantages). */
export function FacetChecklist({
  label,
  values,
  chosen,
  onChange,
}: {
  label: string;
  values: SearchAggregation[];
  chosen: string[];
  onChange: (next: string[]) => void;
}) {
  const [expanded, setExpanded] = useState(false);
  const all = withChosen(values, chosen);
  if (all.length === 0)
    return (
      <Text size="sm" c="dimmed">
        None in these results
      </Text>
    );
  // Chosen values stay visible even when they sit past the first seven.
  const shown = expanded
    ? all
    : all.filter((value, index) => index < facetVisibleCount || chosen.includes(value.name));
  return (
    <Stack gap={8}>
      <Checkbox.Group value={chosen} onChange={onChange} aria-label={label}>
        <Stack gap={8}>
          {shown.map((value) => (
            <Group key={value.name} justify="space-between" wrap="nowrap" gap="xs">
              <Checkbox value={value.name} label={value.name} size="sm" />
              <FacetCount count={value.count} />
            </Group>
          ))}
        </Stack>
      </Checkbox.Group>
      <SeeMoreToggle
        expanded={expanded}
        hiddenCount={all.length - shown.length}
        onToggle={() => setExpanded((value) => !value)}
      />
    </Stack>
  );
}
