import { Badge, Button, Card, Group, Progress, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import {
  type ImportField,
  type ImportMapping,
  importFieldLabels,
  type LineOutcome,
} from '../../domain/imports/import-schemas';

// The parts every import wizard shows (the supplier's availability upload, Beehive's catalogue
// imports): the column mapping, the counts and the progress of the preview or apply job.

export const importOutcomeColors: Record<LineOutcome, string> = {
  pending: 'gray',
  updated: 'blue',
  new: 'green',
  unmatched: 'orange',
  invalid: 'red',
};

/** A mapped cell's text, '' when the field has no column. */
export const importCellOf = (mapping: ImportMapping, cells: readonly string[], field: ImportField) => {
  const index = mapping[field];
  return index === null || index === undefined ? '' : (cells[index] ?? '');
};

/** Field → column selects; 'Preview with these columns' sends the changed mapping. */
export function ImportMappingCard({
  columns,
  fields,
  mapping: saved,
  pending,
  onPreview,
}: {
  columns: readonly string[];
  fields: readonly ImportField[];
  mapping: ImportMapping;
  pending: boolean;
  onPreview: (mapping: ImportMapping) => void;
}) {
  const [mapping, setMapping] = useState(saved);
  const changed = JSON.stringify(mapping) !== JSON.stringify(saved);
  const options = columns.map((column, index) => ({ value: String(index), label: column }));
  return (
    <Card withBorder>
      <Title order={4} mb="xs">
        Columns
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="xs">
        {fields.map((field) => (
          <Select
            key={field}
            size="xs"
            label={importFieldLabels[field]}
            placeholder="Not in the file"
            clearable
            data={options}
            value={mapping[field] === null || mapping[field] === undefined ? null : String(mapping[field])}
            onChange={(value) => setMapping({ ...mapping, [field]: value === null ? null : Number(value) })}
          />
        ))}
      </SimpleGrid>
      {changed && (
        <Button mt="sm" size="xs" loading={pending} onClick={() => onPreview(mapping)}>
          Preview with these columns
        </Button>
      )}
    </Card>
  );
}

type Counts = { new: number; updated: number; unmatched: number; invalid: number; zeroed: number };

/** The preview's counts as badges; unmatched and zeroed only where the kind has them. */
export function ImportCountBadges({
  counts,
  unmatched = true,
  zeroed = false,
}: {
  counts: Counts;
  unmatched?: boolean;
  zeroed?: boolean;
}) {
  return (
    <Group gap="xs" data-testid="import-counts">
      <Badge color="blue" variant="light">{`${counts.updated} updated`}</Badge>
      <Badge color="green" variant="light">{`${counts.new} new`}</Badge>
      {unmatched && <Badge color="orange" variant="light">{`${counts.unmatched} unmatched`}</Badge>}
      <Badge color="red" variant="light">{`${counts.invalid} invalid`}</Badge>
      {zeroed && <Badge color="gray" variant="light">{`${counts.zeroed} set to 0`}</Badge>}
    </Group>
  );
}

/** The job's progress while the preview or the apply runs. */
export function ImportProgress({ label, progress }: { label: string; progress: number }) {
  return (
    <Stack gap={4}>
      <Text size="sm">{label}</Text>
      <Progress value={Math.max(5, progress)} animated aria-label="Progress" />
    </Stack>
  );
}
