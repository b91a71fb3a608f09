import { Button, Group, Pill, Text } from '@mantine/core';
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
      label: `Quantity: ${state.quantity.toLocaleString('en-US')}`,
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
}: {
  state: SearchState;
  signedIn: boolean;
  onChange: (changes: SearchChanges) => void;
}) {
  const chips = activeFilterChips(state, signedIn);
  if (chips.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No filters chosen
      </Text>
    );
  return (
    <Group gap={6} data-testid="active-filters">
      {chips.map((chip) => (
        <Pill
          key={chip.key}
          size="md"
          withRemoveButton
          onRemove={() => onChange(chip.remove)}
          removeButtonProps={{ 'aria-label': `Remove filter ${chip.label}` }}
          bg="hedge.0"
        >
          {chip.label}
        </Pill>
      ))}
      <Button size="compact-sm" variant="subtle" onClick={() => onChange({ clearFilters: true })}>
        Clear Filters
      </Button>
    </Group>
  );
}

