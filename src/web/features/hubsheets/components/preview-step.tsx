import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { ImportListView } from '../../../../domain/hubsheets/hubsheet-types';
import { formatNumber } from '../../../../domain/text/number-format';
import { assignmentFromList, columnKindLabels } from './column-mapping';

/** 'Preview and Confirm Your List': how many lines, from which file, and the first rows as read. */
export function PreviewStep({
  importList,
  job,
  error,
  onBack,
  onCreate,
  onChangeColumns,
}: {
  importList: ImportListView;
  job: { name: string; postalCode: string; radius: string; jobDate: string | null };
  error: string | null;
  onBack: () => void;
  onCreate: () => void;
  /** Opens the mapping step on the columns as read (the one-click correction). */
  onChangeColumns: () => void;
}) {
  const { kinds } = assignmentFromList(importList);
  const count = importList.importListItemsCount;
  return (
    <Stack gap="md" data-testid="hubsheet-preview-step">
      <Title order={2} size="h3">
        Preview and Confirm Your List
      </Title>
      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              Line items
            </Text>
            <Text fw={700} size="xl" data-testid="preview-line-count">
              {formatNumber(count)}
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              Source file
            </Text>
            <Text fw={600} data-testid="preview-file-name" style={{ wordBreak: 'break-all' }}>
              {importList.filename}
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              List
            </Text>
            <Text fw={600}>{job.name}</Text>
            <Text size="sm" c="dimmed">
              {job.postalCode} · {job.radius === 'any' ? 'any distance' : `within ${job.radius} miles`}
            </Text>
          </div>
        </SimpleGrid>
      </Paper>
      {importList.columnNotes.length > 0 && (
        <Alert
          color="blue"
          variant="light"
          data-testid="preview-column-notes"
          title="How we read your columns"
        >
          <Stack gap={6}>
            {importList.columnNotes.map((note) => (
              <Text key={note} size="sm">
                {note}
              </Text>
            ))}
            <Group>
              <Button size="xs" variant="light" onClick={onChangeColumns}>
                Change the columns
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      <Paper withBorder radius="md">
        <Table.ScrollContainer
          minWidth={Math.max(480, importList.originalHeaders.length * 140)}
          type="native"
        >
          <Table striped verticalSpacing="xs" data-testid="preview-table">
            <Table.Thead>
              <Table.Tr>
                {importList.originalHeaders.map((header, column) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed by the file
                  <Table.Th key={column}>
                    <Stack gap={2}>
                      <span>{header || `Column ${column + 1}`}</span>
                      {kinds[column] && (
                        <Badge size="xs" variant="light" w="fit-content">
                          {columnKindLabels[kinds[column]]}
                        </Badge>
                      )}
                    </Stack>
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {importList.sampleRows.map((row, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: sample rows have no id
                <Table.Tr key={index}>
                  {importList.originalHeaders.map((_, column) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed by the file
                    <Table.Td key={column}>{row[column] ?? ''}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      {count > importList.sampleRows.length && (
        <Text size="sm" c="dimmed">
          Showing the first {importList.sampleRows.length} of {formatNumber(count)} lines.
        </Text>
      )}
      <Group justify="space-between">
        <Anchor component="button" type="button" onClick={onBack}>
          Back
        </Anchor>
        <Button onClick={onCreate}>Create HubSheet</Button>
      </Group>
    </Stack>
  );
}
