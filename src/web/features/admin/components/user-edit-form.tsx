import { Button, Checkbox, Group, Select, Stack, Switch } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import {
  type AccessStatus,
  accessStatuses,
  accessStatusLabels,
  type StaffRole,
  staffRoles,
} from '../../../../domain/access';
import { ApiError } from '../../../api/client';
import { showSuccess } from '../../../shell/toasts';
import type { UserAdminView } from '../api/get-users';
import { type UserPatch, useUpdateUser } from '../api/update-user';

type Values = {
  status: AccessStatus;
  activated: boolean;
  roles: StaffRole[];
  isMarketManager: boolean;
  messagesEnabled: boolean;
};

const statusOptions = accessStatuses.map((status) => ({ value: status, label: accessStatusLabels[status] }));

// The user view declares roles as plain strings; the form offers only the staff roles it knows.
const isStaffRole = (role: string): role is StaffRole => (staffRoles as readonly string[]).includes(role);

const sameRoles = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((role) => b.includes(role));

/** Only what the admin changed, so the audit trail records real changes and nothing else. */
function changesOf(before: Values, after: Values): UserPatch {
  const patch: UserPatch = {};
  if (before.status !== after.status) patch.status = after.status;
  if (before.activated !== after.activated) patch.activated = after.activated;
  if (!sameRoles(before.roles, after.roles)) patch.roles = after.roles;
  if (before.isMarketManager !== after.isMarketManager) patch.isMarketManager = after.isMarketManager;
  if (before.messagesEnabled !== after.messagesEnabled) patch.messagesEnabled = after.messagesEnabled;
  return patch;
}

/**
 * Access status, activation, staff roles and switches of one user. The parent remounts it (key) when
 * fresh data arrives, so it always starts from what the server holds.
 */
export function UserEditForm({ user, isSelf }: { user: UserAdminView; isSelf: boolean }) {
  const update = useUpdateUser(user.id);
  const initial: Values = {
    status: user.status,
    activated: user.activated,
    roles: user.roles.filter(isStaffRole),
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
    // Taking admin away from yourself locks you out of Beehive: ask first.
    if (isSelf && patch.roles && !patch.roles.includes('admin')) {
      modals.openConfirmModal({
        title: 'Remove your own admin role?',
        children: 'You will lose access to Beehive as soon as this is saved.',
        labels: { confirm: 'Remove my admin role', cancel: 'Cancel' },
        confirmProps: { color: 'red' },
        onConfirm: save,
      });
      return;
    }
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
          {...form.getInputProps('status')}
        />
        <Switch
          label="Activated"
          description="Activated buyers see order panels and the full dashboard."
          data-testid="user-activated"
          {...form.getInputProps('activated', { type: 'checkbox' })}
        />
        <Checkbox.Group label="Staff roles" data-testid="user-roles" {...form.getInputProps('roles')}>
          <Group gap="lg" mt={6}>
            <Checkbox value="admin" label="admin" />
            <Checkbox value="logistics_admin" label="logistics_admin" />
          </Group>
        </Checkbox.Group>
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
