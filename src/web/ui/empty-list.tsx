import { Button, Paper, Text } from '@mantine/core';

/** What a Beehive list shows instead of an empty table, with an optional way out. */
export function EmptyList({
  message,
  action,
  testId,
}: {
  message: string;
  action?: { label: string; onClick: () => void };
  testId?: string;
}) {
  return (
    <Paper withBorder p="xl" ta="center" data-testid={testId}>
      <Text fw={600}>{message}</Text>
      {action && (
        <Button variant="subtle" mt="xs" onClick={action.onClick}>
          {action.label}
        </Button>
      )}
    </Paper>
  );
}

/** The empty-list text for a page past the end of the list (an old link, or rows removed since). */
export const pastTheEnd = (page: number, goToFirst: () => void) => ({
  message: `There is nothing on page ${page}.`,
  action: { label: 'Go to the first page', onClick: goToFirst },
});
