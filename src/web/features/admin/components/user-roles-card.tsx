import { Button, Card, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { showSuccess } from '../../../shell/toasts';
import { useRoles, useSetUserRoles } from '../api/roles';

const same = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value) => b.includes(value));

/** update_user_roles from the user page: one checkbox per role; saving sets exactly the ticked ones. */
export function UserRolesCard({
  userId,
  roleNames,
  isSelf,
  canManage,
}: {
  userId: number;
  roleNames: string[];
  isSelf: boolean;
  canManage: boolean;
}) {
  const roles = useRoles();
  const save = useSetUserRoles(userId);
  const [picked, setPicked] = useState<string[]>(roleNames);
  const dirty = !same(picked, roleNames);

  const submit = () => {
    const ids = (roles.data ?? []).filter((role) => picked.includes(role.name)).map((role) => role.id);
    const run = () => save.mutate(ids, { onSuccess: () => showSuccess('Roles saved') });
    // Taking admin away from yourself locks you out of most of Beehive: ask first.
    if (isSelf && roleNames.includes('admin') && !picked.includes('admin')) {
      modals.openConfirmModal({
        title: 'Remove your own admin role?',
        children: 'You will lose access to Beehive as soon as this is saved.',
        labels: { confirm: 'Remove my admin role', cancel: 'Cancel' },
        confirmProps: { color: 'red' },
        onConfirm: run,
      });
      return;
    }
    run();
  };

  return (
    <Card withBorder padding="lg" mt="md" data-testid="user-roles-card">
      <Title order={3} size="h4" mb="xs">
        Roles
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        What this user may do in Beehive.
      </Text>
      {roles.data && (
        <Stack gap="sm">
          <Checkbox.Group value={picked} onChange={setPicked} aria-label="Roles">
            <Group gap="lg">
              {roles.data.map((role) => (
                <Checkbox
                  key={role.id}
                  value={role.name}
                  label={role.name}
                  disabled={!canManage}
                  data-testid={`user-role-${role.name}`}
                />
              ))}
            </Group>
          </Checkbox.Group>
          {canManage && (
            <Group gap="sm">
              <Button
                onClick={submit}
                disabled={!dirty}
                loading={save.isPending}
                data-testid="save-user-roles"
              >
                Save roles
              </Button>
              {dirty && (
                <Button variant="default" onClick={() => setPicked(roleNames)}>
                  Discard
                </Button>
              )}
            </Group>
          )}
        </Stack>
      )}
    </Card>
  );
}
