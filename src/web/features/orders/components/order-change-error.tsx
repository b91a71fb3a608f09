import { Alert, Button, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/**
 * Why an answer to an order (a response, a decision on a proposal) was not saved. When the order
 * changed meanwhile (409) or no longer allows it (422), 'Reload' shows it as it is now, so the user
 * decides again on what they can see.
 */
export function OrderChangeError({
  error,
  notSavedTitle,
  onReload,
  testId,
}: {
  /** The refusal: its status and the server's message. */
  error: { status: number; message: string };
  /** The title when the order did not change under the user ('Your answer was not sent'). */
  notSavedTitle: string;
  onReload: () => void;
  testId: string;
}) {
  return (
    <Alert
      color={error.status === 409 ? 'yellow' : 'red'}
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      role="alert"
      title={error.status === 409 ? 'This order has changed' : notSavedTitle}
      data-testid={testId}
    >
      <Text size="sm">{error.message}</Text>
      {(error.status === 409 || error.status === 422) && (
        <Button mt="sm" size="compact-sm" variant="white" onClick={onReload}>
          Reload
        </Button>
      )}
    </Alert>
  );
}
