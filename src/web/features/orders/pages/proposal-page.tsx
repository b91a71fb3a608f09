import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Container,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  buyerDateChangeReasons,
  itemChangeReasonLabels,
  supplierChangeReasons,
  supplierDateChangeReasons,
} from '../../../../domain/orders/order-responses';
import { ApiError, genericErrorMessage } from '../../../api/client';
import { paths } from '../../../paths';
import { NotFoundContent } from '../../../shell/not-found';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { formatMoney } from '../../../ui/money';
import {
  type DateProposalBody,
  formatDay,
  type ItemProposalBody,
  type ItemSummary,
  type OrderProposal,
  useDecideProposal,
  useWorkflowOrder,
  type WorkflowOrder,
} from '../api/order-workflow-api';

const internalPrefix = '[internal]';

const numberParam = (value = '') => (/^\d+$/.test(value) && Number(value) > 0 ? Number(value) : null);

const isItemProposal = (
  proposal: OrderProposal,
): proposal is OrderProposal & { proposal: ItemProposalBody } => proposal.bailiwick === 'order_item';

/** The label of a proposal's reason, from the list its side chose from. */
function reasonLabelOf(proposal: OrderProposal) {
  const list =
    proposal.bailiwick === 'order_item'
      ? supplierChangeReasons
      : proposal.proposedBySide === 'buyer'
        ? buyerDateChangeReasons
        : supplierDateChangeReasons;
  const reason = proposal.proposal.reason;
  return list.find((entry) => entry.value === reason)?.label ?? reason;
}

/** A comment as this viewer may read it: '[internal]' comments are for admins only. */
function visibleComment(comment: string | null | undefined, admin: boolean) {
  if (!comment?.trim()) return null;
  const internal = comment.trimStart().toLowerCase().startsWith(internalPrefix);
  if (internal && !admin) return null;
  return { text: internal ? comment.trimStart().slice(internalPrefix.length).trim() : comment, internal };
}

const proposalTitle = (order: WorkflowOrder, proposal: OrderProposal) => {
  if (!isItemProposal(proposal)) return 'Date change';
  const item = order.items.find((entry) => entry.id === proposal.orderItemId);
  return `Item change: ${item?.primaryName ?? proposal.proposal.current.primaryName}`;
};

const stateColors = { pending: 'orange', accepted: 'green', rejected: 'red' } as const;
const stateLabels = { pending: 'Pending', accepted: 'Accepted', rejected: 'Rejected' } as const;

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

type DecisionError = { status: number; message: string };

