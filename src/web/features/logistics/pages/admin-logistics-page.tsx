import { Anchor, Badge, Button, Paper, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { can } from '../../../../domain/admin/beehive-access';
import { formatMoney } from '../../../../domain/money';
import { formatNumber } from '../../../../domain/text/number-format';
import { useCurrentUser } from '../../../api/current-user';
import { paths } from '../../../paths';
import { AdminFrame } from '../../../shell/admin-frame';
import { PageLoader } from '../../../shell/route-guards';
import { DateTime } from '../../../ui/date-time';
import { EmptyList } from '../../../ui/empty-list';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { usePhoneCards } from '../../../ui/phone-cards';
import { useTabParam } from '../../../ui/use-tab-param';
import { type FreightRequest, useFreightQueue } from '../api/logistics-api';

function Subject({ request }: { request: FreightRequest }) {
  const { user } = useCurrentUser();
  return (
    <Stack gap={0}>
      {request.order ? (
        <Anchor component={Link} to={paths.adminOrder(request.order.orderNumber)} fw={600} size="sm">
          Order {request.order.orderNumber}
        </Anchor>
      ) : request.cart ? (
        <Anchor
          component={Link}
          to={
            can(user, 'edit_carts') ? paths.adminCart(request.cart.cartNumber) : paths.cart(request.cart.id)
          }
          fw={600}
          size="sm"
        >
          Cart {request.cart.cartNumber}
        </Anchor>
      ) : null}
      <Text size="xs" c="dimmed">
        {request.order?.name ?? request.cart?.name}
        {request.buyerOrganizationName ? ` · ${request.buyerOrganizationName}` : ''}
      </Text>
    </Stack>
  );
}

/**
 * /admin/logistics: the logistics team's queue. Open freight requests, oldest first, with where the
 * goods go, when they ship and how far; each leads to 'Create Freight Estimate'.
 */
export function AdminLogisticsPage() {
  const [tab, setTab] = useTabParam('open');
  const view = tab === 'answered' ? 'answered' : 'open';
  const queue = useFreightQueue(view);
  const tableRef = usePhoneCards();
  return (
    <AdminFrame title="Logistics">
      <SegmentedControl
        mb="md"
        value={view}
        onChange={setTab}
        data={[
          { value: 'open', label: `Open${queue.data ? ` (${queue.data.totalCount})` : ''}` },
          { value: 'answered', label: 'Estimated' },
        ]}
      />
      {queue.isPending ? (
        <PageLoader />
      ) : queue.isError ? (
        <LoadErrorAlert
          title="Could not load the queue"
          error={queue.error}
          onRetry={() => queue.refetch()}
        />
      ) : queue.data.results.length === 0 ? (
        <EmptyList
          testId="logistics-empty"
          message={view === 'open' ? 'No freight requests are waiting.' : 'No estimates yet.'}
        />
      ) : (
        <Paper withBorder radius="md">
          <Table ref={tableRef} className="phone-cards" verticalSpacing="sm" data-testid="freight-queue">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Request</Table.Th>
                <Table.Th>Requested</Table.Th>
                <Table.Th>From</Table.Th>
                <Table.Th>Destination</Table.Th>
                <Table.Th>Ship date</Table.Th>
                <Table.Th ta="right">Distance</Table.Th>
                <Table.Th>{view === 'open' ? 'Action' : 'Estimate'}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {queue.data.results.map((request) => (
                <Table.Tr key={request.id} data-testid="freight-request-row">
                  <Table.Td>
                    <Subject request={request} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      <DateTime value={request.createdAt} />
                    </Text>
                    <Badge size="xs" variant="light" color={request.source === 'order' ? 'grape' : 'blue'}>
                      {request.source === 'order' ? 'Freight pending order' : 'Cart request'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{request.branch?.name ?? '—'}</Table.Td>
                  <Table.Td>
                    {request.destinationCity}, {request.destinationState} {request.destinationPostalCode}
                  </Table.Td>
                  <Table.Td>{request.expectedShipDate ?? '—'}</Table.Td>
                  <Table.Td ta="right">
                    {request.distanceMiles === null ? '—' : `${formatNumber(request.distanceMiles)} mi`}
                  </Table.Td>
                  <Table.Td>
                    {request.estimate ? (
                      <Text size="sm" fw={600}>
                        {formatMoney(request.estimate.cost)}
                      </Text>
                    ) : (
                      <Button size="xs" component={Link} to={paths.newFreightEstimate(request.id)}>
                        Create Freight Estimate
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </AdminFrame>
  );
}
