import {
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue, useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import { IconArrowDown, IconArrowsSort, IconArrowUp, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { productName } from '../../../../domain/brand';
import { supplierNeedsResponseStates } from '../../../../domain/orders/order-states';
import { formatNumber } from '../../../../domain/text/number-format';
import { useCurrentUser } from '../../../api/current-user';
import { useFeatures } from '../../../api/features';
import { paths } from '../../../paths';
import { TableSkeleton } from '../../../ui/availability-table';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { formatMoney } from '../../../ui/money';
import { PaginationBar } from '../../../ui/pagination-bar';
import {
  type OrderListItem,
  type OrderSortField,
  type OrdersTab,
  type OrderType,
  ordersPerPage,
  useOrderList,
  useSupplierBranches,
} from '../api/orders-list-api';
import { QuickReorderButton } from '../components/reorder-button';

export const noOrdersYetText = 'You have no orders yet';
export const noMatchingOrdersText = 'No orders match your filters';
export const datesReversedText = 'Start date must be before end date';

type Sort = { field: OrderSortField; direction: 'asc' | 'desc' };
const sortFields: readonly OrderSortField[] = ['submittedAt', 'orderNumber', 'name', 'total', 'requestedOn'];
const defaultSort: Sort = { field: 'submittedAt', direction: 'desc' };
const isoDay = /^\d{4}-\d{2}-\d{2}$/;

function parseSort(value: string | null): Sort {
  const [field, direction] = (value ?? '').split('|');
  if (sortFields.includes(field as OrderSortField) && (direction === 'asc' || direction === 'desc'))
    return { field: field as OrderSortField, direction };
  return defaultSort;
}

/** 'Nov 22, 2026' for an instant, in the viewer's zone. */
const formatInstant = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
/** 'Nov 22, 2026' for a calendar day, which has no zone. */
const formatDay = (day: string | null) =>
  day
    ? new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        timeZone: 'UTC',
      })
    : '—';

/**
 * Every filter of the list lives in the URL (?tab=supplier&orderType=open&startDate=&endDate=&query=
 * &sort=&page=), so a reload or a shared link shows the same list. Changing a filter starts again at
 * page 1. The tab follows use-tab-param's rules: left out for the default tab, and switching tabs
 * replaces the history entry.
 */
function useOrderFilters(defaultTab: OrdersTab) {
  const [params, setParams] = useSearchParams();
  const tabValue = params.get('tab');
  const tab: OrdersTab = tabValue === 'buyer' || tabValue === 'supplier' ? tabValue : defaultTab;
  const orderTypeValue = params.get('orderType');
  const orderType: OrderType | null =
    orderTypeValue === 'needs_response' || orderTypeValue === 'open' ? orderTypeValue : null;
  const day = (key: string) => {
    const value = params.get(key);
    return value && isoDay.test(value) ? value : null;
  };
  const startDate = day('startDate');
  const endDate = day('endDate');
  const query = params.get('query') ?? '';
  const branchId = Number.parseInt(params.get('branchId') ?? '', 10) || null;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '', 10) || 1);
  const sort = parseSort(params.get('sort'));
  const explicitSort = params.get('sort') ? `${sort.field}|${sort.direction}` : null;

  const update = (changes: Record<string, string | null>, options: { replace?: boolean } = {}) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (!('page' in changes)) next.delete('page');
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '' || (key === 'page' && value === '1')) next.delete(key);
          else next.set(key, value);
        }
        if (next.get('tab') === defaultTab) next.delete('tab');
        return next;
      },
      { replace: options.replace },
    );
  const setTab = (next: OrdersTab) => update({ tab: next, sort: null, branchId: null }, { replace: true });
  const reset = () =>
    update({
      orderType: null,
      startDate: null,
      endDate: null,
      query: null,
      branchId: null,
      sort: null,
      page: null,
    });
  const filtered = Boolean(orderType || startDate || endDate || query || branchId);
  return {
    tab,
    orderType,
    startDate,
    endDate,
    query,
    branchId,
    page,
    sort,
    explicitSort,
    filtered,
    update,
    setTab,
    reset,
  };
}

