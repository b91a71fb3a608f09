import type { ItemProposalBody, OrderProposal, WorkflowOrder } from '../api/order-workflow-api';

export const isItemProposal = (
  proposal: OrderProposal,
): proposal is OrderProposal & { proposal: ItemProposalBody } => proposal.bailiwick === 'order_item';

/** How a proposal is named in lists: 'Date change' or the item it changes. */
export const proposalTitle = (order: WorkflowOrder, proposal: OrderProposal) => {
  if (!isItemProposal(proposal)) return 'Date change';
  const item = order.items.find((entry) => entry.id === proposal.orderItemId);
  return `Item change: ${item?.primaryName ?? proposal.proposal.current.primaryName}`;
};
