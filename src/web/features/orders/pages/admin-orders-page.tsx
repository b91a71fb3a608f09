import { Anchor, Badge, Group, Loader, Select, Table } from '@mantine/core';
import { useCallback } from 'react';
import { Link } from 'react-router';
import { type OrderState, orderStates, stateLabels } from '../../../../domain/orders/order-states';
import { paths } from '../../../paths';
import { AdminFrame } from '../../../shell/admin-frame';
import { PageLoader } from '../../../shell/route-guards';
import { DateTime } from '../../../ui/date-time';
import { EmptyList, pastTheEnd } from '../../../ui/empty-list';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { formatMoney } from '../../../ui/money';
import { PaginationBar } from '../../../ui/pagination-bar';
import { usePhoneCards } from '../../../ui/phone-cards';
import { SearchInput } from '../../../ui/search-input';
import { useListSearchParams } from '../../../ui/use-list-search-params';
import { useAdminOrders } from '../api/staff-orders';
import { stateName } from '../components/staff-order-labels';

const perPage = 25;
const stateOptions = orderStates.map((state) => ({
  value: state,
  label: `${stateLabels[state]} (${state})`,
}));
const isOrderState = (value: string | null): value is OrderState => orderStates.includes(value as OrderState);

/** Every order on the marketplace, newest first, searchable and filterable by state. */
export function AdminOrdersPage() {
  const { params, page, query, update } = useListSearchParams();
  const rawState = params.get('state');
  const state = isOrderState(rawState) ? rawState : null;
  const orders = useAdminOrders({ query, state, page, perPage });
  const phoneCards = usePhoneCards();
  const onSearch = useCallback(
    (value: string) => update({ query: value.trim() }, { replace: true }),
    [update],
  );
  const filtered = Boolean(query || state);

  return (
    <AdminFrame title="Orders">
      <Group align="flex-end" gap="sm" mb="md" wrap="wrap">
        <SearchInput
          label="Search orders"
          placeholder="Number, name, buyer or supplier"
          value={query}
          onSearch={onSearch}
          style={{ flex: '1 1 260px' }}
          maw={420}
          data-testid="order-search"
        />
        <Select
          label="State"
          placeholder="All states"
          data={stateOptions}
          value={state}
          onChange={(value) => update({ state: value })}
          clearable
          allowDeselect
          style={{ flex: '0 1 300px' }}
          data-testid="state-filter"
        />
        {orders.isFetching && !orders.isPending && <Loader size="sm" mb={8} aria-label="Updating" />}
      </Group>

      {orders.isPending ? (
        <PageLoader />
      ) : orders.isError ? (
        <LoadErrorAlert title="Could not load orders" error={orders.error} onRetry={() => orders.refetch()} />
      ) : orders.data.results.length === 0 ? (
        <EmptyList
          testId="orders-empty"
          {...(page > 1 && orders.data.totalCount > 0
            ? pastTheEnd(page, () => update({ page: 1 }))
            : filtered
              ? {
                  message: 'No orders match these filters.',
                  action: { label: 'Clear filters', onClick: () => update({ query: null, state: null }) },
                }
              : { message: 'There are no orders yet.' })}
        />
      ) : (
        <Table.ScrollContainer minWidth={800}>
          <Table ref={phoneCards} className="phone-cards" striped highlightOnHover data-testid="orders-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Order</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>Buyer</Table.Th>
                <Table.Th>Supplier branch</Table.Th>
                <Table.Th>Submitted</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {orders.data.results.map((order) => (
                <Table.Tr key={order.id} data-testid="order-row">
                  <Table.Td>
                    <Anchor component={Link} to={paths.adminOrder(order.orderNumber)} size="sm">
                      {order.orderNumber}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{order.name}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Badge variant="light" color="gray" tt="none">
                        {stateName(order.state)}
                      </Badge>
                      {order.deactivated && (
                        <Badge variant="filled" color="gray" tt="none" data-testid="order-row-deactivated">
                          Deactivated
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{order.buyerOrganizationName}</Table.Td>
                  <Table.Td>{order.branchName}</Table.Td>
                  <Table.Td>
                    <DateTime value={order.submittedAt} />
                  </Table.Td>
                  <Table.Td ta="right">{formatMoney(order.total)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      {orders.data && (
        <PaginationBar
          page={page}
          perPage={perPage}
          totalCount={orders.data.totalCount}
          totalPages={orders.data.totalPages}
          onPageChange={(next) => update({ page: next })}
        />
      )}
    </AdminFrame>
  );
}