function ProposalContent({
  order,
  proposal,
  reload,
}: {
  order: WorkflowOrder;
  proposal: OrderProposal;
  reload: () => void;
}) {
  const decide = useDecideProposal(order.id);
  const [comment, setComment] = useState('');
  const [decided, setDecided] = useState<'accepted' | 'rejected' | null>(null);
  const [error, setError] = useState<DecisionError | null>(null);
  const admin = order.audience === 'admin';
  const canDecide = !decided && order.permissions.decideProposalIds.includes(proposal.id);
  const otherPending = order.proposals.filter(
    (entry) => entry.state === 'pending' && entry.id !== proposal.id,
  );
  const nextToDecide = otherPending.find((entry) => order.permissions.decideProposalIds.includes(entry.id));
  const proposedBy = proposal.proposedBySide === 'supplier' ? 'the supplier' : 'the buyer';
  const shownComment = visibleComment(proposal.proposal.comment, admin);
  const shownDecision = visibleComment(proposal.decisionComment, admin);

  const submit = (accept: boolean) => {
    setError(null);
    decide.mutate(
      { proposalId: proposal.id, accept, version: order.version, comment: comment.trim() || null },
      {
        onSuccess: () => setDecided(accept ? 'accepted' : 'rejected'),
        onError: (failure) =>
          setError(
            failure instanceof ApiError
              ? { status: failure.status, message: failure.message }
              : { status: 0, message: genericErrorMessage },
          ),
      },
    );
  };

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

        <Paper withBorder radius="md" p="md" data-testid="proposal-block" data-bailiwick={proposal.bailiwick}>
          <Group justify="space-between" mb="sm">
            <Text fw={700} size="sm" c="dimmed" style={{ letterSpacing: 1 }} data-testid="proposal-kind">
              {proposal.bailiwick === 'order_item' ? 'ITEM CHANGE' : 'DATE CHANGE'}
            </Text>
            <Badge variant="light" color={stateColors[proposal.state]} data-testid="proposal-state">
              {stateLabels[proposal.state]}
            </Badge>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Panel title="Current" testId="proposal-current">
              {isItemProposal(proposal) ? (
                <ItemPanel order={order} proposal={proposal} which="current" />
              ) : (
                <Text fw={600}>{formatDay((proposal.proposal as DateProposalBody).current)}</Text>
              )}
            </Panel>
            <Panel title="Proposed" testId="proposal-proposed" highlight>
              {isItemProposal(proposal) ? (
                <ItemPanel order={order} proposal={proposal} which="proposed" />
              ) : (
                <Text fw={600}>{formatDay((proposal.proposal as DateProposalBody).proposed)}</Text>
              )}
            </Panel>
          </SimpleGrid>
          <Stack gap={4} mt="md">
            <Text size="sm">
              <b>Reason:</b> <span data-testid="proposal-reason">{reasonLabelOf(proposal)}</span>
            </Text>
            {shownComment && (
              <Text size="sm" data-testid="proposal-comment">
                <b>Comment:</b>{' '}
                {shownComment.internal && (
                  <Badge size="xs" color="gray" mr={4}>
                    Internal
                  </Badge>
                )}
                {shownComment.text}
              </Text>
            )}
            {shownDecision && (
              <Text size="sm" data-testid="proposal-decision-comment">
                <b>Decision comment:</b>{' '}
                {shownDecision.internal && (
                  <Badge size="xs" color="gray" mr={4}>
                    Internal
                  </Badge>
                )}
                {shownDecision.text}
              </Text>
            )}
          </Stack>
        </Paper>

        {canDecide && (
          <Paper withBorder radius="md" p="md" component="section" aria-label="Your decision">
            <Stack gap="sm">
              <Textarea
                label="Comment (optional)"
                autosize
                minRows={2}
                maxLength={2000}
                value={comment}
                onChange={(event) => setComment(event.currentTarget.value)}
              />
              {error && (
                <Alert
                  color={error.status === 409 ? 'yellow' : 'red'}
                  variant="light"
                  icon={<IconAlertTriangle size={18} />}
                  role="alert"
                  title={error.status === 409 ? 'This order has changed' : 'Your decision was not saved'}
                  data-testid="decision-error"
                >
                  <Text size="sm">{error.message}</Text>
                  {(error.status === 409 || error.status === 422) && (
                    <Button
                      mt="sm"
                      size="compact-sm"
                      variant="white"
                      onClick={() => {
                        setError(null);
                        reload();
                      }}
                    >
                      Reload
                    </Button>
                  )}
                </Alert>
              )}
              <Group justify="flex-end" gap="sm">
                <Button
                  variant="default"
                  color="red"
                  onClick={() => submit(false)}
                  loading={decide.isPending && decide.variables?.accept === false}
                  disabled={decide.isPending}
                >
                  Reject
                </Button>
                <Button
                  onClick={() => submit(true)}
                  loading={decide.isPending && decide.variables?.accept === true}
                  disabled={decide.isPending}
                >
                  Accept
                </Button>
              </Group>
            </Stack>
          </Paper>
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

function Panel({
  title,
  testId,
  highlight = false,
  children,
}: {
  title: string;
  testId: string;
  highlight?: boolean;
  children: ReactNode;
}) {
  return (
    <Box
      p="sm"
      bg={highlight ? 'var(--mantine-color-yellow-0)' : 'var(--mantine-color-gray-0)'}
      style={{ borderRadius: 'var(--mantine-radius-sm)' }}
      data-testid={testId}
    >
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb={4}>
        {title}
      </Text>
      {children}
    </Box>
  );
}

/**
 * One side of an item change. Suppliers see their prices; buyers see the price they pay: theirs
 * unless the supplier corrects it (an accepted correction is the new price for both sides).
 */
function ItemPanel({
  order,
  proposal,
  which,
}: {
  order: WorkflowOrder;
  proposal: OrderProposal & { proposal: ItemProposalBody };
  which: 'current' | 'proposed';
}) {
  const body = proposal.proposal;
  const summary: ItemSummary = body[which];
  const item = order.items.find((entry) => entry.id === proposal.orderItemId);
  const changed = (key: keyof ItemSummary) => which === 'proposed' && body.changes.includes(key);
  // The server gives buyers their own `price` and suppliers (and staff) the `supplierPrice`.
  const priceChanged = body.changes.includes('supplierPrice') || body.changes.includes('price');
  const price = summary.price !== undefined ? summary.price : (summary.supplierPrice ?? null);
  const weight = (key: keyof ItemSummary) => (changed(key) ? 700 : 400);
  return (
    <Stack gap={2}>
      <Text fw={600} data-testid={`${which}-name`}>
        {summary.primaryName}
      </Text>
      {item?.secondaryName && (
        <Text size="sm" c="dimmed">
          {item.secondaryName}
        </Text>
      )}
      {item && item.characteristics.length > 0 && (
        <Text size="sm" c="dimmed">
          {item.characteristics.join(' · ')}
        </Text>
      )}
      <Text size="sm" fw={weight('size')}>
        Size: {summary.size ?? '—'}
      </Text>
      <Text size="sm" fw={weight('quantity')} data-testid={`${which}-quantity`}>
        Quantity: {summary.quantity}
        {item ? ` ${item.unit}` : ''}
      </Text>
      <Text size="sm" fw={priceChanged && which === 'proposed' ? 700 : 400} data-testid={`${which}-price`}>
        Price: {price == null ? '—' : formatMoney(price)}
        {which === 'proposed' && priceChanged && body.priceReason && (
          <Text span size="sm" c="dimmed" ml={4}>
            {itemChangeReasonLabels[body.priceReason]}
          </Text>
        )}
      </Text>
      {price != null && (
        <Text size="sm" c="dimmed">
          Total: {formatMoney(Math.round(price * summary.quantity))}
        </Text>
      )}
    </Stack>
  );
}
