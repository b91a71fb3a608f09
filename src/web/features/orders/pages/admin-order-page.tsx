import { Anchor, Breadcrumbs, Card, Grid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../../paths';
import { AdminFrame } from '../../../shell/admin-frame';
import { PageLoader } from '../../../shell/route-guards';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { useAdminOrder } from '../api/staff-orders';
import { MoveOrderPanel } from '../components/move-order-panel';
import { OrderToolsCard } from '../components/order-tools-card';
import { StaffActions } from '../components/staff-actions';
import { StaffInvoiceCard } from '../components/staff-invoice-card';
import { StaffOrderDetails } from '../components/staff-order-details';
import { StaffOrderEventsTable } from '../components/staff-order-events-table';
import { StaffOrderHeader } from '../components/staff-order-header';
import { StaffOrderItemsTable } from '../components/staff-order-items-table';
import { StaffOrderProposalsTable } from '../components/staff-order-proposals-table';
import { StaffOrderResponsesTable } from '../components/staff-order-responses-table';
import { StaffOrderVersionsTable } from '../components/staff-order-versions-table';

/** One order as Beehive sees it: both sides, prices, history, and the moves staff may make. */
export function AdminOrderPage() {
  const orderNumber = useParams().orderNumber ?? '';
  const order = useAdminOrder(orderNumber);

  const crumbs = (
    <Breadcrumbs mb="md">
      <Anchor component={Link} to={paths.adminOrders} size="sm">
        Orders
      </Anchor>
      <Text size="sm">{orderNumber}</Text>
    </Breadcrumbs>
  );

  if (order.isPending) {
    return (
      <AdminFrame title={`Order ${orderNumber}`}>
        {crumbs}
        <PageLoader />
      </AdminFrame>
    );
  }
  if (order.isError) {
    return (
      <AdminFrame title={`Order ${orderNumber}`}>
        {crumbs}
        <LoadErrorAlert
          title="Could not load this order"
          error={order.error}
          onRetry={() => order.refetch()}
        />
      </AdminFrame>
    );
  }

  const o = order.data;
  return (
    <AdminFrame title={`Order ${o.orderNumber}`}>
      {crumbs}
      <StaffOrderHeader order={o} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <StaffOrderDetails order={o} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card withBorder padding="lg" h="100%">
            <Title order={3} size="h4" mb="md">
              Move order
            </Title>
            <MoveOrderPanel order={o} onConflict={() => order.refetch()} />
          </Card>
        </Grid.Col>
      </Grid>
      <Card withBorder padding="lg" mt="md">
        <Title order={3} size="h4" mb="md">
          Staff actions
        </Title>
        <StaffActions order={o} onConflict={() => order.refetch()} />
      </Card>
      <OrderToolsCard orderId={o.id} />
      <StaffInvoiceCard orderId={o.id} state={o.state} />

      <Section title="Items">
        <StaffOrderItemsTable order={o} />
      </Section>
      <Section title="Events">
        <StaffOrderEventsTable order={o} />
      </Section>
      <Section title="Versions">
        <StaffOrderVersionsTable order={o} />
      </Section>
      <Section title="Supplier responses">
        <StaffOrderResponsesTable order={o} />
      </Section>
      <Section title="Proposals">
        <StaffOrderProposalsTable order={o} />
      </Section>
    </AdminFrame>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" mt="xl">
      <Title order={3} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
