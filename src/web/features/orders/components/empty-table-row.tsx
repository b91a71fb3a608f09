import { Table, Text } from '@mantine/core';

/** The one row a staff table shows when it has nothing to list. */
export function EmptyTableRow({ span, text }: { span: number; text: string }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={span}>
        <Text c="dimmed" size="sm">
          {text}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
