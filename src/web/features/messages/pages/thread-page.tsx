import { Anchor, Badge, Box, Group, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { productName } from '../../../../domain/brand';
import { maxBulkIds } from '../../../../domain/messages/message-types';
import { ApiError } from '../../../api/client';
import { paths } from '../../../paths';
import { NotFoundContent } from '../../../shell/not-found';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { useAssignOwner, useBulkUpdate, useFilterOptions, useThread } from '../api/messages-api';
import { FeedMessageCard } from '../components/feed-message-card';
import { ReplyBox } from '../components/reply-box';

function useThreadIdParam() {
  const { threadId } = useParams();
  return threadId && /^\d+$/.test(threadId) ? Number(threadId) : null;
}

/** Staff give the thread an owner (assign_owner). */
function OwnerSelect({ threadId, ownerId }: { threadId: number; ownerId: number | null }) {
  const options = useFilterOptions();
  const assign = useAssignOwner(threadId);
  return (
    <Select
      label="Assigned To"
      placeholder="Nobody"
      clearable
      searchable
      w={{ base: '100%', sm: 240 }}
      data={(options.data?.assignees ?? []).map((entry) => ({
        value: String(entry.id),
        label: entry.fullName,
      }))}
      value={ownerId === null ? null : String(ownerId)}
      onChange={(value) => assign.mutate(value ? Number(value) : null)}
      data-testid="thread-owner"
    />
  );
}

/** /messages/{threadId}: the event feed of one thread, its actions and the reply box. */
export function ThreadPage() {
  const threadId = useThreadIdParam();
  const thread = useThread(threadId ?? 0);
  const markRead = useBulkUpdate();
  const marked = useRef<string>('');
  useDocumentTitle(`${thread.data?.thread.subjectLine ?? 'Messages'} · ${productName}`);

  // Opening the thread reads it: its unread messages turn read (the envelope's dot follows).
  const unreadIds = (thread.data?.results ?? [])
    .filter((message) => message.responseStatus === 'unread' && !message.mine)
    .map((message) => message.id)
    .slice(-maxBulkIds);
  const unreadKey = unreadIds.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the ids
  useEffect(() => {
    if (!unreadKey || marked.current === unreadKey) return;
    marked.current = unreadKey;
    markRead.mutate({ ids: unreadIds, responseStatus: 'read' });
  }, [unreadKey]);

  if (threadId === null) return <NotFoundContent />;
  if (thread.isError && thread.error instanceof ApiError && thread.error.status === 404)
    return <NotFoundContent />;

  return (
    <Box px={{ base: 'sm', sm: 'xl' }} py="lg" maw={960} mx="auto">
      <Anchor component={Link} to={paths.messages} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} /> Messages
        </Group>
      </Anchor>
      {thread.isPending ? (
        <Stack mt="md">
          <Skeleton h={28} w="60%" />
          <Skeleton h={120} />
          <Skeleton h={120} />
        </Stack>
      ) : thread.isError ? (
        <LoadErrorAlert
          error={thread.error}
          title="This thread could not be loaded"
          onRetry={() => thread.refetch()}
        />
      ) : (
        <Stack gap="md" mt="sm">
          <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
            <Stack gap={4}>
              <Title order={1} size="h3" data-testid="thread-subject">
                {thread.data.thread.subjectLine}
              </Title>
              <Group gap="xs">
                <Badge variant="light">{thread.data.thread.label}</Badge>
                {thread.data.thread.archived && <Badge color="gray">Archived</Badge>}
                {thread.data.thread.parties.length > 0 && (
                  <Text size="sm" c="dimmed">
                    {thread.data.thread.parties.join(' · ')}
                  </Text>
                )}
                {thread.data.thread.order && (
                  <Anchor component={Link} to={paths.order(thread.data.thread.order.id)} size="sm">
                    Order {thread.data.thread.order.orderNumber}
                  </Anchor>
                )}
              </Group>
            </Stack>
            {thread.data.thread.canAssign && (
              <OwnerSelect threadId={threadId} ownerId={thread.data.thread.assignedToUser?.id ?? null} />
            )}
          </Group>
          <Stack gap="sm" data-testid="event-feed">
            {thread.data.results.map((message) => (
              <FeedMessageCard key={message.id} message={message} thread={thread.data.thread} />
            ))}
          </Stack>
          {thread.data.thread.canReply && <ReplyBox threadId={threadId} />}
        </Stack>
      )}
    </Box>
  );
}
