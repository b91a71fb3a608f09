import { Box, Button, Group, Loader, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import {
  defaultSupplierRadius,
  type SupplierRadiusOption,
  supplierRadiusLabel,
  supplierRadiusValues,
} from '../../../../domain/catalog/supplier-queries';
import { formatNumber } from '../../../../domain/text/number-format';
import { ApiError } from '../../../api/client';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { PaginationBar } from '../../../ui/pagination-bar';
import { PostalCodeField } from '../../../ui/postal-code-field';
import { useSupplierStates } from '../api/get-supplier-states';
import { useSuppliers } from '../api/get-suppliers';
import { SupplierCardGrid, SupplierCardGridSkeleton } from './supplier-card';
import { useUrlFilters } from './use-url-filters';

const perPage = 24;
const radiusOptions = supplierRadiusValues.map((value) => ({ value, label: supplierRadiusLabel(value) }));
const isRadius = (value: string | null): value is SupplierRadiusOption =>
  supplierRadiusValues.includes(value as SupplierRadiusOption);

/** A search box that reports what was typed a moment after typing stops. */
function SearchBox({ value, onSearch }: { value: string; onSearch: (value: string) => void }) {
  const [draft, setDraft] = useState(value);
  const [debounced] = useDebouncedValue(draft, 300);
  useEffect(() => setDraft(value), [value]);
  useEffect(() => {
    if (debounced.trim() !== value.trim()) onSearch(debounced);
  }, [debounced, value, onSearch]);
  return (
    <TextInput
      label="Search suppliers"
      placeholder="Name, company or city"
      leftSection={<IconSearch size={16} />}
      value={draft}
      onChange={(event) => setDraft(event.currentTarget.value)}
      style={{ flex: '2 1 240px' }}
      data-testid="supplier-search"
    />
  );
}

/**
 * The supplier directory: words, state (unless the page fixes one), postal code and radius, all
 * kept in the URL; cards and pages under them.
 */
export function SupplierDirectory({ fixedState }: { fixedState?: string }) {
  const { params, page, update } = useUrlFilters();
  const query = params.get('query') ?? '';
  const state = fixedState ?? params.get('state');
  const postalCode = params.get('postalCode');
  const rawRadius = params.get('radius');
  const radius: SupplierRadiusOption = isRadius(rawRadius)
    ? rawRadius
    : (String(defaultSupplierRadius) as SupplierRadiusOption);
  const states = useSupplierStates();
  const suppliers = useSuppliers({ query, state, postalCode, radius, page, perPage });
  const filtered = Boolean(query || (!fixedState && state) || postalCode);
  const postalError =
    suppliers.error instanceof ApiError ? (suppliers.error.fields.postalCode ?? null) : null;

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <SearchBox value={query} onSearch={(value) => update({ query: value.trim() }, { replace: true })} />
          {!fixedState && (
            <Select
              label="State"
              placeholder="All states"
              data={(states.data ?? []).map((row) => ({
                value: row.state,
                label: `${row.name} (${row.branchCount})`,
              }))}
              value={state}
              onChange={(value) => update({ state: value })}
              searchable
              clearable
              style={{ flex: '1 1 180px' }}
              data-testid="state-filter"
            />
          )}
          <PostalCodeField
            value={postalCode}
            onApply={(value) => update({ postalCode: value })}
            serverError={postalError}
            style={{ flex: '1 1 160px' }}
            data-testid="postal-code-filter"
          />
          <Select
            label="Radius"
            data={radiusOptions}
            value={radius}
            onChange={(value) => update({ radius: value === String(defaultSupplierRadius) ? null : value })}
            allowDeselect={false}
            disabled={!postalCode}
            description={postalCode ? undefined : 'Enter a postal code first'}
            style={{ flex: '1 1 150px' }}
            data-testid="radius-filter"
          />
        </Group>
      </Paper>

      <Group justify="space-between" gap="xs" mih={24}>
        {suppliers.data && !suppliers.isPlaceholderData && (
          <Text size="sm" c="dimmed" data-testid="supplier-count">
            {formatNumber(suppliers.data.totalCount)}{' '}
            {suppliers.data.totalCount === 1 ? 'supplier' : 'suppliers'}
            {postalCode
              ? ` ${radius === 'any' ? 'by distance from' : `within ${radius} miles of`} ${postalCode}`
              : ''}
          </Text>
        )}
        {suppliers.isFetching && !suppliers.isPending && <Loader size="xs" aria-label="Updating" />}
      </Group>

      {suppliers.isPending ? (
        <SupplierCardGridSkeleton />
      ) : suppliers.isError ? (
        <LoadErrorAlert
          title="Could not load suppliers"
          error={suppliers.error}
          onRetry={() => suppliers.refetch()}
        />
      ) : suppliers.data.results.length === 0 ? (
        <Paper withBorder p="xl" ta="center" radius="md" data-testid="suppliers-empty">
          <Text fw={600}>No suppliers match your criteria</Text>
          <Text size="sm" c="dimmed" mt={4}>
            {postalCode && radius !== 'any'
              ? 'Try a wider radius or clear the filters.'
              : 'Try other words or clear the filters.'}
          </Text>
          {filtered && (
            <Button
              mt="md"
              variant="light"
              onClick={() => update({ query: null, state: null, postalCode: null, radius: null })}
            >
              Reset filters
            </Button>
          )}
        </Paper>
      ) : (
        <Box style={{ opacity: suppliers.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
          <SupplierCardGrid suppliers={suppliers.data.results} />
        </Box>
      )}

      {suppliers.data && (
        <PaginationBar
          page={page}
          perPage={perPage}
          totalCount={suppliers.data.totalCount}
          totalPages={suppliers.data.totalPages}
          onPageChange={(next) => update({ page: next })}
        />
      )}
    </Stack>
  );
}
