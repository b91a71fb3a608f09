import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconMail, IconTrash, IconUserCheck, IconUserX } from '@tabler/icons-react';
import { invitationInputSchema } from '../../../../domain/organizations/members';
import { ApiError } from '../../../api/client';
import { useCurrentUser } from '../../../api/current-user';
import { successToastMs } from '../../../shell/toasts';
import { DateTime } from '../../../ui/date-time';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { focusFirstError, zodValidate } from '../../../ui/zod-form';
import {
  type OrganizationPeople,
  useDecideJoinRequest,
  useInvite,
  usePeople,
  useRemoveMember,
  useRevokeInvitation,
} from '../api/people';

function Row({ children, testId }: { children: React.ReactNode; testId?: string }) {
  return (
    <Group
      justify="space-between"
      wrap="wrap"
      gap="sm"
      py="sm"
      px="md"
      data-testid={testId}
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      {children}
    </Group>
  );
}

function Person({ name, email, extra }: { name: string; email: string; extra?: React.ReactNode }) {
  return (
    <div style={{ minWidth: 0, flex: '1 1 220px' }}>
      <Group gap="xs" wrap="nowrap">
        <Text fw={600} size="sm" truncate>
          {name}
        </Text>
        {extra}
      </Group>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {email}
      </Text>
    </div>
  );
}

function InviteForm({ organizationId }: { organizationId: number }) {
  const invite = useInvite(organizationId);
  const form = useForm({ initialValues: { email: '' }, validate: zodValidate(invitationInputSchema) });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(async ({ email }) => {
        try {
          const sent = await invite.mutateAsync(email);
          notifications.show({
            color: 'green',
            message: `Invitation sent to ${sent.email}`,
            autoClose: successToastMs,
          });
          form.reset();
        } catch (error) {
          const message = error instanceof ApiError ? error.message : 'Unable to send the invitation';
          form.setErrors({ email: message });
        }
      }, focusFirstError)}
    >
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label="Invite a colleague"
          description="They get a link that creates their account in your company"
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          placeholder="name@company.com"
          type="email"
          style={{ flex: '1 1 260px' }}
          {...form.getInputProps('email')}
        />
        <Button
          type="submit"
          mt={{ base: 0, xs: 25 }}
          leftSection={<IconMail size={16} />}
          loading={invite.isPending}
        >
          Send invitation
        </Button>
      </Group>
    </form>
  );
}

function PendingMembers({ organizationId, people }: { organizationId: number; people: OrganizationPeople }) {
  const decide = useDecideJoinRequest(organizationId);
  if (people.joinRequests.length === 0) return null;
  return (
    <Paper withBorder radius="md" data-testid="join-requests">
      <Group px="md" py="sm" gap="xs">
        <Title order={3} size="h5">
          Waiting for your approval
        </Title>
        <Badge color="orange" variant="light">
          {people.joinRequests.length}
        </Badge>
      </Group>
      {people.joinRequests.map((request) => (
        <Row key={request.id} testId="join-request">
          <Person
            name={request.fullName}
            email={request.email}
            extra={
              <Text size="xs" c="dimmed" span>
                asked <DateTime value={request.requestedAt} withTime={false} />
              </Text>
            }
          />
          <Group gap="xs">
            <Button
              size="compact-sm"
              leftSection={<IconUserCheck size={14} />}
              loading={decide.isPending && decide.variables?.requestId === request.id}
              onClick={async () => {
                await decide.mutateAsync({ requestId: request.id, decision: 'approve' });
                notifications.show({
                  color: 'green',
                  message: `${request.fullName} is now a member`,
                  autoClose: successToastMs,
                });
              }}
            >
              Approve
            </Button>
            <Button
              size="compact-sm"
              variant="default"
              leftSection={<IconUserX size={14} />}
              onClick={() => decide.mutate({ requestId: request.id, decision: 'decline' })}
            >
              Decline
            </Button>
          </Group>
        </Row>
      ))}
    </Paper>
  );
}

/** The Users tab: members (the first manages the company), pending members, invitations. */
export function CompanyUsersPanel({ organizationId }: { organizationId: number }) {
  const people = usePeople(organizationId);
  const remove = useRemoveMember(organizationId);
  const revoke = useRevokeInvitation(organizationId);
  const { user } = useCurrentUser();

  if (people.isPending) return <Skeleton h={180} radius="md" aria-label="Loading people" />;
  if (people.isError) {
    return (
      <LoadErrorAlert
        error={people.error}
        title="We couldn't load your company's people"
        onRetry={() => void people.refetch()}
      />
    );
  }
  const { data } = people;

  const confirmRemove = (member: { id: number; fullName: string }) =>
    modals.openConfirmModal({
      title: `Remove ${member.fullName}?`,
      children: (
        <Text size="sm">
          They keep their account but lose access to your company's carts, orders and addresses.
        </Text>
      ),
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        await remove.mutateAsync(member.id);
        notifications.show({
          color: 'green',
          message: `${member.fullName} was removed`,
          autoClose: successToastMs,
        });
      },
    });

  return (
    <Stack gap="lg">
      {!data.canManage && (
        <Alert variant="light" color="gray">
          Your company's manager ({data.members[0]?.fullName}) invites and removes people.
        </Alert>
      )}
      <PendingMembers organizationId={organizationId} people={data} />
      <Paper withBorder radius="md" data-testid="members">
        <Group px="md" py="sm">
          <Title order={3} size="h5">
            Members ({data.members.length})
          </Title>
        </Group>
        {data.members.map((member) => (
          <Row key={member.id} testId="member">
            <Person
              name={member.fullName}
              email={member.email}
              extra={
                member.manager ? (
                  <Badge size="sm" variant="light" color="hedge">
                    Manager
                  </Badge>
                ) : member.id === user?.id ? (
                  <Badge size="sm" variant="light" color="gray">
                    You
                  </Badge>
                ) : null
              }
            />
            {data.canManage && member.id !== user?.id && (
              <Tooltip label={`Remove ${member.fullName}`}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${member.fullName}`}
                  onClick={() => confirmRemove(member)}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Tooltip>
            )}
          </Row>
        ))}
      </Paper>
      {data.canManage && (
        <Paper withBorder radius="md" p="md">
          <Stack gap="md">
            <InviteForm organizationId={organizationId} />
            {data.invitations.length > 0 && (
              <div>
                <Text size="sm" fw={600} mb={4}>
                  Invitations not used yet
                </Text>
                {data.invitations.map((invitation) => (
                  <Row key={invitation.id} testId="invitation">
                    <Person
                      name={invitation.email}
                      email={`Sent ${new Date(invitation.invitedAt).toLocaleDateString()}${invitation.invitedBy ? ` by ${invitation.invitedBy}` : ''}`}
                    />
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      loading={revoke.isPending && revoke.variables === invitation.id}
                      onClick={() => revoke.mutate(invitation.id)}
                    >
                      Cancel invitation
                    </Button>
                  </Row>
                ))}
              </div>
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

/** Beehive's organisation page: the people waiting to join, for staff to approve or decline. */
export function PendingMembersPanel({ organizationId }: { organizationId: number }) {
  const people = usePeople(organizationId);
  if (!people.data) return null;
  return <PendingMembers organizationId={organizationId} people={people.data} />;
}
