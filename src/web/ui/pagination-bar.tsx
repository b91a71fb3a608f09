import { Group, Pagination, Text } from '@mantine/core';
import { formatNumber } from '../../domain/text/number-format';
import classes from './pagination-bar.module.css';

/** 'Results x-y of total' for a page of a list. */
export function resultsRangeText(page: number, perPage: number, totalCount: number): string {
  const first = (page - 1) * perPage + 1;
  const last = Math.min(page * perPage, totalCount);
  if (first > totalCount) return `${formatNumber(totalCount)} results`;
  return `Results ${formatNumber(first)}-${formatNumber(last)} of ${formatNumber(totalCount)}`;
}

/** The 'Results x-y of total' line and the page buttons (up to 7 slots with ellipses; spec part 1 §9). */
export function PaginationBar({
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
  return (
    <Group justify="space-between" gap="sm" mt="lg">
      <Text size="sm" c="dimmed" data-testid="results-range">
        {resultsRangeText(page, perPage, totalCount)}
      </Text>
      <Pagination
        total={totalPages}
        value={Math.min(page, Math.max(1, totalPages))}
        onChange={onPageChange}
        siblings={1}
        boundaries={1}
        hideWithOnePage
        classNames={{ root: classes.root, control: classes.control, dots: classes.dots }}
        getControlProps={(control) => ({ 'aria-label': `${control} page` })}
        getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
      />
    </Group>
  );
}
