import { ActionIcon, Alert, Badge, Box, Group, Table, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { formatPhone } from '../../../../domain/accounts/phone';
import { DateTime } from '../../../ui/date-time';
import { usePhoneCards } from '../../../ui/phone-cards';
import type { OutboxEmail, OutboxStatus } from '../api/get-outbox';
import { LinkifiedText } from './linkified-text';

const statusBadges: Record<OutboxStatus, { color: string; label: string }> = {
  outbox: { color: 'gray', label: 'Outbox only' },
  queued: { color: 'yellow', label: 'Queued' },
  sent: { color: 'green', label: 'Sent' },
  failed: { color: 'red', label: 'Failed' },
};

function OutboxStatusBadge({ email }: { email: OutboxEmail }) {
  const badge = statusBadges[email.status] ?? { color: 'gray', label: email.status };
  return (
    <Group gap={6} wrap="nowrap">
      <Badge color={badge.color} variant="light" tt="none" data-testid="outbox-status">
        {badge.label}
      </Badge>
      {email.attempts > 1 && (
        <Text size="xs" c="dimmed" data-testid="outbox-attempts">
          {email.attempts} tries
        </Text>
      )}
    </Group>
  );
}

function EmailBody({ email }: { email: OutboxEmail }) {
  return (
    <Box p="sm" data-testid="outbox-body">
      <Group gap="lg" mb="xs">
        <Text size="xs" c="dimmed">
          To <strong>{email.toAddress}</strong>
        </Text>
        {email.sentAt && (
          <Text size="xs" c="dimmed">
            Sent <DateTime value={email.sentAt} />
          </Text>
        )}
      </Group>
      {email.error && (
        <Alert
          color={email.status === 'failed' ? 'red' : 'yellow'}
          variant="light"
          p="xs"
          mb="xs"
          title={
            email.status === 'failed'
              ? `Sending failed after ${email.attempts} ${email.attempts === 1 ? 'try' : 'tries'}`
              : `Try ${email.attempts} failed; it will be retried`
          }
        >
          {email.error}
        </Alert>
      )}
      <Box
        component="pre"
        m={0}
        p="sm"
        bg="var(--mantine-color-body)"
        bd="1px solid var(--mantine-color-gray-3)"
        style={{
          borderRadius: 'var(--mantine-radius-sm)',
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          fontFamily: 'var(--mantine-font-family-monospace)',
          fontSize: 'var(--mantine-font-size-xs)',
          lineHeight: 1.6,
          maxHeight: 480,
          overflowY: 'auto',
        }}
      >
        <LinkifiedText text={email.textBody} />
      </Box>
    </Box>
  );
}

/** E-mails newest first; a row opens to show the message as it was sent. */
export function OutboxTable({ emails }: { emails: OutboxEmail[] }) {
  const [openId, setOpenId] = useState<number | null>(null);
  const phoneCards = usePhoneCards();
  const toggle = (id: number) => setOpenId((current) => (current === id ? null : id));
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table
        ref={phoneCards}
        className="phone-cards"
        highlightOnHover
        verticalSpacing="xs"
        data-testid="outbox-table"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40} />
            <Table.Th w={190}>When</Table.Th>
            <Table.Th w={260}>To</Table.Th>
            <Table.Th>Subject</Table.Th>
            <Table.Th w={170}>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {emails.map((email, index) => {
            const open = openId === email.id;
            // Zebra by e-mail rather than by <tr>, so an open message stays with its row.
            const shade = index % 2 === 1 ? 'var(--mantine-color-gray-0)' : undefined;
            return (
              <Fragment key={email.id}>
                <Table.Tr
                  data-testid="outbox-row"
                  onClick={() => toggle(email.id)}
                  style={{ cursor: 'pointer', background: open ? 'var(--mantine-color-hedge-0)' : shade }}
                >
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="sm"
                      aria-expanded={open}
                      aria-controls={`outbox-body-${email.id}`}
                      aria-label={open ? 'Hide message' : 'Show message'}
                      onClick={(event) => {
                        event.stopPropagation();
                        toggle(email.id);
                      }}
                    >
                      {open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                    </ActionIcon>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      <DateTime value={email.createdAt} />
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      {email.channel === 'text' && (
                        <Badge
                          size="sm"
                          variant="outline"
                          color="grape"
                          tt="none"
                          data-testid="outbox-channel"
                        >
                          {email.provider === 'sandbox' ? 'Text · sandbox' : 'Text'}
                        </Badge>
                      )}
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {email.channel === 'text' ? formatPhone(email.toAddress) : email.toAddress}
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={open ? 600 : undefined}>
                      {email.subject}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <OutboxStatusBadge email={email} />
                  </Table.Td>
                </Table.Tr>
                {open && (
                  <Table.Tr
                    id={`outbox-body-${email.id}`}
                    style={{ background: 'var(--mantine-color-hedge-0)' }}
                  >
                    <Table.Td colSpan={5} p={0}>
                      <EmailBody email={email} />
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
