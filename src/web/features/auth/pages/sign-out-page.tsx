import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { productName } from '../../../../domain/brand';
import { paths } from '../../../paths';
import { useSignOut } from '../api/sign-out';

/**
 * /users/logout: the spec's menu signs out with a link (a delete-method link in the original), so
 * opening this address signs the visitor out and says so. Signing out twice is harmless.
 */
export function SignOutPage() {
  const signOut = useSignOut();
  const [done, setDone] = useState(false);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    signOut
      .mutateAsync()
      .catch(() => undefined)
      .finally(() => setDone(true));
  }, [signOut]);
  return (
    <Stack maw={440} mx="auto" my="xl" px="md">
      <Paper withBorder radius="md" p="lg" data-testid="sign-out-page">
        {done ? (
          <Stack gap="sm">
            <Title order={1} fz={24}>
              You are signed out
            </Title>
            <Text size="sm">Thanks for using {productName}. Sign in again whenever you are ready.</Text>
            <Group gap="sm">
              <Button component={Link} to={paths.signIn()}>
                Sign In
              </Button>
              <Button component={Link} to={paths.landing} variant="default">
                Home
              </Button>
            </Group>
          </Stack>
        ) : (
          <Group gap="sm">
            <Loader size="sm" />
            <Text size="sm">Signing you out…</Text>
          </Group>
        )}
      </Paper>
    </Stack>
  );
}
