import { lineAmount } from '../../../domain/orders/order-amounts';
import type { OrderProposal } from '../../../domain/orders/order-views';
import { proposalOrderTotals } from '../../../domain/orders/proposal-totals';
import type * as repo from './orders.repository';

type Audience = 'admin' | 'buyer' | 'supplier';
type ProposalRow = Awaited<ReturnType<typeof repo.listProposals>>[number];
type EventRow = { payload: Record<string, unknown> | null };

type ItemSide = Record<string, unknown> & {
  supplierPrice: number | null;
  buyerPrice?: number | null;
  bookPrice?: number | null;
  priceCategory?: string | null;
  quantity: number;
};

const internal = (text: unknown) => typeof text === 'string' && text.startsWith('[internal]');

/**
 * The comment the proposing side wrote to the whole answer its proposals came with (the supplier's
 * 'Comment to the buyer'), read from the event that made them; '[internal]' notes are for staff.
 */
function overallCommentOf(proposalId: number, events: readonly EventRow[], audience: Audience) {
  const event = events.find(
    (entry) => Array.isArray(entry.payload?.proposalIds) && entry.payload.proposalIds.includes(proposalId),
  );
  const comment = event?.payload?.comment;
  if (typeof comment !== 'string' || comment.trim() === '') return null;
  return internal(comment) && audience !== 'admin' ? null : comment;
}

/**
 * A proposal as one side may see it. Item proposals hold snapshots of both sides' prices, taken when
 * the proposal was made and never rewritten. Each side sees the book price and price category, and
 * its own price only: the buyer its `price`, the supplier its `supplierPrice` (the difference is the
 * platform's discount or fee, see docs/decisions.md); admins see both. Each side of an item change
 * carries the line's item number (its position on the order) and SKU (the catalogue variant's id),
 * and its `total` (price × quantity); the proposal carries the order total before and after for the
 * viewer's audience. Comments that staff mark '[internal]' are for admins only.
 */
export function proposalView(
  audience: Audience,
  proposal: ProposalRow,
  context: {
    order: repo.OrderRow;
    items: readonly repo.OrderItemRow[];
    events: readonly EventRow[];
  },
): OrderProposal {
  return {
    id: proposal.id,
    version: proposal.version,
    bailiwick: proposal.bailiwick as OrderProposal['bailiwick'],
    proposedBySide: proposal.proposedBySide as OrderProposal['proposedBySide'],
    orderItemId: proposal.orderItemId,
    ...proposalBody(audience, proposal, context),
    overallComment: overallCommentOf(proposal.id, context.events, audience),
    state: proposal.state as OrderProposal['state'],
    createdAt: proposal.createdAt.toISOString(),
    decidedAt: proposal.decidedAt?.toISOString() ?? null,
    decisionComment: proposal.decisionComment,
  };
}

function proposalBody(
  audience: Audience,
  proposal: ProposalRow,
  { order, items }: { order: repo.OrderRow; items: readonly repo.OrderItemRow[] },
): Pick<OrderProposal, 'proposal' | 'orderTotal'> {
  const body = { ...proposal.proposal };
  if (audience !== 'admin' && internal(body.comment)) body.comment = null;
  if (proposal.bailiwick !== 'order_item') return { proposal: body, orderTotal: null };
  const current = body.current as ItemSide;
  const proposed = body.proposed as ItemSide;
  const item = items.find((entry) => entry.id === proposal.orderItemId) ?? null;
  // Proposals made before the snapshots held the buyer's side read the line's price of today.
  const legacyBuyerPrice = item?.buyerPrice ?? null;
  const priceChanged = proposed.supplierPrice !== current.supplierPrice;
  const currentBuyer = current.buyerPrice !== undefined ? current.buyerPrice : legacyBuyerPrice;
  const proposedBuyer =
    proposed.buyerPrice !== undefined
      ? proposed.buyerPrice
      : priceChanged
        ? proposed.supplierPrice
        : currentBuyer;
  const line = {
    itemNumber: item?.position ?? null,
    sku: item?.productVariantId ? String(item.productVariantId) : null,
  };
  const side = (snapshot: ItemSide, buyerPrice: number | null) => {
    const { supplierPrice, buyerPrice: _buyerPrice, ...rest } = snapshot;
    const shared = {
      ...line,
      ...rest,
      bookPrice: snapshot.bookPrice ?? null,
      priceCategory: snapshot.priceCategory ?? null,
    };
    if (audience === 'buyer') {
      return { ...shared, price: buyerPrice, total: lineAmount(buyerPrice, snapshot.quantity) };
    }
    if (audience === 'supplier') {
      return { ...shared, supplierPrice, total: lineAmount(supplierPrice, snapshot.quantity) };
    }
    return { ...shared, price: buyerPrice, supplierPrice, total: lineAmount(buyerPrice, snapshot.quantity) };
  };
  const amountLine = (snapshot: ItemSide, buyerPrice: number | null) => ({
    quantity: snapshot.quantity,
    bookPrice: snapshot.bookPrice ?? item?.bookPrice ?? null,
    priceCategory: snapshot.priceCategory ?? item?.priceCategory ?? null,
    buyerPrice,
    supplierPrice: snapshot.supplierPrice,
  });
  return {
    proposal: {
      ...body,
      current: side(current, currentBuyer),
      proposed: side(proposed, proposedBuyer),
      changes:
        audience === 'buyer'
          ? (body.changes as string[]).map((change) => (change === 'supplierPrice' ? 'price' : change))
          : body.changes,
    },
    // The line may have left the order since (a removed item): then there is no total to show.
    orderTotal: item
      ? proposalOrderTotals({
          audience: audience === 'supplier' ? 'supplier' : 'buyer',
          lines: items,
          taxes: order.taxAmount,
          subtotal: order.subtotal,
          shipping: order.shippingAmount,
          lineId: item.id,
          current: amountLine(current, currentBuyer),
          proposed: amountLine(proposed, proposedBuyer),
        })
      : null,
  };
}
