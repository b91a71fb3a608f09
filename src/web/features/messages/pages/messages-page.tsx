import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Checkbox,
  Collapse,
  Divider,
  Grid,
  Group,
  NavLink,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import {
  IconAdjustmentsHorizontal,
  IconArchive,
  IconArchiveOff,
  IconInbox,
  IconMail,
  IconMailOpened,
  IconSend,
  IconTag,
  IconX,
} from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { isStaff } from '../../../../domain/access';
import { productName } from '../../../../domain/brand';
import {
  labelFilters,
  type MessageLabel,
  type MessageView,
  messageLabels,
  messageTexts,
  messageViewLabels,
  messageViews,
} from '../../../../domain/messages/message-types';
import { formatNumber } from '../../../../domain/text/number-format';
import { useCurrentUser } from '../../../api/current-user';
import { paths } from '../../../paths';
import { NotFoundContent } from '../../../shell/not-found';
import { TableSkeleton } from '../../../ui/availability-table';
import { DateTime } from '../../../ui/date-time';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { PaginationBar } from '../../../ui/pagination-bar';
import { SearchInput } from '../../../ui/search-input';
import { useListSearchParams } from '../../../ui/use-list-search-params';
import {
  type InboxFilter,
  type MessageListItem,
  messagesPerPage,
  useArchiveThreads,
  useBulkUpdate,
  useFilterOptions,
  useInbox,
  useUnreadCounts,
} from '../api/messages-api';

export const noSearchMatchText = (query: string) => `No messages match "${query}"`;

const viewIcons: Record<MessageView, typeof IconInbox> = {
  inbox: IconInbox,
  unread: IconMail,
  read: IconMailOpened,
  sent: IconSend,
  archived: IconArchive,
};
/** The rail's order (spec part 3 §2.4: Inbox, Sent, Unread, Archived, and Read). */
const railViews: MessageView[] = ['inbox', 'unread', 'read', 'sent', 'archived'];

const idParam = (value: string | null) => {
  const number = value && /^\d+$/.test(value) ? Number(value) : null;
  return number && number > 0 ? number : null;
};

/** The inbox's view, label, search, filters and page, kept in the URL. */
function useInboxFilter() {
  const { params, page, query, update } = useListSearchParams();
  const rawView = params.get('view');
  const view: MessageView = messageViews.find((entry) => entry === rawView) ?? 'inbox';
  const rawLabel = params.get('label');
  const label = messageLabels.find((entry) => entry === rawLabel) ?? null;
  const filter: InboxFilter = {
    view,
    label,
    query,
    page,
    requestedByUserId: idParam(params.get('requestedBy')),
    branchId: idParam(params.get('branch')),
    assignedToUserId: idParam(params.get('assignedTo')),
  };
  return { filter, update };
}

