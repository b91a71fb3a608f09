import { Alert, Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../paths';
import type { WorkflowOrder } from '../api/order-workflow-api';
import { ResponseConfirmation } from './response-confirmation';

/** Why this viewer cannot answer now: not the supplier, already answered, or waiting on someone else. */
export function CannotRespond({ order }: { order: WorkflowOrder }) {
  const response = order.currentSupplierPurchaseOrderResponse;
  if (order.audience === 'buyer') {
    return (
      <Alert
        color="gray"
        variant="light"
        title="Only the supplier answers this purchase order"
        data-testid="cannot-respond"
      >
        <Text size="sm">You are the buyer of this order; the supplier answers its purchase order.</Text>
        <Anchor component={Link} to={paths.order(order.id)} size="sm">
          View Order Details
        </Anchor>
      </Alert>
    );
  }
  if (response)
    return <ResponseConfirmation order={order} respondedWith={response.respondedWith} response={response} />;
  const buyerProposal = order.proposals.find(
    (proposal) => proposal.state === 'pending' && proposal.proposedBySide === 'buyer',
  );
  return (
    <Alert color="gray" variant="light" title="Nothing to answer now" data-testid="cannot-respond">
      <Text size="sm">
        This order is {order.displayState.label}; its purchase order is not waiting for your answer.
      </Text>
      <Group gap="md" mt="xs">
        {buyerProposal && (
          <Anchor component={Link} to={paths.orderProposal(order.id, buyerProposal.id)} size="sm">
            Review the buyer's proposal
          </Anchor>
        )}
        <Anchor component={Link} to={paths.order(order.id)} size="sm">
          View Order Details
        </Anchor>
      </Group>
    </Alert>
  );
}
