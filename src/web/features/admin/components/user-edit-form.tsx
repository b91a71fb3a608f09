import { Button, Group, Select, Stack, Switch } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type AccessStatus, accessStatuses, accessStatusLabels } from '../../../../domain/access';
import { ApiError } from '../../../api/client';
import { showSuccess } from '../../../shell/toasts';
import type { UserAdminView } from '../api/get-users';
import { type UserPatch, useUpdateUser } from '../api/update-user';

type Values = {
  status: AccessStatus;
  activated: boolean;
  isMarketManager: boolean;
  messagesEnabled: boolean;
};

const statusOptions = accessStatuses.map((status) => ({ value: status, label: accessStatusLabels[status] }));

/** Only what the admin changed, so the audit trail records real changes and nothing else. */
function changesOf(before: Values, after: Values): UserPatch {
  const patch: UserPatch = {};
  if (before.status !== after.status) patch.status = after.status;
  if (before.activated !== after.activated) patch.activated = after.activated;
  if (before.isMarketManager !== after.isMarketManager) patch.isMarketManager = after.isMarketManager;
  if (before.messagesEnabled !== after.messagesEnabled) patch.messagesEnabled = after.messagesEnabled;
  return patch;
}

/**
 * Access status, activation and switches of one user (roles: UserRolesCard). The parent remounts it (key) when
 * fresh data arrives, so it always starts from what the server holds.
 */
export function UserEditForm({ user, isSelf }: { user: UserAdminView; isSelf: boolean }) {
  const update = useUpdateUser(user.id);
  const initial: Values = {
    status: user.status,
    activated: user.activated,
    isMarketManager: user.isMarketManager,
    messagesEnabled: user.messagesEnabled,
  };
  const form = useForm<Values>({ initialValues: initial });
  const patch = changesOf(initial, form.values);
  const dirty = Object.keys(patch).length > 0;

  const save = () =>
    update.mutate(patch, {
      onSuccess: () => showSuccess('User updated'),
      // The default toast says what failed; the fields get the server's messages too.
      onError: (error) => {
        if (error instanceof ApiError) form.setErrors(error.fields);
      },
    });

  const submit = form.onSubmit(() => {
    if (!dirty) return;
    save();
  });

  return (
    <form onSubmit={submit} data-testid="user-edit-form">
      <Stack gap="md">
        <Select
          label="Access status"
          data={statusOptions}
          allowDeselect={false}
          maw={360}
          data-testid="user-status-select"
          disabled={isSelf}
          description={isSelf ? 'Another admin may change your own status.' : undefined}
          {...form.getInputProps('status')}
        />
        <Switch
          label="Activated"
          description="Activated buyers see order panels and the full dashboard."
          data-testid="user-activated"
          {...form.getInputProps('activated', { type: 'checkbox' })}
        />
        <Switch
          label="Market manager"
          data-testid="user-market-manager"
          {...form.getInputProps('isMarketManager', { type: 'checkbox' })}
        />
        <Switch
          label="Messages enabled"
          description="Shows the Messages inbox link."
          data-testid="user-messages-enabled"
          {...form.getInputProps('messagesEnabled', { type: 'checkbox' })}
        />
        <Group gap="sm">
          <Button type="submit" loading={update.isPending} disabled={!dirty} data-testid="save-user">
            Save changes
          </Button>
          {dirty && (
            <Button variant="default" onClick={() => form.reset()} disabled={update.isPending}>
              Discard
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
