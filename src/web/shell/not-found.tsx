import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../paths';

/** What an unknown address, or a page the user may not see, shows. */
export function NotFoundContent() {
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <Text fw={700} c="hedge.8" size="xl">
          404
        </Text>
        <Title order={1}>We couldn't find that page</Title>
        <Text c="dimmed">
          The link may be old, or the page may have moved. Try searching for what you need.
        </Text>
        <Button component={Link} to={paths.search()}>
          Search products
        </Button>
      </Stack>
    </Container>
  );
}
