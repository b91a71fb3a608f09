import { Anchor, Badge, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { RespondedWith } from '../../../../domain/orders/order-responses';
import { ApiError } from '../../../api/client';
import { paths } from '../../../paths';
import { NotFoundContent } from '../../../shell/not-found';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { useWorkflowOrder, useWorkflowParties, type WorkflowOrder } from '../api/order-workflow-api';
import { CannotRespond } from '../components/cannot-respond';
import { PurchaseOrderSummary } from '../components/purchase-order-summary';
import { ResponseConfirmation } from '../components/response-confirmation';
import { ResponseForm } from '../components/response-form';
import { useOrderIdParam } from './use-order-id-param';

/** /purchase_orders/{id}/respond: the supplier answers the order's purchase order. */
export function PurchaseOrderRespondPage() {
  const id = useOrderIdParam();
  const order = useWorkflowOrder(id);
  if (id === null) return <NotFoundContent />;
  if (order.isPending) {
    return (
      <Container size="lg" py="xl">
        <Group justify="center" py="xl">
          <Loader aria-label="Loading the order" />
        </Group>
      </Container>
    );
  }
  if (order.isError) {
    if (order.error instanceof ApiError && order.error.status === 404) return <NotFoundContent />;
    return (
      <Container size="lg" py="xl">
        <LoadErrorAlert
          error={order.error}
          title="The order could not be loaded"
          onRetry={() => order.refetch()}
        />
      </Container>
    );
  }
  return <RespondContent order={order.data} reload={() => order.refetch()} />;
}

function RespondContent({ order, reload }: { order: WorkflowOrder; reload: () => void }) {
  const [answered, setAnswered] = useState<RespondedWith | null>(null);
  const parties = useWorkflowParties(order.id);
  const header = (
    <Stack gap={4}>
      <Anchor component={Link} to={paths.order(order.id)} size="sm">
        Back to the order
      </Anchor>
      <Group gap="sm" wrap="wrap">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          Purchase order {order.orderNumber}
        </Title>
        <Badge variant="light" size="lg" color={order.displayState.color} data-testid="order-state-badge">
          {order.displayState.label}
        </Badge>
      </Group>
      <Text c="dimmed">{order.name}</Text>
    </Stack>
  );

  if (answered) {
    return (
      <Container size="sm" py="xl">
        <ResponseConfirmation order={order} respondedWith={answered} updatedNow />
      </Container>
    );
  }

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        {header}
        <PurchaseOrderSummary order={order} buyerName={parties.data?.buyerOrganizationName ?? null} />
        {order.permissions.respond ? (
          <ResponseForm order={order} reload={reload} onAnswered={setAnswered} />
        ) : (
          <CannotRespond order={order} />
        )}
      </Stack>
    </Container>
  );
}
