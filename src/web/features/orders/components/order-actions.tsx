import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconMessageQuestion } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../paths';
import type { OrderDetail } from '../api/order-api';
import { ContactSupplierButton } from './contact-supplier-button';
import { DateChangeButton } from './date-change-button';
import { FulfillButton } from './fulfill-button';
import { ReorderButton } from './reorder-button';

const changeKind = (bailiwick: string) => (bailiwick === 'fulfillment_date' ? 'date change' : 'item change');

/**
 * What the viewer can do with the order now, as the server's permissions say: answer the purchase
 * order (supplier), review a change the other side proposed, propose a new date (buyer), mark the
 * order fulfilled (supplier). Proposals waiting for the other side are noted.
 */
export function OrderActions({ order }: { order: OrderDetail }) {
  const { permissions } = order;
  const toDecide = order.proposals.filter((proposal) => permissions.decideProposalIds.includes(proposal.id));
  const waiting = order.proposals.filter(
    (proposal) => proposal.state === 'pending' && !permissions.decideProposalIds.includes(proposal.id),
  );
  // The buyer's company may start a new cart from any order it placed (not one staff deactivated).
  const canReorder = order.audience === 'buyer' && !order.deactivated && order.state !== 'draft';
  const canContact = order.audience === 'buyer' && !order.deactivated;
  const anything =
    canReorder ||
    canContact ||
    permissions.respond ||
    toDecide.length > 0 ||
    waiting.length > 0 ||
    permissions.proposeDateChange ||
    permissions.fulfill;
  if (!anything) return null;
  return (
    <Stack gap="sm" data-testid="order-actions">
      {toDecide.length > 0 && (
        <Alert color="orange" icon={<IconMessageQuestion size={18} aria-hidden />} title="Changes to review">
          <Group gap="xs" mt={4}>
            {toDecide.map((proposal) => (
              <Button
                key={proposal.id}
                component={Link}
                to={paths.orderProposal(order.id, proposal.id)}
                size="xs"
              >
                Review {changeKind(proposal.bailiwick)}
              </Button>
            ))}
          </Group>
        </Alert>
      )}
      {waiting.length > 0 && (
        <Alert color="blue" data-testid="proposals-waiting">
          {waiting.length === 1 ? 'A proposed change is' : `${waiting.length} proposed changes are`} waiting
          for the {waiting[0].proposedBySide === 'supplier' ? 'buyer' : 'supplier'}.
        </Alert>
      )}
      <Group gap="sm">
        {permissions.respond && (
          <Button component={Link} to={paths.respondToOrder(order.id)}>
            Respond to Order
          </Button>
        )}
        {permissions.proposeDateChange && (
          <DateChangeButton order={{ ...order, requestedOn: order.expectedOn ?? order.requestedOn }} />
        )}
        {permissions.fulfill && <FulfillButton order={order} />}
        {canReorder && <ReorderButton orderId={order.id} />}
        {canContact && <ContactSupplierButton orderId={order.id} />}
      </Group>
    </Stack>
  );
}