/** /messages: the inbox with its views, label filters, search, filter panel and bulk actions. */
export function MessagesPage() {
  useDocumentTitle(`Messages · ${productName}`);
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const staff = Boolean(user && isStaff(user));
  const { filter, update } = useInboxFilter();
  const inbox = useInbox(filter);
  const counts = useUnreadCounts();
  const options = useFilterOptions();
  const bulk = useBulkUpdate();
  const archive = useArchiveThreads();
  const [selected, setSelected] = useState<number[]>([]);
  const [filtersOpen, { toggle: toggleFilters }] = useDisclosure(false);

  // A new page, view or filter starts with nothing selected.
  const filterKey = JSON.stringify(filter);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the whole filter
  useEffect(() => setSelected([]), [filterKey]);

  const rows = inbox.data?.results ?? [];
  const selectedRows = rows.filter((row) => selected.includes(row.id));
  const allSelected = rows.length > 0 && selectedRows.length === rows.length;
  const sentView = filter.view === 'sent';
  const filtered = Boolean(
    filter.label || filter.requestedByUserId || filter.branchId || filter.assignedToUserId,
  );
  const supplierBranches = options.data?.branches ?? [];
  const showBranchFilter = Boolean(user?.supplier) && supplierBranches.length > 1;

  const chips = useMemo(() => {
    const found: { key: string; label: string }[] = [];
    const name = (list: { id: number; fullName?: string; name?: string }[] | undefined, id: number | null) =>
      list?.find((entry) => entry.id === id)?.fullName ??
      list?.find((entry) => entry.id === id)?.name ??
      `#${id}`;
    if (filter.assignedToUserId)
      found.push({
        key: 'assignedTo',
        label: `Assigned to: ${name(options.data?.assignees, filter.assignedToUserId)}`,
      });
    if (filter.requestedByUserId)
      found.push({
        key: 'requestedBy',
        label: `Requested By: ${name(options.data?.requestedBy, filter.requestedByUserId)}`,
      });
    if (filter.branchId)
      found.push({ key: 'branch', label: `Branch: ${name(options.data?.branches, filter.branchId)}` });
    return found;
  }, [filter, options.data]);

  const setView = (view: MessageView) => update({ view: view === 'inbox' ? null : view, label: null });
  const setLabel = (label: MessageLabel | null) => update({ label });
  const clearFilters = () => update({ requestedBy: null, branch: null, assignedTo: null, label: null });
  const clearSearch = () => update({ query: null });

  const markAs = (responseStatus: 'read' | 'unread') =>
    bulk.mutate({ ids: selected, responseStatus }, { onSuccess: () => setSelected([]) });
  const setArchived = (archived: boolean) =>
    archive.mutate(
      { threadIds: [...new Set(selectedRows.map((row) => row.threadId))], archived },
      { onSuccess: () => setSelected([]) },
    );

  const countOf = (key: 'freight' | 'photo' | 'order' | 'total') => counts.data?.[key] ?? 0;

  const rail = (
    <Stack gap={2} data-testid="messages-rail">
      {railViews.map((view) => {
        const Icon = viewIcons[view];
        const unread = view === 'inbox' || view === 'unread' ? countOf('total') : 0;
        return (
          <NavLink
            key={view}
            label={messageViewLabels[view]}
            leftSection={<Icon size={18} />}
            rightSection={
              unread > 0 ? (
                <Badge size="sm" color="red" circle={unread < 10}>
                  {unread}
                </Badge>
              ) : null
            }
            active={filter.view === view && !filter.label}
            onClick={() => setView(view)}
            data-testid={`view-${view}`}
          />
        );
      })}
      <Divider my="xs" label="Labels" labelPosition="left" />
      {labelFilters.map(({ label, countKey }) => {
        const unread = countOf(countKey);
        return (
          <NavLink
            key={label}
            label={label}
            leftSection={<IconTag size={18} />}
            rightSection={
              unread > 0 ? (
                <Badge size="sm" variant="light">
                  {unread}
                </Badge>
              ) : null
            }
            active={filter.label === label}
            onClick={() => setLabel(filter.label === label ? null : label)}
            data-testid={`label-${countKey}`}
          />
        );
      })}
    </Stack>
  );

  const phoneRail = (
    <Group gap="xs" wrap="nowrap" grow>
      <Select
        aria-label="View"
        data={railViews.map((view) => ({
          value: view,
          label:
            view === 'inbox' && countOf('total') > 0
              ? `${messageViewLabels[view]} (${countOf('total')})`
              : messageViewLabels[view],
        }))}
        value={filter.view}
        onChange={(value) => value && setView(value as MessageView)}
        allowDeselect={false}
        data-testid="view-select"
      />
      <Select
        aria-label="Label"
        placeholder="All labels"
        clearable
        data={labelFilters.map(({ label, countKey }) => ({
          value: label,
          label: countOf(countKey) > 0 ? `${label} (${countOf(countKey)})` : label,
        }))}
        value={filter.label}
        onChange={(value) => setLabel((value as MessageLabel | null) ?? null)}
      />
    </Group>
  );

  const emptyState = filter.query ? (
    <Paper withBorder p="xl" ta="center" data-testid="messages-empty">
      <Text fw={600}>{noSearchMatchText(filter.query)}</Text>
      <Button mt="md" variant="default" onClick={clearSearch}>
        Clear Search
      </Button>
    </Paper>
  ) : filtered ? (
    <Paper withBorder p="xl" ta="center" data-testid="messages-empty">
      <Text fw={600}>{messageTexts.noMatch}</Text>
      <Button mt="md" variant="default" onClick={clearFilters}>
        Reset Filters
      </Button>
    </Paper>
  ) : (
    <Paper withBorder p="xl" ta="center" data-testid="messages-empty">
      <IconInbox size={32} stroke={1.5} />
      <Text fw={600}>{messageTexts.noNewMessages}</Text>
    </Paper>
  );

  const open = (row: MessageListItem) => navigate(paths.messageThread(row.threadId));
  const toggle = (id: number, checked: boolean) =>
    setSelected((current) => (checked ? [...current, id] : current.filter((entry) => entry !== id)));
  const unreadRow = (row: MessageListItem) => !sentView && row.responseStatus === 'unread';

  const list = inbox.isPending ? (
    <TableSkeleton rows={9} />
  ) : inbox.isError ? (
    <LoadErrorAlert
      error={inbox.error}
      title="Your messages could not be loaded"
      onRetry={() => inbox.refetch()}
    />
  ) : rows.length === 0 ? (
    emptyState
  ) : (
    <Stack gap={0} style={{ opacity: inbox.isPlaceholderData ? 0.6 : 1 }}>
      <Table highlightOnHover verticalSpacing="sm" visibleFrom="sm" data-testid="messages-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40} />
            <Table.Th w="28%">{sentView ? 'To' : 'From'}</Table.Th>
            <Table.Th>Subject</Table.Th>
            <Table.Th w={190}>Date Received</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr
              key={row.id}
              data-testid="message-row"
              data-unread={unreadRow(row) ? 'true' : 'false'}
              fw={unreadRow(row) ? 700 : 400}
              style={{ cursor: 'pointer' }}
              onClick={() => open(row)}
            >
              <Table.Td onClick={(event) => event.stopPropagation()}>
                <Checkbox
                  aria-label={`Select ${row.subjectLine}`}
                  checked={selected.includes(row.id)}
                  onChange={(event) => toggle(row.id, event.currentTarget.checked)}
                />
              </Table.Td>
              <Table.Td>
                <Text inherit lineClamp={1}>
                  {row.toFrom}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  {row.messageLabel !== 'Order' && (
                    <Badge size="xs" variant="light">
                      {row.messageLabel}
                    </Badge>
                  )}
                  <Text inherit lineClamp={1}>
                    {row.subjectLine}
                  </Text>
                  {row.threadCount > 1 && (
                    <Text span size="xs" c="dimmed">
                      ({row.threadCount})
                    </Text>
                  )}
                </Group>
                <Text size="sm" c="dimmed" fw={400} lineClamp={1}>
                  {row.content}
                </Text>
              </Table.Td>
              <Table.Td>
                <DateTime value={row.createdAt} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack gap="xs" hiddenFrom="sm" data-testid="messages-cards">
        {rows.map((row) => (
          <Paper key={row.id} withBorder p="sm" data-testid="message-card">
            <Group align="flex-start" wrap="nowrap" gap="sm">
              <Checkbox
                mt={4}
                aria-label={`Select ${row.subjectLine}`}
                checked={selected.includes(row.id)}
                onChange={(event) => toggle(row.id, event.currentTarget.checked)}
              />
              <UnstyledButton onClick={() => open(row)} style={{ flex: 1, minWidth: 0 }}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text fw={unreadRow(row) ? 700 : 500} size="sm" lineClamp={1}>
                    {unreadRow(row) && (
                      <Box
                        component="span"
                        display="inline-block"
                        w={8}
                        h={8}
                        mr={6}
                        bg="red"
                        style={{ borderRadius: 4 }}
                      />
                    )}
                    {row.toFrom}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                    <DateTime value={row.createdAt} withTime={false} />
                  </Text>
                </Group>
                <Text size="sm" fw={unreadRow(row) ? 700 : 400} lineClamp={1}>
                  {row.subjectLine}
                </Text>
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {row.content}
                </Text>
              </UnstyledButton>
            </Group>
          </Paper>
        ))}
      </Stack>
      <PaginationBar
        page={filter.page}
        perPage={messagesPerPage}
        totalCount={inbox.data.totalCount}
        totalPages={inbox.data.totalPages}
        onPageChange={(page) => update({ page })}
      />
    </Stack>
  );

  const someUnread = selectedRows.some((row) => row.responseStatus === 'unread');
  const toolbar = (
    <Group gap="xs" wrap="wrap" data-testid="messages-toolbar">
      <Checkbox
        aria-label="Select all"
        checked={allSelected}
        indeterminate={selectedRows.length > 0 && !allSelected}
        disabled={rows.length === 0}
        onChange={(event) => setSelected(event.currentTarget.checked ? rows.map((row) => row.id) : [])}
      />
      {selected.length > 0 && !sentView && (
        <>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconMail size={14} />}
            onClick={() => markAs('unread')}
          >
            Mark as Unread
          </Button>
          {someUnread && (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconMailOpened size={14} />}
              onClick={() => markAs('read')}
            >
              Mark as Read
            </Button>
          )}
          {filter.view === 'archived' ? (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconArchiveOff size={14} />}
              onClick={() => setArchived(false)}
            >
              Unarchive
            </Button>
          ) : (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconArchive size={14} />}
              onClick={() => setArchived(true)}
            >
              Archive
            </Button>
          )}
        </>
      )}
      {inbox.data && (
        <Text size="sm" c="dimmed" ml="auto" data-testid="messages-count">
          {formatNumber(inbox.data.totalCount)} {inbox.data.totalCount === 1 ? 'message' : 'messages'}
        </Text>
      )}
    </Group>
  );

  // The inbox needs messages turned on for the user (spec part 3 §2.4).
  if (user && !user.messagesEnabled) return <NotFoundContent />;

  const personOptions = (list: { id: number; fullName: string }[] | undefined) =>
    (list ?? []).map((entry) => ({ value: String(entry.id), label: entry.fullName }));

  return (
    <Box px={{ base: 'sm', sm: 'xl' }} py="lg" maw={1400} mx="auto">
      <Title order={1} size="h2" mb="md">
        Messages
      </Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, sm: 3, lg: 2 }} visibleFrom="sm">
          {rail}
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 9, lg: 10 }}>
          <Stack gap="sm">
            <Box hiddenFrom="sm">{phoneRail}</Box>
            <Group gap="xs" wrap="nowrap">
              <SearchInput
                value={filter.query}
                onSearch={(value) => update({ query: value.trim() || null })}
                placeholder="Search messages"
                aria-label="Search messages"
                style={{ flex: 1 }}
              />
              <Button
                variant={filtersOpen ? 'light' : 'default'}
                leftSection={<IconAdjustmentsHorizontal size={16} />}
                onClick={toggleFilters}
              >
                Filters
              </Button>
            </Group>
            <Collapse expanded={filtersOpen}>
              <Paper withBorder p="sm" data-testid="messages-filters">
                <Group gap="sm" grow align="flex-end" wrap="wrap">
                  <Select
                    label="Requested By"
                    placeholder="Anyone"
                    clearable
                    searchable
                    data={personOptions(options.data?.requestedBy)}
                    value={filter.requestedByUserId ? String(filter.requestedByUserId) : null}
                    onChange={(value) => update({ requestedBy: value })}
                  />
                  {showBranchFilter && (
                    <Select
                      label="Branch Location"
                      placeholder="All branches"
                      clearable
                      data={supplierBranches.map((branch) => ({
                        value: String(branch.id),
                        label: branch.name,
                      }))}
                      value={filter.branchId ? String(filter.branchId) : null}
                      onChange={(value) => update({ branch: value })}
                    />
                  )}
                  {staff && (
                    <Select
                      label="Assigned To"
                      placeholder="Anyone"
                      clearable
                      searchable
                      data={personOptions(options.data?.assignees)}
                      value={filter.assignedToUserId ? String(filter.assignedToUserId) : null}
                      onChange={(value) => update({ assignedTo: value })}
                    />
                  )}
                </Group>
              </Paper>
            </Collapse>
            {chips.length > 0 && (
              <Group gap="xs" data-testid="filter-chips">
                {chips.map((chip) => (
                  <Badge
                    key={chip.key}
                    variant="light"
                    size="lg"
                    rightSection={
                      <ActionIcon
                        size="xs"
                        variant="transparent"
                        aria-label={`Remove ${chip.label}`}
                        onClick={() => update({ [chip.key]: null })}
                      >
                        <IconX size={12} />
                      </ActionIcon>
                    }
                  >
                    {chip.label}
                  </Badge>
                ))}
                <Button size="compact-sm" variant="subtle" onClick={clearFilters}>
                  Clear Filters
                </Button>
              </Group>
            )}
            {toolbar}
            {list}
          </Stack>
        </Grid.Col>
      </Grid>
    </Box>
  );
}
