import {
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Card,
  Grid,
  Group,
  Loader,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconDownload, IconMailForward } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { useCurrentUser } from '../../../api/current-user';
import { paths } from '../../../paths';
import { AdminFrame } from '../../../shell/admin-frame';
import { PageLoader } from '../../../shell/route-guards';
import { showError, showSuccess } from '../../../shell/toasts';
import { DateTime } from '../../../ui/date-time';
import { DetailList } from '../../../ui/detail-list';
import { EmptyList, pastTheEnd } from '../../../ui/empty-list';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { PaginationBar } from '../../../ui/pagination-bar';
import { usePhoneCards } from '../../../ui/phone-cards';
import { SearchInput } from '../../../ui/search-input';
import { useListSearchParams } from '../../../ui/use-list-search-params';
import {
  downloadAttachment,
  type SupportRequest,
  useAnswerSupportRequest,
  useAssignSupportRequest,
  useSupportAssignees,
  useSupportRequest,
  useSupportRequests,
} from '../api/support-requests';

const perPage = 25;

function StatusBadge({ status }: { status: SupportRequest['status'] }) {
  return (
    <Badge variant="light" color={status === 'open' ? 'orange' : 'green'}>
      {status === 'open' ? 'Open' : 'Resolved'}
    </Badge>
  );
}

