import { Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { suspendedAccessText } from '../../domain/access';
import { paths } from '../paths';

/** Shown instead of content to users whose access was suspended (no_site_use). */
export function SuspendedNotice() {
  return (
    <Container size="sm" py={60}>
      <Paper withBorder p="xl" radius="md">
        <Stack gap="md" align="flex-start">
          <Title order={2}>Access suspended</Title>
          <Text>{suspendedAccessText}</Text>
          <Button component={Link} to={paths.contact}>
            Contact Our Team
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
