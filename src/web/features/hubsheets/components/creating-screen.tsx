import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { loadingMessageIntervalMs, loadingMessages } from './wizard-messages';

/** Shown while the list is created: a new message every 1000 ms (the last one stays). */
export function CreatingScreen() {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = setInterval(
      () => setIndex((current) => Math.min(current + 1, loadingMessages.length - 1)),
      loadingMessageIntervalMs,
    );
    return () => clearInterval(timer);
  }, []);
  return (
    <Center py={100} data-testid="hubsheet-creating">
      <Stack align="center" gap="md">
        <Loader size="lg" />
        <Text fw={600} size="lg" aria-live="polite" data-testid="hubsheet-creating-message">
          {loadingMessages[index]}
        </Text>
      </Stack>
    </Center>
  );
}
