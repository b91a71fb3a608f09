import { Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { downloadText, toCsv } from './csv';

export type Column<Row> = {
  label: string;
  /** What the screen shows. */
  render: (row: Row) => ReactNode;
  /** What the CSV holds (plain numbers for money, so spreadsheets can add them up). */
  csv: (row: Row) => string | number | null;
  align?: 'left' | 'right';
  /** Left out on phones (the CSV keeps it), so a table fits 390 px without a sideways scroll. */
  wideOnly?: boolean;
};

/** A titled table of a report with its 'Download CSV' (at most four columns, so it fits a phone). */
export function ReportTable<Row>({
  title,
  rows,
  columns,
  fileName,
  empty = 'Nothing in this range.',
  testId,
}: {
  title: string;
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  fileName: string;
  empty?: string;
  testId?: string;
}) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-testid={testId}>
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={3} size="h5">
          {title}
        </Title>
        <Button
          size="compact-sm"
          variant="default"
          leftSection={<IconDownload size={14} />}
          disabled={rows.length === 0}
          onClick={() =>
            downloadText(
              fileName,
              toCsv(
                columns.map((column) => column.label),
                rows.map((row) => columns.map((column) => column.csv(row))),
              ),
            )
          }
          aria-label={`Download ${title} as CSV`}
        >
          CSV
        </Button>
      </Group>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Table striped verticalSpacing={6} fz="sm">
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th
                  key={column.label}
                  ta={column.align ?? 'left'}
                  visibleFrom={column.wideOnly ? 'sm' : undefined}
                >
                  {column.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: report rows have no id and never reorder in place
              <Table.Tr key={index}>
                {columns.map((column) => (
                  <Table.Td
                    key={column.label}
                    ta={column.align ?? 'left'}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {column.render(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
