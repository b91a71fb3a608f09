import { Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { CurrentUser } from '../../domain/users/current-user';
import { answerOf, api } from '../api/api';
import { tokenStore } from '../api/token-store';
import { paths } from '../paths';

/** A bar that never lets an admin forget they are acting as someone else, with the way back. */
export function ImpersonationBanner({ user }: { user: CurrentUser }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const stop = async () => {
    // Close the borrowed session, then pick the admin's own token back up.
    await answerOf(api.DELETE('/api/v1/sessions')).catch(() => null);
    const adminToken = tokenStore.getAdmin();
    tokenStore.clearAdmin();
    if (adminToken) tokenStore.set(adminToken);
    else tokenStore.clear();
    queryClient.clear();
    navigate(paths.adminUser(user.id));
  };
  return (
    <Group justify="center" gap="md" bg="yellow.3" py={6} px="md" role="status">
      <Text size="sm" fw={600}>
        You are acting as {user.fullName} ({user.email}) — signed in as {user.impersonator?.fullName}.
      </Text>
      <Button size="compact-sm" color="dark" onClick={stop}>
        Return to my account
      </Button>
    </Group>
  );
}
