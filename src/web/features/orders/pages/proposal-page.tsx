import { Alert, Anchor, Badge, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { paths } from '../../../paths';
import { NotFoundContent } from '../../../shell/not-found';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { type OrderProposal, useWorkflowOrder, type WorkflowOrder } from '../api/order-workflow-api';
import { ProposalBlock } from '../components/proposal-block';
import { ProposalDecisionForm } from '../components/proposal-decision-form';
import { proposalTitle } from '../components/proposal-kinds';

const numberParam = (value = '') => (/^\d+$/.test(value) && Number(value) > 0 ? Number(value) : null);

/** /orders/{id}/proposals/{proposalId}: one proposed change, for the side that decides it or to read. */
export function ProposalReviewPage() {
  const params = useParams();
  const id = numberParam(params.id);
  const proposalId = numberParam(params.proposalId);
  const order = useWorkflowOrder(id);
  if (id === null || proposalId === null) return <NotFoundContent />;
  if (order.isPending) {
    return (
      <Container size="md" py="xl">
        <Group justify="center" py="xl">
          <Loader aria-label="Loading the proposal" />
        </Group>
      </Container>
    );
  }
  if (order.isError) {
    if (order.error instanceof ApiError && order.error.status === 404) return <NotFoundContent />;
    return (
      <Container size="md" py="xl">
        <LoadErrorAlert
          error={order.error}
          title="The order could not be loaded"
          onRetry={() => order.refetch()}
        />
      </Container>
    );
  }
  const proposal = order.data.proposals.find((entry) => entry.id === proposalId);
  if (!proposal) {
    return (
      <Container size="md" py="xl">
        <Alert color="gray" variant="light" title="Proposal not found">
          <Anchor component={Link} to={paths.order(id)}>
            View Order Details
          </Anchor>
        </Alert>
      </Container>
    );
  }
  return (
    <ProposalContent
      key={proposal.id}
      order={order.data}
      proposal={proposal}
      reload={() => order.refetch()}
    />
  );
}

function ProposalContent({
  order,
  proposal,
  reload,
}: {
  order: WorkflowOrder;
  proposal: OrderProposal;
  reload: () => void;
}) {
  const [decided, setDecided] = useState<'accepted' | 'rejected' | null>(null);
  const canDecide = !decided && order.permissions.decideProposalIds.includes(proposal.id);
  const otherPending = order.proposals.filter(
    (entry) => entry.state === 'pending' && entry.id !== proposal.id,
  );
  const nextToDecide = otherPending.find((entry) => order.permissions.decideProposalIds.includes(entry.id));
  const proposedBy = proposal.proposedBySide === 'supplier' ? 'the supplier' : 'the buyer';

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Anchor component={Link} to={paths.order(order.id)} size="sm">
            Back to the order
          </Anchor>
          <Group gap="sm" wrap="wrap">
            <Title order={1} fz={{ base: 24, sm: 30 }}>
              Order {order.orderNumber}: proposed change
            </Title>
            <Badge variant="light" size="lg" color={order.displayState.color} data-testid="order-state-badge">
              {order.displayState.label}
            </Badge>
          </Group>
          <Text c="dimmed">Proposed by {proposedBy}</Text>
        </Stack>

        {decided && (
          <Alert
            color="green"
            variant="light"
            icon={<IconCircleCheck size={18} />}
            title={decided === 'accepted' ? 'You accepted this change' : 'You rejected this change'}
            data-testid="decision-result"
          >
            <Text size="sm">
              The order is now <b data-testid="decision-order-state">{order.displayState.label}</b>.
            </Text>
            <Group gap="md" mt="xs">
              <Anchor component={Link} to={paths.order(order.id)} size="sm">
                View Order Details
              </Anchor>
              {nextToDecide && (
                <Anchor component={Link} to={paths.orderProposal(order.id, nextToDecide.id)} size="sm">
                  Review the next proposal
                </Anchor>
              )}
            </Group>
          </Alert>
        )}

        <ProposalBlock order={order} proposal={proposal} />

        {canDecide && (
          <ProposalDecisionForm order={order} proposal={proposal} reload={reload} onDecided={setDecided} />
        )}

        {!canDecide && !decided && proposal.state === 'pending' && (
          <Text size="sm" c="dimmed" data-testid="proposal-waiting">
            This change waits for {proposal.proposedBySide === 'supplier' ? 'the buyer' : 'the supplier'} to
            accept or reject it.
          </Text>
        )}

        {otherPending.length > 0 && (
          <Stack gap={4} data-testid="other-proposals">
            <Text fw={600}>Other pending changes on this order</Text>
            {otherPending.map((entry) => (
              <Anchor key={entry.id} component={Link} to={paths.orderProposal(order.id, entry.id)} size="sm">
                {proposalTitle(order, entry)}
              </Anchor>
            ))}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
