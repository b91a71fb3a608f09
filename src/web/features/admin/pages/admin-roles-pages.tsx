import { Anchor, Badge, Button, Group, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  isBuiltInRole,
  isPermission,
  permissionLabels,
  permissions,
} from '../../../../domain/admin/permissions';
import { paths } from '../../../paths';
import { AdminFrame } from '../../../shell/admin-frame';
import { PageLoader } from '../../../shell/route-guards';
import { showSuccess } from '../../../shell/toasts';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { usePhoneCards } from '../../../ui/phone-cards';
import { type Role, useDeleteRole, useRole, useRoles, useSaveRole } from '../api/roles';
import { RoleForm } from '../components/role-form';

function RolesTable({ roles }: { roles: Role[] }) {
  const phoneCards = usePhoneCards();
  return (
    <Table.ScrollContainer minWidth={700}>
      <Table ref={phoneCards} className="phone-cards" striped verticalSpacing="sm" data-testid="roles-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Role</Table.Th>
            <Table.Th>Permissions</Table.Th>
            <Table.Th ta="right">Users</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {roles.map((role) => (
            <Table.Tr key={role.id} data-testid="role-row">
              <Table.Td>
                <Group gap={6}>
                  <Anchor component={Link} to={paths.editRole(role.id)} fw={600} size="sm">
                    {role.name}
                  </Anchor>
                  {role.builtIn && (
                    <Badge size="xs" variant="light" color="gray">
                      Built-in
                    </Badge>
                  )}
                </Group>
                {role.description && (
                  <Text size="xs" c="dimmed">
                    {role.description}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {role.permissions.length === permissions.length
                    ? 'Every permission'
                    : role.permissions.length === 0
                      ? 'None'
                      : role.permissions
                          .map((permission) =>
                            isPermission(permission) ? permissionLabels[permission] : permission,
                          )
                          .join(' · ')}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm">{role.userCount}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** /admin/roles: the roles staff may hold and what each grants. */
export function AdminRolesPage() {
  const roles = useRoles();
  return (
    <AdminFrame title="Roles">
      <Group justify="space-between" mb="md" gap="sm">
        <Text size="sm" c="dimmed">
          A role grants permissions in Beehive. Assign roles on a user’s page.
        </Text>
        <Button component={Link} to={paths.newRole} leftSection={<IconPlus size={16} />}>
          New Role
        </Button>
      </Group>
      {roles.isPending ? (
        <PageLoader />
      ) : roles.isError ? (
        <LoadErrorAlert
          title="Could not load the roles"
          error={roles.error}
          onRetry={() => roles.refetch()}
        />
      ) : (
        <RolesTable roles={roles.data} />
      )}
    </AdminFrame>
  );
}

/** /admin/roles/new */
export function NewRolePage() {
  const navigate = useNavigate();
  const save = useSaveRole(null);
  return (
    <AdminFrame title="New role">
      <RoleForm
        submitLabel="Create Role"
        pending={save.isPending}
        onSubmit={async (values) => {
          await save.mutateAsync(values);
          showSuccess('Role created');
          navigate(paths.adminRoles);
        }}
      />
    </AdminFrame>
  );
}

/** /admin/roles/{id}/edit */
export function EditRolePage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const role = useRole(id);
  const save = useSaveRole(id);
  const remove = useDeleteRole();
  const confirmDelete = (name: string, userCount: number) =>
    modals.openConfirmModal({
      title: `Delete the role ${name}?`,
      children: (
        <Text size="sm">
          {userCount === 0
            ? 'Nobody holds this role.'
            : `${userCount} ${userCount === 1 ? 'user loses' : 'users lose'} what it grants.`}
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(id, {
          onSuccess: () => {
            showSuccess('Role deleted');
            navigate(paths.adminRoles);
          },
        }),
    });
  return (
    <AdminFrame title="Edit role">
      {role.isPending ? (
        <PageLoader />
      ) : role.isError ? (
        <LoadErrorAlert title="Could not load this role" error={role.error} />
      ) : (
        <>
          <RoleForm
            key={role.data.id}
            initial={role.data}
            submitLabel="Save Changes"
            pending={save.isPending}
            onSubmit={async (values) => {
              await save.mutateAsync(values);
              showSuccess('Role saved');
              navigate(paths.adminRoles);
            }}
          />
          {!isBuiltInRole(role.data.name) && (
            <Button
              mt="lg"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              loading={remove.isPending}
              onClick={() => confirmDelete(role.data.name, role.data.userCount)}
            >
              Delete this role
            </Button>
          )}
        </>
      )}
    </AdminFrame>
  );
}