function SortHeader({
  label,
  field,
  sort,
  onSort,
  align,
}: {
  label: string;
  field: OrderSortField;
  sort: Sort;
  onSort: (sort: Sort) => void;
  align?: 'right';
}) {
  const active = sort.field === field;
  const Icon = !active ? IconArrowsSort : sort.direction === 'asc' ? IconArrowUp : IconArrowDown;
  const next: Sort = { field, direction: active && sort.direction === 'asc' ? 'desc' : 'asc' };
  return (
    <Table.Th
      ta={align}
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <UnstyledButton onClick={() => onSort(next)} fw={700} fz="sm" style={{ whiteSpace: 'nowrap' }}>
        <Group gap={4} wrap="nowrap" component="span" justify={align === 'right' ? 'flex-end' : undefined}>
          {label}
          <Icon size={14} aria-hidden color={active ? undefined : 'var(--mantine-color-gray-5)'} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/** A supplier's order that waits for its answer gets a 'Respond' action. */
const needsSupplierAnswer = (order: OrderListItem) =>
  (supplierNeedsResponseStates as readonly string[]).includes(order.state);

function RowAction({
  order,
  tab,
  quickOrder,
}: {
  order: OrderListItem;
  tab: OrdersTab;
  quickOrder: boolean;
}) {
  if (tab === 'supplier' && needsSupplierAnswer(order)) {
    return (
      <Button
        component={Link}
        to={paths.respondToOrder(order.id)}
        size="xs"
        variant="light"
        data-testid="order-respond"
      >
        Respond
      </Button>
    );
  }
  if (tab === 'buyer' && quickOrder) return <QuickReorderButton orderId={order.id} />;
  return null;
}

/** A phone's order: number, state and total on top, then who, when and what, without a wide table. */
function OrderCard({
  order,
  tab,
  quickOrder,
}: {
  order: OrderListItem;
  tab: OrdersTab;
  quickOrder: boolean;
}) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid="order-card" data-order-id={order.id}>
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Box miw={0}>
          <Anchor component={Link} to={paths.order(order.id)} fw={700} size="sm">
            {order.orderNumber}
          </Anchor>
          <Text size="sm" truncate>
            {order.name}
          </Text>
        </Box>
        <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
          <Badge color={order.displayState.color} variant="light" data-testid="order-status">
            {order.displayState.label}
          </Badge>
          <Text fw={700} size="sm" data-testid="order-card-total">
            {formatMoney(order.total)}
          </Text>
        </Stack>
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        {tab === 'buyer' ? order.branch.name : `${order.buyerOrganization.name} · ${order.branch.name}`}
      </Text>
      <Group justify="space-between" mt={6} gap="xs" wrap="nowrap">
        <Text size="xs" c="dimmed">
          {order.fulfillment === 'delivery' ? 'Delivery' : 'Pickup'} {formatDay(order.requestedOn)} ·{' '}
          {order.itemsCount} item{order.itemsCount === 1 ? '' : 's'}
        </Text>
        <RowAction order={order} tab={tab} quickOrder={quickOrder} />
      </Group>
    </Paper>
  );
}

function OrderRow({ order, tab, quickOrder }: { order: OrderListItem; tab: OrdersTab; quickOrder: boolean }) {
  const nowrap = { whiteSpace: 'nowrap' } as const;
  return (
    <Table.Tr data-testid="order-row" data-order-id={order.id}>
      <Table.Td style={nowrap}>
        <Anchor component={Link} to={paths.order(order.id)} fw={600} size="sm">
          {order.orderNumber}
        </Anchor>
      </Table.Td>
      <Table.Td miw={160}>
        <Anchor component={Link} to={paths.order(order.id)} size="sm" c="inherit">
          {order.name}
        </Anchor>
        {order.jobNumber && (
          <Text size="xs" c="dimmed">
            Job {order.jobNumber}
          </Text>
        )}
      </Table.Td>
      <Table.Td miw={140}>
        {tab === 'buyer' ? (
          <Text size="sm">{order.branch.name}</Text>
        ) : (
          <>
            <Text size="sm">{order.buyerOrganization.name}</Text>
            <Text size="xs" c="dimmed">
              {order.buyer.fullName}
            </Text>
          </>
        )}
      </Table.Td>
      {tab === 'supplier' && (
        <Table.Td miw={130} data-testid="order-branch">
          <Text size="sm">{order.branch.name}</Text>
        </Table.Td>
      )}
      <Table.Td style={nowrap}>{formatInstant(order.submittedAt)}</Table.Td>
      <Table.Td style={nowrap}>
        <Text size="sm">{formatDay(order.requestedOn)}</Text>
        <Text size="xs" c="dimmed">
          {order.fulfillment === 'delivery' ? 'Delivery' : 'Pickup'}
        </Text>
      </Table.Td>
      <Table.Td ta="right">{formatNumber(order.itemsCount)}</Table.Td>
      <Table.Td ta="right" style={nowrap}>
        {formatMoney(order.total)}
      </Table.Td>
      <Table.Td>
        {/* The whole label, never 'NE…': a badge shrinks with its column otherwise. */}
        <Badge
          color={order.displayState.color}
          variant="light"
          data-testid="order-status"
          style={{ minWidth: 'max-content' }}
        >
          {order.displayState.label}
        </Badge>
      </Table.Td>
      <Table.Td>
        <RowAction order={order} tab={tab} quickOrder={quickOrder} />
      </Table.Td>
    </Table.Tr>
  );
}

