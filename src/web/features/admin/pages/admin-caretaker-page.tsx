import { Anchor, Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { type CaretakerReasonCode, caretakerReasonLabels } from '../../../../domain/orders/order-checks';
import { paths } from '../../../paths';
import { AdminFrame } from '../../../shell/admin-frame';
import { PageLoader } from '../../../shell/route-guards';
import { DateTime } from '../../../ui/date-time';
import { EmptyList } from '../../../ui/empty-list';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { PaginationBar } from '../../../ui/pagination-bar';
import { usePhoneCards } from '../../../ui/phone-cards';
import { useListSearchParams } from '../../../ui/use-list-search-params';
import { useCaretakerOrders } from '../api/order-care';

const perPage = 25;
const reasonColor: Record<CaretakerReasonCode, string> = {
  unanswered: 'orange',
  freight_pending: 'blue',
  needs_review: 'grape',
  nobody_to_receive: 'red',
};

/** /admin/caretaker: open orders needing staff attention now, oldest first, each with its reasons. */
export function AdminCaretakerPage() {
  const { page, update } = useListSearchParams();
  const orders = useCaretakerOrders({ page, perPage });
  const tableRef = usePhoneCards();
  return (
    <AdminFrame title="Orders needing attention">
      <Text size="sm" c="dimmed" mb="md">
        Open orders unanswered for more than 2 business days, waiting for freight or review, or with nobody to
        receive them. An order leaves the list as soon as its reason is resolved.
      </Text>
      {orders.isPending ? (
        <PageLoader />
      ) : orders.isError ? (
        <LoadErrorAlert
          title="Could not load the list"
          error={orders.error}
          onRetry={() => orders.refetch()}
        />
      ) : orders.data.results.length === 0 ? (
        <EmptyList testId="caretaker-empty" message="No order needs attention right now." />
      ) : (
        <Paper withBorder radius="md" data-testid="caretaker-orders">
          <Table.ScrollContainer minWidth={0}>
            <Table ref={tableRef} className="phone-cards" verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Order</Table.Th>
                  <Table.Th>Buyer</Table.Th>
                  <Table.Th>Supplier branch</Table.Th>
                  <Table.Th>Submitted</Table.Th>
                  <Table.Th>Why</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {orders.data.results.map((order) => (
                  <Table.Tr key={order.id} data-testid="caretaker-order">
                    <Table.Td>
                      <Anchor component={Link} to={paths.adminOrder(order.orderNumber)} fw={600} size="sm">
                        {order.orderNumber}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {order.name}
                      </Text>
                    </Table.Td>
                    <Table.Td>{order.buyerOrganizationName}</Table.Td>
                    <Table.Td>{order.branchName}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <DateTime value={order.submittedAt} withTime={false} />
                    </Table.Td>
                    <Table.Td maw={380}>
                      <Stack gap={4}>
                        {order.reasons.map((reason) => (
                          <Group key={reason.code} gap={6} wrap="nowrap" align="flex-start">
                            <Badge
                              size="sm"
                              variant="light"
                              color={reasonColor[reason.code]}
                              style={{ flexShrink: 0 }}
                            >
                              {caretakerReasonLabels[reason.code]}
                            </Badge>
                            <Text size="xs">{reason.message}</Text>
                          </Group>
                        ))}
                      </Stack>
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
