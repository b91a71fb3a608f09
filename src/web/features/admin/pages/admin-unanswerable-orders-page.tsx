import { Anchor, Badge, Paper, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatMoney } from '../../../../domain/money';
import { paths } from '../../../paths';
import { AdminFrame } from '../../../shell/admin-frame';
import { PageLoader } from '../../../shell/route-guards';
import { EmptyList } from '../../../ui/empty-list';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { PaginationBar } from '../../../ui/pagination-bar';
import { useListSearchParams } from '../../../ui/use-list-search-params';
import { type UnanswerableOrder, useUnanswerableOrders } from '../api/get-unanswerable-orders';

const perPage = 25;
const submitted = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

function OrderLine({ order }: { order: UnanswerableOrder }) {
  return (
    <Stack gap={0}>
      <Anchor component={Link} to={paths.adminOrder(order.orderNumber)} fw={600} size="sm">
        {order.orderNumber}
      </Anchor>
      <Text size="xs" c="dimmed">
        {order.name}
      </Text>
    </Stack>
  );
}

/**
 * Beehive's queue 'Orders nobody can answer': open orders whose supplier organisation has nobody able
 * to sign in, oldest first. Staff contact the supplier (or move the order) and the buyer.
 */
export function AdminUnanswerableOrdersPage() {
  const { page, update } = useListSearchParams();
  const orders = useUnanswerableOrders({ page, perPage });
  return (
    <AdminFrame title="Orders nobody can answer">
      <Text size="sm" c="dimmed" mb="md">
        Open orders whose supplier has nobody who can sign in to answer them, oldest first. Add someone to the
        supplier's company, or move the order to another supplier, and tell the buyer.
      </Text>
      {orders.isPending ? (
        <PageLoader />
      ) : orders.isError ? (
        <LoadErrorAlert
          title="Could not load the queue"
          error={orders.error}
          onRetry={() => orders.refetch()}
        />
      ) : orders.data.results.length === 0 ? (
        <EmptyList testId="unanswerable-empty" message="Every open order has someone to answer it." />
      ) : (
        <Paper withBorder radius="md" data-testid="unanswerable-orders">
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Order</Table.Th>
                  <Table.Th>Buyer</Table.Th>
                  <Table.Th>Supplier</Table.Th>
                  <Table.Th>Submitted</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                  <Table.Th>State</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {orders.data.results.map((order) => (
                  <Table.Tr key={order.id} data-testid="unanswerable-order">
                    <Table.Td>
                      <OrderLine order={order} />
                    </Table.Td>
                    <Table.Td>{order.buyerOrganizationName}</Table.Td>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={paths.adminOrganization(order.supplierOrganizationId)}
                        size="sm"
                      >
                        {order.supplierOrganizationName}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {order.branchName}
                      </Text>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{submitted(order.submittedAt)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(order.total)}</Table.Td>
                    <Table.Td>
                      <Badge color="orange" variant="light">
                        {order.state.replace(/_/g, ' ')}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
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
