import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useRouteError } from 'react-router';

export const errorHeadline = "Let's not beat around the bush";
export const errorText = "Looks like we've hit a rough patch";

/** The fallback for any render failure (spec part 1 §2.8). */
export function ErrorFallback() {
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>{errorHeadline}</Title>
        <Text size="lg" c="dimmed">
          {errorText}
        </Text>
        <Button component="a" href="/">
          Back to the home page
        </Button>
      </Stack>
    </Container>
  );
}

/** Router error element: logs the failure and shows the fallback. */
export function ErrorPage() {
  const error = useRouteError();
  console.error(error);
  return <ErrorFallback />;
}
