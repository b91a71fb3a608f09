import { Button, Group, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { formatNumber } from '../../../../domain/text/number-format';
import {
  type ListFilterKey,
  listFilterKeys,
  type SearchChanges,
  type SearchState,
  supplierSwitchKeys,
  supplierSwitchLabels,
} from '../search-url';

export const listFilterLabels: Record<ListFilterKey, string> = {
  categories: 'Category',
  advantages: 'Advantage',
  fieldStatus: 'Dig Status',
  brand: 'Brand',
  standardContainer: 'Container',
  container: 'Size',
  size: 'Size',
};

type Chip = { key: string; label: string; remove: SearchChanges };

/** One chip per chosen filter, each with its own way to remove it. */
export function activeFilterChips(state: SearchState, signedIn: boolean): Chip[] {
  const chips: Chip[] = [];
  for (const key of listFilterKeys) {
    for (const value of state.lists[key]) {
      chips.push({
        key: `${key}:${value}`,
        label: `${listFilterLabels[key]}: ${value}`,
        remove: { lists: { [key]: state.lists[key].filter((v) => v !== value) } },
      });
    }
  }
  if (state.available) chips.push({ key: 'available', label: 'In stock only', remove: { available: false } });
  if (state.quantity !== null)
    chips.push({
      key: 'quantity',
      label: `Quantity: ${formatNumber(state.quantity)}`,
      remove: { quantity: null },
    });
  if (signedIn && state.supplierFilter) {
    const on = supplierSwitchKeys.filter((key) => state.switches[key]);
    if (on.length === 0)
      chips.push({ key: 'supplierFilter', label: 'Filtered suppliers', remove: { supplierFilter: false } });
    for (const key of on)
      chips.push({ key, label: supplierSwitchLabels[key], remove: { switches: { [key]: false } } });
  }
  if (state.scope.productGroupSlug)
    chips.push({
      key: 'productGroupSlug',
      label: `Group: ${state.scope.productGroupSlug}`,
      remove: { clearScope: 'productGroupSlug' },
    });
  if (state.scope.productFamilySlug)
    chips.push({
      key: 'productFamilySlug',
      label: `Family: ${state.scope.productFamilySlug}`,
      remove: { clearScope: 'productFamilySlug' },
    });
  if (state.scope.brandId)
    chips.push({ key: 'brandId', label: 'Brand page filter', remove: { clearScope: 'brandId' } });
  return chips;
}

/** The 'Clear Filters' bar: every chosen filter as a removable chip (spec part 2 §2 Filters). */
export function ActiveFilters({
  state,
  signedIn,
  onChange,
  withTitle,
}: {
  state: SearchState;
  signedIn: boolean;
  onChange: (changes: SearchChanges) => void;
  withTitle: boolean;
}) {
  const chips = activeFilterChips(state, signedIn);
  if (!withTitle && chips.length === 0) return null;
  return (
    <Stack gap={8}>
      <Group justify={withTitle ? 'space-between' : 'flex-end'} gap="xs">
        {withTitle && (
          <Text fw={700} size="lg">
            Filters
          </Text>
        )}
        {chips.length > 0 && (
          <Button size="compact-sm" variant="subtle" onClick={() => onChange({ clearFilters: true })}>
            Clear Filters
          </Button>
        )}
      </Group>
      {chips.length > 0 && (
        <Group gap={6} data-testid="active-filters">
          {chips.map((chip) => (
            <Button
              key={chip.key}
              size="compact-sm"
              variant="light"
              radius="xl"
              fw={500}
              rightSection={<IconX size={14} aria-hidden />}
              onClick={() => onChange(chip.remove)}
              aria-label={`Remove filter ${chip.label}`}
            >
              {chip.label}
            </Button>
          ))}
        </Group>
      )}
    </Stack>
  );
}
