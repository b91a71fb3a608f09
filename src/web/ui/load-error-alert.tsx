import { Alert, Button } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { genericErrorMessage } from '../api/client';

/** A panel that failed to load: the server's message and a way to try again. */
export function LoadErrorAlert({
  error,
  title,
  onRetry,
}: {
  error: unknown;
  title: string;
  onRetry?: () => void;
}) {
  const message = error instanceof Error && error.message ? error.message : genericErrorMessage;
  return (
    <Alert
      color="red"
      variant="light"
      title={title}
      icon={<IconAlertTriangle size={18} />}
      role="alert"
      my="md"
    >
      {message}
      {onRetry && (
        <Button display="block" mt="sm" size="compact-sm" variant="white" color="red" onClick={onRetry}>
          Try again
        </Button>
      )}
    </Alert>
  );
}
