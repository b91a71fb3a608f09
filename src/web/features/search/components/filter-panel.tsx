import { Accordion, Group, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import type { SearchAggregations } from '../../../../domain/search/search-results';
import type { SearchChanges, SearchState } from '../search-url';
import { ActiveFilters } from './active-filters';
import { ContainerFilter } from './container-filter';
import { FacetChecklist, FacetCount } from './facet-checklist';
import { QuantityFilter } from './quantity-filter';
import { SupplierFilter } from './supplier-filter';

const emptyAggregations: SearchAggregations = {
  categories: [],
  availability: [],
  standardContainer: [],
  sizesInches: [],
  sizesFeet: [],
  fieldStatus: [],
  brand: [],
  advantages: [],
};

/** A facet with nothing to count and nothing chosen is left out. */
const shows = (values: unknown[], chosenCount: number) => values.length > 0 || chosenCount > 0;

function availableCount(aggregations: SearchAggregations): number | null {
  const entry = aggregations.availability.find((value) =>
    /^(true|available|in stock)$/i.test(value.name.trim()),
  );
  return entry ? entry.count : null;
}

/** The search filters (spec part 2 §2 'Filters'); each change goes straight into the URL. */
export function FilterPanel({
  state,
  aggregations,
  signedIn,
  onChange,
  withTitle = true,
}: {
  state: SearchState;
  aggregations: SearchAggregations | undefined;
  signedIn: boolean;
  onChange: (changes: SearchChanges) => void;
  /** Off where the container already says 'Filters' (the mobile drawer). */
  withTitle?: boolean;
}) {
  // Sections start open, and so does one that appears later (Suppliers, once the user is known).
  const [closed, setClosed] = useState<string[]>([]);
  const aggs = { ...emptyAggregations, ...aggregations };
  const inStockCount = availableCount(aggs);
  const sections = [
    'quantity',
    'container',
    'fieldStatus',
    'brand',
    'categories',
    'advantages',
    'availability',
    ...(signedIn ? ['suppliers'] : []),
  ];
  return (
    <Stack gap="sm" data-testid="filter-panel">
      <ActiveFilters state={state} signedIn={signedIn} onChange={onChange} withTitle={withTitle} />
      <Accordion
        multiple
        value={sections.filter((section) => !closed.includes(section))}
        onChange={(open) => setClosed(sections.filter((section) => !open.includes(section)))}
        variant="default"
        chevronPosition="right"
        styles={{ control: { paddingInline: 0 }, content: { paddingInline: 0 }, label: { fontWeight: 700 } }}
      >
        <Accordion.Item value="quantity">
          <Accordion.Control>Quantity</Accordion.Control>
          <Accordion.Panel>
            <QuantityFilter quantity={state.quantity} onApply={(quantity) => onChange({ quantity })} />
          </Accordion.Panel>
        </Accordion.Item>
        {shows(aggs.standardContainer, state.lists.standardContainer.length + state.lists.size.length) && (
          <Accordion.Item value="container">
            <Accordion.Control>Container Type</Accordion.Control>
            <Accordion.Panel>
              <ContainerFilter
                parents={aggs.standardContainer}
                chosenParents={state.lists.standardContainer}
                chosenSizes={state.lists.size}
                onChange={(lists) => onChange({ lists })}
              />
            </Accordion.Panel>
          </Accordion.Item>
        )}
        {shows(aggs.fieldStatus, state.lists.fieldStatus.length) && (
          <Accordion.Item value="fieldStatus">
            <Accordion.Control>Dig Status</Accordion.Control>
            <Accordion.Panel>
              <FacetChecklist
                label="Dig Status"
                values={aggs.fieldStatus}
                chosen={state.lists.fieldStatus}
                onChange={(fieldStatus) => onChange({ lists: { fieldStatus } })}
              />
            </Accordion.Panel>
          </Accordion.Item>
        )}
        {shows(aggs.brand, state.lists.brand.length) && (
          <Accordion.Item value="brand">
            <Accordion.Control>Brand</Accordion.Control>
            <Accordion.Panel>
              <FacetChecklist
                label="Brand"
                values={aggs.brand}
                chosen={state.lists.brand}
                onChange={(brand) => onChange({ lists: { brand } })}
              />
            </Accordion.Panel>
          </Accordion.Item>
        )}
        {shows(aggs.categories, state.lists.categories.length) && (
          <Accordion.Item value="categories">
            <Accordion.Control>Categories</Accordion.Control>
            <Accordion.Panel>
              <FacetChecklist
                label="Categories"
                values={aggs.categories}
                chosen={state.lists.categories}
                onChange={(categories) => onChange({ lists: { categories } })}
              />
            </Accordion.Panel>
          </Accordion.Item>
        )}
        {shows(aggs.advantages, state.lists.advantages.length) && (
          <Accordion.Item value="advantages">
            <Accordion.Control>Advantages</Accordion.Control>
            <Accordion.Panel>
              <FacetChecklist
                label="Advantages"
                values={aggs.advantages}
                chosen={state.lists.advantages}
                onChange={(advantages) => onChange({ lists: { advantages } })}
              />
            </Accordion.Panel>
          </Accordion.Item>
        )}
        <Accordion.Item value="availability">
          <Accordion.Control>Availability</Accordion.Control>
          <Accordion.Panel>
            <Group justify="space-between" wrap="nowrap">
              <Switch
                size="sm"
                label="In stock only"
                checked={state.available}
                onChange={(event) => onChange({ available: event.currentTarget.checked })}
              />
              {inStockCount !== null && <FacetCount count={inStockCount} />}
            </Group>
          </Accordion.Panel>
        </Accordion.Item>
        {signedIn && (
          <Accordion.Item value="suppliers">
            <Accordion.Control>Suppliers</Accordion.Control>
            <Accordion.Panel>
              <SupplierFilter
                filtered={state.supplierFilter}
                switches={state.switches}
                onModeChange={(supplierFilter) => onChange({ supplierFilter })}
                onSwitchChange={(key, on) => onChange({ supplierFilter: true, switches: { [key]: on } })}
              />
            </Accordion.Panel>
          </Accordion.Item>
        )}
      </Accordion>
      <Text size="xs" c="dimmed">
        Counts are products matching your search.
      </Text>
    </Stack>
  );
}
