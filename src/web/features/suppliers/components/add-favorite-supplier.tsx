import { Group, Paper, Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconStar } from '@tabler/icons-react';
import { useState } from 'react';
import { useToggleFavoriteBranch } from '../../../api/toggle-favorite-branch';
import { useSuppliers } from '../api/get-suppliers';

/**
 * Finds a supplier branch by name and adds it to the favourites (the favourites page's "add"; the
 * star on each card removes). Branches already starred are not offered.
 */
export function AddFavoriteSupplier({ favoriteIds }: { favoriteIds: readonly number[] }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const toggle = useToggleFavoriteBranch();
  const suppliers = useSuppliers({
    query: debounced,
    state: null,
    postalCode: null,
    radius: null,
    page: 1,
    perPage: 10,
  });
  const options = (debounced.length >= 2 ? (suppliers.data?.results ?? []) : [])
    .filter((branch) => !favoriteIds.includes(branch.id))
    .map((branch) => ({
      value: String(branch.id),
      label: [branch.name, [branch.city, branch.state].filter(Boolean).join(', ')]
        .filter(Boolean)
        .join(' · '),
    }));

  return (
    <Paper withBorder radius="md" p="md" mb="lg" data-testid="add-favorite-supplier">
      <Group gap="xs" mb={6} wrap="nowrap">
        <IconStar size={16} />
        <Text fw={600} size="sm">
          Add a favorite supplier
        </Text>
      </Group>
      <Select
        aria-label="Find a supplier to add"
        placeholder="Type a supplier name"
        leftSection={<IconSearch size={16} />}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        value={null}
        data={options}
        // The directory already matched the words; do not filter its answer again.
        filter={({ options: all }) => all}
        nothingFoundMessage={
          debounced.length < 2
            ? 'Type at least 2 letters'
            : suppliers.isFetching
              ? 'Searching…'
              : 'No other supplier matches'
        }
        onChange={(value) => {
          if (!value) return;
          toggle.mutate({ branchId: Number(value), favorite: true });
          setSearch('');
        }}
        maw={480}
      />
    </Paper>
  );
}
