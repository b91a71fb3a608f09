import { Anchor, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { type AccessStatus, accessStatusLabels } from '../../../../domain/access';
import { paths } from '../../../paths';
import { DateTime } from '../../../ui/date-time';
import type { AuditEvent } from '../api/get-user';

const actionLabels: Record<string, string> = {
  admin_updated: 'Updated by an admin',
  impersonation_started: 'Admin acted as this user',
  updated: 'Updated',
  created: 'Created',
  signed_in: 'Signed in',
};

export const actionLabel = (action: string) =>
  actionLabels[action] ?? action.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

function formatValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value))
    return value.length ? value.map((item) => formatValue(key, item)).join(', ') : 'none';
  if (key === 'status' && typeof value === 'string' && value in accessStatusLabels) {
    return accessStatusLabels[value as AccessStatus];
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const isChange = (value: unknown): value is { from: unknown; to: unknown } =>
  typeof value === 'object' && value !== null && 'from' in value && 'to' in value;

/** An event's data as one line per field: 'status: Approved for site use only → Approved'. */
export function EventChanges({ data }: { data: Record<string, unknown> | null }) {
  const entries = Object.entries(data ?? {});
  if (entries.length === 0) {
    return (
      <Text span size="sm" c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Stack gap={2}>
      {entries.map(([key, value]) => (
        <Text key={key} size="sm">
          <Text span fw={600} inherit>
            {key}
          </Text>
          :{' '}
          {isChange(value) ? (
            <>
              <Text span c="dimmed" inherit td="line-through">
                {formatValue(key, value.from)}
              </Text>{' '}
              → {formatValue(key, value.to)}
            </>
          ) : (
            formatValue(key, value)
          )}
        </Text>
      ))}
    </Stack>
  );
}

function Actor({ event }: { event: AuditEvent }) {
  if (!event.actorUserId)
    return (
      <Text span size="sm" c="dimmed">
        System
      </Text>
    );
  return (
    <Text size="sm">
      <Anchor component={Link} to={paths.adminUser(event.actorUserId)} inherit>
        User #{event.actorUserId}
      </Anchor>
      {event.impersonatorUserId && (
        <>
          {' '}
          (by{' '}
          <Anchor component={Link} to={paths.adminUser(event.impersonatorUserId)} inherit>
            admin #{event.impersonatorUserId}
          </Anchor>
          )
        </>
      )}
    </Text>
  );
}

/** The newest events first: when, what, who, and what changed. */
export function AuditTrailTable({ events }: { events: AuditEvent[] }) {
  if (events.length === 0) {
    return (
      <Text c="dimmed" size="sm" data-testid="audit-empty">
        Nothing has been recorded for this user yet.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover verticalSpacing="xs" data-testid="audit-trail">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={190}>When</Table.Th>
            <Table.Th w={220}>Action</Table.Th>
            <Table.Th w={180}>By</Table.Th>
            <Table.Th>Changes</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((event) => (
            <Table.Tr key={event.id} style={{ verticalAlign: 'top' }}>
              <Table.Td>
                <Text size="sm">
                  <DateTime value={event.createdAt} />
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{actionLabel(event.action)}</Text>
              </Table.Td>
              <Table.Td>
                <Actor event={event} />
              </Table.Td>
              <Table.Td>
                <EventChanges data={event.data} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