/** /orders: the orders of the user's organisation as buyer and, for suppliers, as supplier. */
export function OrdersPage() {
  useDocumentTitle(`Orders · ${productName}`);
  const { user } = useCurrentUser();
  const showSupplier = Boolean(user?.supplier);
  const showBuyer = Boolean(user && (user.organizationIsBuyer || !user.supplier));
  const defaultTab: OrdersTab = showBuyer || !showSupplier ? 'buyer' : 'supplier';
  const filters = useOrderFilters(defaultTab);
  const { orderType, startDate, endDate, query, branchId, page, sort, explicitSort, update } = filters;
  const phone = useMediaQuery('(max-width: 600px)');
  const { isOn } = useFeatures();
  const quickOrder = isOn('QUICK_ORDER');
  // A tab the user may not have falls back to the one they do.
  const tab: OrdersTab = filters.tab === 'supplier' && !showSupplier ? 'buyer' : filters.tab;
  const activeTab: OrdersTab = tab === 'buyer' && !showBuyer && showSupplier ? 'supplier' : tab;
  const datesReversed = Boolean(startDate && endDate && startDate > endDate);

  const [search, setSearch] = useState(query);
  const [debouncedSearch] = useDebouncedValue(search, 300);
  useEffect(() => setSearch(query), [query]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new debounced value should write the URL
  useEffect(() => {
    if (debouncedSearch.trim() !== query) update({ query: debouncedSearch.trim() || null });
  }, [debouncedSearch]);

  const orders = useOrderList(
    {
      tab: activeTab,
      orderType,
      startDate,
      endDate,
      query,
      sort: explicitSort,
      page,
      branchId: activeTab === 'supplier' ? branchId : null,
    },
    Boolean(user) && !datesReversed,
  );
  const branches = useSupplierBranches(showSupplier);
  const branchOptions = (branches.data?.results ?? []).map((branch) => ({
    value: String(branch.id),
    label: branch.name,
  }));

  const sortable = (label: string, field: OrderSortField, align?: 'right') => (
    <SortHeader
      label={label}
      field={field}
      sort={sort}
      align={align}
      onSort={(next) => update({ sort: `${next.field}|${next.direction}` })}
    />
  );

  const list = datesReversed ? null : orders.isPending ? (
    <TableSkeleton rows={6} />
  ) : orders.isError ? (
    <LoadErrorAlert
      error={orders.error}
      title="Your orders could not be loaded"
      onRetry={() => orders.refetch()}
    />
  ) : orders.data.results.length === 0 ? (
    <Paper withBorder p="xl" ta="center" data-testid="orders-empty">
      <Text fw={600}>{filters.filtered ? noMatchingOrdersText : noOrdersYetText}</Text>
      {filters.filtered && (
        <Button mt="md" variant="default" onClick={filters.reset}>
          Reset Filters
        </Button>
      )}
    </Paper>
  ) : (
    <Stack gap={0} style={{ opacity: orders.isPlaceholderData ? 0.6 : 1 }}>
      {phone ? (
        <Stack gap="sm" data-testid="orders-cards">
          {orders.data.results.map((order) => (
            <OrderCard key={order.id} order={order} tab={activeTab} quickOrder={quickOrder} />
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={1040} type="native" data-testid="orders-scroll">
          <Table striped highlightOnHover verticalSpacing="sm" data-testid="orders-table">
            <Table.Thead>
              <Table.Tr>
                {sortable('Order #', 'orderNumber')}
                {sortable('Name', 'name')}
                <Table.Th>{activeTab === 'buyer' ? 'Supplier' : 'Buyer'}</Table.Th>
                {activeTab === 'supplier' && <Table.Th>Branch</Table.Th>}
                {sortable('Submitted', 'submittedAt')}
                {sortable('Requested', 'requestedOn')}
                <Table.Th ta="right">Items</Table.Th>
                {sortable('Total', 'total', 'right')}
                <Table.Th>Status</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {orders.data.results.map((order) => (
                <OrderRow key={order.id} order={order} tab={activeTab} quickOrder={quickOrder} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <PaginationBar
        page={page}
        perPage={ordersPerPage}
        totalCount={orders.data.totalCount}
        totalPages={orders.data.totalPages}
        onPageChange={(next) => update({ page: String(next) })}
      />
    </Stack>
  );

  const filterRow = (
    <Paper withBorder radius="md" p="md" mb="md" data-testid="orders-filter">
      <Group align="flex-end" gap="md" wrap="wrap">
        <TextInput
          label="Search orders"
          placeholder="Order #, name, job #, company..."
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') update({ query: search.trim() || null });
          }}
          w={{ base: '100%', xs: 260 }}
        />
        {activeTab === 'supplier' && branchOptions.length > 1 && (
          <Select
            label="Branch"
            placeholder="All branches"
            data={branchOptions}
            value={branchId ? String(branchId) : null}
            onChange={(value) => update({ branchId: value })}
            clearable
            w={{ base: '100%', xs: 240 }}
            data-testid="orders-branch-filter"
          />
        )}
        <Stack gap={4}>
          <Text size="sm" fw={500} component="span" id="order-type-label">
            Show
          </Text>
          <SegmentedControl
            aria-labelledby="order-type-label"
            value={orderType ?? 'all'}
            onChange={(value) => update({ orderType: value === 'all' ? null : value })}
            data={[
              { value: 'all', label: 'All' },
              { value: 'needs_response', label: 'Needs Response' },
              { value: 'open', label: 'Open' },
            ]}
          />
        </Stack>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <TextInput
            type="date"
            label="Start date"
            value={startDate ?? ''}
            onChange={(event) => update({ startDate: event.currentTarget.value || null })}
            w={{ base: 150, sm: 160 }}
          />
          <TextInput
            type="date"
            label="End date"
            value={endDate ?? ''}
            onChange={(event) => update({ endDate: event.currentTarget.value || null })}
            error={datesReversed ? datesReversedText : undefined}
            w={{ base: 150, sm: 160 }}
          />
        </Group>
        {filters.filtered && (
          <Button variant="subtle" onClick={filters.reset}>
            Reset Filters
          </Button>
        )}
      </Group>
    </Paper>
  );

  return (
    <Box maw={1240} mx="auto" px={{ base: 'md', sm: 'lg' }} py="lg">
      <Group justify="space-between" align="center" mb="md" gap="sm">
        <Title order={1} fz={28}>
          Orders
        </Title>
        <Group gap="xs">
          <Button component={Link} to={paths.orderSchedule} variant="default">
            Schedule
          </Button>
          {showSupplier && (
            <Button component={Link} to={paths.orderFulfillment} variant="default">
              Fulfillment
            </Button>
          )}
        </Group>
      </Group>
      {!user ? (
        <TableSkeleton rows={6} />
      ) : (
        // A user sees the tabs of the sides they are on; a buyer-only user has just the Buyer tab.
        <Tabs
          value={activeTab}
          onChange={(value) => value && filters.setTab(value as OrdersTab)}
          keepMounted={false}
        >
          <Tabs.List mb="md">
            {showBuyer && <Tabs.Tab value="buyer">Buyer</Tabs.Tab>}
            {showSupplier && <Tabs.Tab value="supplier">Supplier</Tabs.Tab>}
          </Tabs.List>
          <Tabs.Panel value={activeTab}>
            {filterRow}
            {list}
          </Tabs.Panel>
        </Tabs>
      )}
    </Box>
  );
}
