import { Group, Pagination, Text } from '@mantine/core';

/** 'Results x-y of total' and the page buttons (up to 7 slots with ellipses) under a Beehive list. */
export function ListFooter({
  page,
  perPage,
  totalCount,
  totalPages,
  onPageChange,
}: {
  page: number;
  perPage: number;
  totalCount: number;
  totalPages: number;
  onPageChange: (page: number) => void;
}) {
  if (totalCount === 0) return null;
  const first = (page - 1) * perPage + 1;
  const last = Math.min(page * perPage, totalCount);
  return (
    <Group justify="space-between" mt="md" gap="sm">
      <Text size="sm" c="dimmed" data-testid="results-range">
        {first > totalCount ? `${totalCount} results` : `Results ${first}-${last} of ${totalCount}`}
      </Text>
      <Pagination
        total={totalPages}
        value={Math.min(page, totalPages)}
        onChange={onPageChange}
        siblings={1}
        boundaries={1}
        size="sm"
        hideWithOnePage
        getControlProps={(control) => ({ 'aria-label': `${control} page` })}
      />
    </Group>
  );
}
