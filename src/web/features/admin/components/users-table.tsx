import { Anchor, Badge, Group, Table, Text } from '@mantine/core';
import { IconCheck, IconMinus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../paths';
import { DateTime } from '../../../ui/date-time';
import { usePhoneCards } from '../../../ui/phone-cards';
import type { UserAdminView } from '../api/get-users';
import { AccessStatusBadge } from './access-status-badge';

export function YesNo({ value, label }: { value: boolean; label: string }) {
  return value ? (
    <IconCheck size={18} color="var(--mantine-color-green-7)" aria-label={`${label}: yes`} />
  ) : (
    <IconMinus size={18} color="var(--mantine-color-gray-5)" aria-label={`${label}: no`} />
  );
}

export function RoleBadges({ roles }: { roles: readonly string[] }) {
  if (roles.length === 0)
    return (
      <Text span c="dimmed" size="sm">
        —
      </Text>
    );
  return (
    <Group gap={4} wrap="nowrap">
      {roles.map((role) => (
        <Badge key={role} size="sm" variant="outline" color={role === 'admin' ? 'grape' : 'cyan'} tt="none">
          {role}
        </Badge>
      ))}
    </Group>
  );
}

/** Users in a table; a row opens the user's Beehive page. */
export function UsersTable({ users }: { users: UserAdminView[] }) {
  const navigate = useNavigate();
  const phoneCards = usePhoneCards();
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table
        ref={phoneCards}
        className="phone-cards"
        striped
        highlightOnHover
        verticalSpacing="xs"
        data-testid="users-table"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Organization</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="center">Activated</Table.Th>
            <Table.Th>Roles</Table.Th>
            <Table.Th>Last sign-in</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr
              key={user.id}
              data-testid="user-row"
              style={{ cursor: 'pointer' }}
              onClick={(event) => {
                // Links inside the row (name, organisation) do their own navigation.
                if ((event.target as HTMLElement).closest('a')) return;
                navigate(paths.adminUser(user.id));
              }}
            >
              <Table.Td>
                <Anchor component={Link} to={paths.adminUser(user.id)} fw={600} size="sm">
                  {user.fullName}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{user.email}</Text>
              </Table.Td>
              <Table.Td>
                {user.organizationId ? (
                  <Anchor
                    component={Link}
                    to={paths.adminOrganization(user.organizationId)}
                    size="sm"
                    c="dark"
                  >
                    {user.organizationName ?? `Organization #${user.organizationId}`}
                  </Anchor>
                ) : (
                  <Text span c="dimmed" size="sm">
                    None
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <AccessStatusBadge status={user.status} />
              </Table.Td>
              <Table.Td ta="center">
                <YesNo value={user.activated} label="Activated" />
              </Table.Td>
              <Table.Td>
                <RoleBadges roles={user.roles} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  <DateTime value={user.lastSignInAt} fallback="Never" />
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
