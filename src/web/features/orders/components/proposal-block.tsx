import { Badge, Box, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { priceBasisLabels } from '../../../../domain/orders/order-amounts';
import {
  buyerDateChangeReasons,
  itemChangeReasonLabels,
  supplierChangeReasons,
  supplierDateChangeReasons,
} from '../../../../domain/orders/order-responses';
import { formatMoney } from '../../../ui/money';
import {
  formatDay,
  type ItemProposalBody,
  type ItemSummary,
  type OrderProposal,
  type WorkflowOrder,
} from '../api/order-workflow-api';
import { dateProposalBodyOf, isItemProposal, proposalBodyOf } from './proposal-kinds';

const internalPrefix = '[internal]';

/** The label of a proposal's reason, from the list its side chose from. */
function reasonLabelOf(proposal: OrderProposal) {
  const list =
    proposal.bailiwick === 'order_item'
      ? supplierChangeReasons
      : proposal.proposedBySide === 'buyer'
        ? buyerDateChangeReasons
        : supplierDateChangeReasons;
  const reason = proposalBodyOf(proposal).reason;
  return list.find((entry) => entry.value === reason)?.label ?? reason;
}

/** A comment as this viewer may read it: '[internal]' comments are for admins only. */
function visibleComment(comment: string | null | undefined, admin: boolean) {
  if (!comment?.trim()) return null;
  const internal = comment.trimStart().toLowerCase().startsWith(internalPrefix);
  if (internal && !admin) return null;
  return { text: internal ? comment.trimStart().slice(internalPrefix.length).trim() : comment, internal };
}

const stateColors = { pending: 'orange', accepted: 'green', rejected: 'red' } as const;
const stateLabels = { pending: 'Pending', accepted: 'Accepted', rejected: 'Rejected' } as const;

/** One proposal: what is now and what is proposed side by side, its state, reason and comments. */
export function ProposalBlock({ order, proposal }: { order: WorkflowOrder; proposal: OrderProposal }) {
  const admin = order.audience === 'admin';
  const shownComment = visibleComment(proposalBodyOf(proposal).comment, admin);
  const shownDecision = visibleComment(proposal.decisionComment, admin);
  const shownOverall = visibleComment(proposal.overallComment, admin);
  return (
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
            <Text fw={600}>{formatDay(dateProposalBodyOf(proposal).current)}</Text>
          )}
        </Panel>
        <Panel title="Proposed" testId="proposal-proposed" highlight>
          {isItemProposal(proposal) ? (
            <ItemPanel order={order} proposal={proposal} which="proposed" />
          ) : (
            <Text fw={600}>{formatDay(dateProposalBodyOf(proposal).proposed)}</Text>
          )}
        </Panel>
      </SimpleGrid>
      {proposal.orderTotal && (
        <Group gap="lg" mt="sm" data-testid="proposal-order-total">
          <Text size="sm">
            Order total now: <b>{formatMoney(proposal.orderTotal.current)}</b>
          </Text>
          <Text size="sm">
            New order total:{' '}
            <b data-testid="proposal-new-total">{formatMoney(proposal.orderTotal.proposed)}</b>
          </Text>
        </Group>
      )}
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
        {shownOverall && (
          <Text size="sm" data-testid="proposal-overall-comment">
            <b>
              {proposal.proposedBySide === 'supplier' ? "Supplier's comment" : "Buyer's comment"} on the
              order:
            </b>{' '}
            {shownOverall.internal && (
              <Badge size="xs" color="gray" mr={4}>
                Internal
              </Badge>
            )}
            {shownOverall.text}
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

/** The price lines a viewer may read: its own price ('Your price'), staff both sides'. */
function priceRows(audience: WorkflowOrder['audience'], summary: ItemSummary) {
  if (audience === 'admin')
    return [
      { key: 'buyer', label: 'Buyer price', value: summary.price ?? null },
      { key: 'supplier', label: 'Supplier price', value: summary.supplierPrice ?? null },
    ];
  if (audience === 'supplier')
    return [{ key: 'supplier', label: priceBasisLabels.supplier, value: summary.supplierPrice ?? null }];
  return [{ key: 'buyer', label: priceBasisLabels.buyer, value: summary.price ?? null }];
}

const money = (cents: number | null | undefined) => (cents == null ? '—' : formatMoney(cents));

/**
 * One side of an item change (spec part 3 §2.3 item summary): item number and SKU, name, size,
 * quantity, book price with its price category, the viewer's own price (buyers never see the
 * supplier's, suppliers never the buyer's; staff see both) and the line total. The proposed side
 * carries the price's reason label ('(Edited - missing discount)', '(Confirmed)', ...).
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
  const weight = (key: keyof ItemSummary) => (changed(key) ? 700 : 400);
  const reasonLabel =
    which === 'proposed' && body.priceReason ? itemChangeReasonLabels[body.priceReason] : null;
  const identity = [
    summary.itemNumber != null ? `Item #${summary.itemNumber}` : null,
    summary.sku ? `SKU ${summary.sku}` : null,
  ].filter(Boolean);
  return (
    <Stack gap={2}>
      {identity.length > 0 && (
        <Text size="xs" c="dimmed" data-testid={`${which}-identity`}>
          {identity.join(' · ')}
        </Text>
      )}
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
      {summary.bookPrice !== undefined && (
        <Text size="sm" data-testid={`${which}-book-price`}>
          Book price: {money(summary.bookPrice)}
          {summary.priceCategory ? (
            <Text span size="sm" c="dimmed" ml={4}>
              ({summary.priceCategory})
            </Text>
          ) : null}
        </Text>
      )}
      {priceRows(order.audience, summary).map((row) => (
        <Text
          key={row.key}
          size="sm"
          fw={priceChanged && which === 'proposed' ? 700 : 400}
          data-testid={`${which}-price`}
          data-price-side={row.key}
        >
          {row.label}: {money(row.value)}
          {reasonLabel && (
            <Text span size="sm" c="dimmed" ml={4} fw={400} data-testid="proposal-price-reason">
              {reasonLabel}
            </Text>
          )}
        </Text>
      ))}
      {summary.total !== undefined && (
        <Text size="sm" c="dimmed" data-testid={`${which}-line-total`}>
          Line total: {formatMoney(summary.total)}
        </Text>
      )}
    </Stack>
  );
}
