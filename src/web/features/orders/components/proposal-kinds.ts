import type {
  DateProposalBody,
  ItemProposalBody,
  OrderProposal,
  WorkflowOrder,
} from '../api/order-workflow-api';

/*
 * The contract leaves a proposal's body open (a record whose shape depends on its bailiwick); these
 * read it as the shape the server writes for that bailiwick.
 */

export const isItemProposal = (
  proposal: OrderProposal,
): proposal is OrderProposal & { proposal: ItemProposalBody } => proposal.bailiwick === 'order_item';

/** The body of a proposal: an item change or a date change. */
export const proposalBodyOf = (proposal: OrderProposal): ItemProposalBody | DateProposalBody =>
  proposal.proposal as ItemProposalBody | DateProposalBody;

/** The body of a date proposal (its current and proposed days). */
export const dateProposalBodyOf = (proposal: OrderProposal): DateProposalBody =>
  proposal.proposal as DateProposalBody;

/** How a proposal is named in lists: 'Date change' or the item it changes. */
export const proposalTitle = (order: WorkflowOrder, proposal: OrderProposal) => {
  if (!isItemProposal(proposal)) return 'Date change';
  const item = order.items.find((entry) => entry.id === proposal.orderItemId);
  return `Item change: ${item?.primaryName ?? proposal.proposal.current.primaryName}`;
};