function RequestsTable({ requests }: { requests: SupportRequest[] }) {
  const phoneCards = usePhoneCards();
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table
        ref={phoneCards}
        className="phone-cards"
        striped
        verticalSpacing="sm"
        data-testid="support-requests-table"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Subject</Table.Th>
            <Table.Th>From</Table.Th>
            <Table.Th>Received</Table.Th>
            <Table.Th>Assigned to</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {requests.map((request) => (
            <Table.Tr key={request.id} data-testid="support-request-row">
              <Table.Td>
                <Anchor component={Link} to={paths.editSupportRequest(request.id)} fw={600} size="sm">
                  {request.subject}
                </Anchor>
                {request.kind === 'list' && (
                  <Badge size="xs" variant="outline" ml={6}>
                    List attached
                  </Badge>
                )}
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {request.body}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{request.name}</Text>
                <Text size="xs" c="dimmed">
                  {request.email}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  <DateTime value={request.createdAt} />
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{request.assignee?.fullName ?? '—'}</Text>
              </Table.Td>
              <Table.Td>
                <StatusBadge status={request.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** /admin/support_requests: open requests, those waiting longest first; resolved ones on the other tab. */
export function AdminSupportRequestsPage() {
  const { params, page, query, update } = useListSearchParams();
  const status = params.get('status') === 'resolved' ? 'resolved' : 'open';
  const requests = useSupportRequests({ page, perPage, status, query: query || undefined });
  const onSearch = useCallback(
    (value: string) => update({ query: value.trim() }, { replace: true }),
    [update],
  );
  return (
    <AdminFrame title="Support requests">
      <Group align="flex-end" gap="sm" mb="md" wrap="wrap">
        <SegmentedControl
          value={status}
          onChange={(value) => update({ status: value === 'open' ? null : value })}
          data={[
            { value: 'open', label: 'Open' },
            { value: 'resolved', label: 'Resolved' },
          ]}
          aria-label="Status"
        />
        <SearchInput
          label="Search requests"
          placeholder="Subject, name, e-mail or message"
          value={query}
          onSearch={onSearch}
          style={{ flex: '1 1 260px' }}
          maw={420}
        />
        {requests.isFetching && !requests.isPending && <Loader size="sm" mb={8} aria-label="Updating" />}
      </Group>
      {requests.isPending ? (
        <PageLoader />
      ) : requests.isError ? (
        <LoadErrorAlert
          title="Could not load support requests"
          error={requests.error}
          onRetry={() => requests.refetch()}
        />
      ) : requests.data.results.length === 0 ? (
        <EmptyList
          testId="support-requests-empty"
          {...(page > 1 && requests.data.totalCount > 0
            ? pastTheEnd(page, () => update({ page: 1 }))
            : {
                message:
                  status === 'open' ? 'No open support requests.' : 'No resolved support requests yet.',
              })}
        />
      ) : (
        <RequestsTable requests={requests.data.results} />
      )}
      {requests.data && (
        <PaginationBar
          page={page}
          perPage={perPage}
          totalCount={requests.data.totalCount}
          totalPages={requests.data.totalPages}
          onPageChange={(next) => update({ page: next })}
        />
      )}
    </AdminFrame>
  );
}

function AnswerCard({ request }: { request: SupportRequest }) {
  const [reply, setReply] = useState('');
  const [error, setError] = useState<string | null>(null);
  const answer = useAnswerSupportRequest(request.id);
  const run = (resolve: boolean) => {
    if (!resolve && !reply.trim()) {
      setError('Write the answer to send');
      return;
    }
    answer.mutate(
      { reply, resolve },
      {
        onSuccess: () => {
          setReply('');
          setError(null);
          showSuccess(resolve ? 'Request resolved' : 'Answer sent');
        },
        onError: (failure) => {
          const apiError = failure instanceof ApiError ? failure : null;
          if (apiError?.fields.reply) setError(apiError.fields.reply);
          else showError(apiError?.message);
        },
      },
    );
  };
  return (
    <Card withBorder padding="lg" mt="md">
      <Title order={3} size="h4" mb="xs">
        Answer by e-mail
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Sent to {request.email} with their message quoted below your answer.
      </Text>
      <Textarea
        label="Answer"
        autosize
        minRows={4}
        maxRows={14}
        value={reply}
        onChange={(event) => {
          setReply(event.currentTarget.value);
          setError(null);
        }}
        error={error}
        data-testid="support-reply"
      />
      <Group gap="sm" mt="md">
        <Button
          leftSection={<IconMailForward size={16} />}
          onClick={() => run(true)}
          loading={answer.isPending}
          data-testid="support-send-resolve"
        >
          {reply.trim() ? 'Send and resolve' : 'Resolve without answer'}
        </Button>
        <Button
          variant="default"
          onClick={() => run(false)}
          disabled={answer.isPending}
          data-testid="support-send"
        >
          Send, keep open
        </Button>
      </Group>
    </Card>
  );
}

/** /admin/support_requests/{id}/edit: the message, its list, who handles it, the answer. */
export function EditSupportRequestPage() {
  const id = Number(useParams().id);
  const request = useSupportRequest(id);
  const assignees = useSupportAssignees();
  const assign = useAssignSupportRequest(id);
  const { user: me } = useCurrentUser();

  const crumbs = (
    <Breadcrumbs mb="md">
      <Anchor component={Link} to={paths.adminSupportRequests} size="sm">
        Support requests
      </Anchor>
      <Text size="sm">{request.data?.subject ?? `Request #${id}`}</Text>
    </Breadcrumbs>
  );
  if (request.isPending) {
    return (
      <AdminFrame title="Support request">
        {crumbs}
        <PageLoader />
      </AdminFrame>
    );
  }
  if (request.isError) {
    return (
      <AdminFrame title="Support request">
        {crumbs}
        <LoadErrorAlert
          title="Could not load this request"
          error={request.error}
          onRetry={() => request.refetch()}
        />
      </AdminFrame>
    );
  }
  const r = request.data;
  const options = (assignees.data ?? []).map((user) => ({ value: String(user.id), label: user.fullName }));
  return (
    <AdminFrame title={r.subject}>
      {crumbs}
      <Group gap="sm" mb="md" align="center">
        <Title order={2}>{r.subject}</Title>
        <StatusBadge status={r.status} />
      </Group>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card withBorder padding="lg" h="100%">
            <Title order={3} size="h4" mb="sm">
              Message
            </Title>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="support-body">
              {r.body}
            </Text>
            {r.attachment && (
              <Button
                mt="md"
                variant="light"
                leftSection={<IconDownload size={16} />}
                onClick={() => downloadAttachment(r.id).catch((error) => showError(error?.message))}
              >
                {r.attachment.name} ({Math.max(1, Math.round(r.attachment.size / 1024))} KB)
              </Button>
            )}
            {r.reply && (
              <Stack gap={4} mt="lg">
                <Text size="sm" fw={600}>
                  Last answer sent <DateTime value={r.repliedAt} />
                </Text>
                <Text
                  size="sm"
                  c="dimmed"
                  style={{ whiteSpace: 'pre-wrap' }}
                  data-testid="support-last-reply"
                >
                  {r.reply}
                </Text>
              </Stack>
            )}
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card withBorder padding="lg" h="100%">
            <DetailList
              items={[
                { label: 'From', value: r.name },
                {
                  label: 'E-mail',
                  value: (
                    <Anchor href={`mailto:${r.email}`} inherit>
                      {r.email}
                    </Anchor>
                  ),
                },
                { label: 'Phone', value: r.phone || '—' },
                { label: 'Received', value: <DateTime value={r.createdAt} /> },
                { label: 'Resolved', value: <DateTime value={r.resolvedAt} fallback="Not yet" /> },
              ]}
            />
            <Select
              mt="md"
              label="Assigned to"
              placeholder="Nobody yet"
              data={options}
              value={r.assignee ? String(r.assignee.id) : null}
              onChange={(value) =>
                assign.mutate(value ? Number(value) : null, {
                  onSuccess: () => showSuccess('Assignment saved'),
                })
              }
              clearable
              disabled={assign.isPending}
              data-testid="support-assignee"
            />
            {me && !r.assignee && options.some((option) => option.value === String(me.id)) && (
              <Button variant="subtle" size="xs" mt={6} onClick={() => assign.mutate(me.id)}>
                Assign to me
              </Button>
            )}
          </Card>
        </Grid.Col>
      </Grid>
      {r.status === 'open' && <AnswerCard key={r.id} request={r} />}
    </AdminFrame>
  );
}
