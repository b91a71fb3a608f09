import type { z } from 'zod';
import { isAdmin } from '../../../domain/access';
import type { OrderNow } from '../../../domain/api-errors';
import { productName } from '../../../domain/brand';
import { canSeeOrder } from '../../../domain/orders/order-access';
import { lineAmount } from '../../../domain/orders/order-amounts';
import { mailDay } from '../../../domain/orders/order-notices';
import type {
  buyerDateChangeSchema,
  decideProposalSchema,
  fulfillSchema,
  itemChangeSchema,
  respondSchema,
} from '../../../domain/orders/order-responses';
import {
  type contactSupplierSchema,
  earlyFulfilmentMessage,
  nothingChangedMessage,
  priceReasonRequiredMessage,
} from '../../../domain/orders/order-responses';
import { orderDeactivatedMessage } from '../../../domain/orders/order-staff-actions';
import {
  canTransition,
  nextState,
  type OrderEvent,
  type OrderState,
  OrderTransitionError,
} from '../../../domain/orders/order-states';
import { actorOf, type Caller } from '../../core/caller';
import type { Db, Executor } from '../../core/database';
import { AppError } from '../../core/errors';
import { recordOrderEvent } from './order-event-log';
import { amountsFromItems } from './order-totals';
import { snapshotVersion } from './order-versions';
import * as repo from './orders.repository';
import { orderNotFoundMessage } from './orders.service';

export const alreadyRespondedMessage = (version: number) =>
  `This purchase order (version ${version}) has already been answered.`;
export const staleVersionMessage = (current: number) =>
  `This order has changed since you opened it: version ${current} is current. Reload it and answer that version.`;
export const onlySupplierMessage = 'Only the supplier of this order can answer its purchase order.';
export const onlyOtherSideMessage = 'Only the other side of the order can accept or reject this proposal.';
export const proposalNotFoundMessage = 'Proposal not found';
export const proposalDecidedMessage = 'This proposal has already been accepted or rejected.';
export const buyerProposalPendingMessage =
  'The buyer proposed a change to this order. Accept or reject it before answering the purchase order.';
export const deliveryShippingRequiredMessage = `This is a delivery order: confirm with your shipping amount, or let ${productName} arrange the freight.`;
export const pastDateMessage = 'Choose today or a later date';
export const futureFulfilmentMessage = 'An order cannot be fulfilled on a day that has not come yet';

type Side = 'buyer' | 'supplier';

/** The order locked for a change, and how the caller relates to it (404 outside the gate). */
async function lockForCaller(tx: Executor, caller: Caller, id: number) {
  const order = await repo.lockOrder(tx, id);
  if (!order) throw new AppError('not_found', orderNotFoundMessage);
  const audience = canSeeOrder(
    { admin: isAdmin(caller.user), organizationId: caller.user.organizationId },
    order,
  );
  if (!audience) throw new AppError('not_found', orderNotFoundMessage);
  if (order.deactivatedAt && audience !== 'admin') {
    throw new AppError('unprocessable', orderDeactivatedMessage, { code: 'order_deactivated' });
  }
  return { order, audience };
}

/** The order as it is now, for the details of a conflict (src/domain/api-errors.ts). */
export const orderNow = (order: repo.OrderRow): OrderNow => ({
  state: order.state as OrderState,
  version: order.version,
  deactivated: order.deactivatedAt !== null,
});

function requireVersion(order: repo.OrderRow, version: number) {
  if (order.version !== version) {
    throw new AppError('conflict', staleVersionMessage(order.version), {
      code: 'stale_version',
      details: { order: orderNow(order) },
    });
  }
}

/**
 * Moves an order by one event of the state machine and records who did it; 422 naming the state
 * when the table does not allow the move. Call with the order locked.
 */
export async function applyEvent(
  tx: Executor,
  caller: Caller,
  order: repo.OrderRow,
  event: OrderEvent,
  changes: Partial<repo.OrderRow> = {},
  payload: Record<string, unknown> = {},
) {
  let to: OrderState;
  try {
    to = nextState(order.state as OrderState, event);
  } catch (error) {
    if (error instanceof OrderTransitionError) {
      throw new AppError('unprocessable', error.message, { code: 'transition_not_allowed' });
    }
    throw error;
  }
  const updated = await repo.updateOrder(tx, order.id, { ...changes, state: to });
  const actor = actorOf(caller);
  await recordOrderEvent(tx, {
    orderId: order.id,
    name: event,
    fromState: order.state,
    toState: to,
    userId: actor.userId,
    impersonatorUserId: actor.impersonatorUserId,
    payload: { version: updated.version, ...payload },
  });
  return updated;
}

type ItemChange = z.output<typeof itemChangeSchema>;

/**
 * The current and proposed values of one item change, or null when it changes nothing. Both sides are
 * snapshots taken now and never rewritten (accepting makes a new order version instead): the item's
 * description and both sides' prices, so the review shows what the line was and would be for the
 * buyer and for the supplier. The comparison that decides what changed reads the supplier's side.
 */
function itemProposal(item: repo.OrderItemRow, change: ItemChange) {
  const current = {
    primaryName: item.primaryName,
    secondaryName: item.secondaryName,
    size: item.size,
    characteristics: item.characteristics,
    unit: item.unit,
    quantity: item.quantity,
    bookPrice: item.bookPrice,
    priceCategory: item.priceCategory,
    buyerPrice: item.buyerPrice,
    supplierPrice: item.supplierPrice,
  };
  const supplierPrice = change.price ?? item.supplierPrice;
  const priceChanged = supplierPrice !== item.supplierPrice;
  const proposed = {
    ...current,
    primaryName: change.substituteName || item.primaryName,
    size: change.size || item.size,
    quantity: change.quantity ?? item.quantity,
    // A supplier's price correction is the new price for both sides; an outdated book price is
    // replaced by it. Otherwise the buyer keeps the unit price it was shown.
    bookPrice: priceChanged && change.priceReason === 'outdated_price' ? supplierPrice : item.bookPrice,
    buyerPrice: priceChanged ? supplierPrice : item.buyerPrice,
    supplierPrice,
  };
  const compared = ['primaryName', 'size', 'quantity', 'supplierPrice'] as const;
  const changed = compared.filter((key) => current[key] !== proposed[key]);
  if (changed.length === 0) return null;
  return {
    current,
    proposed,
    changes: changed,
    reason: change.reason,
    priceReason: change.priceReason ?? (priceChanged ? null : 'confirmed'),
    comment: change.comment ?? null,
  };
}

/**
 * The supplier's answer to the purchase order of one version: confirm (pickup, shipping by the
 * supplier with its amount and notes, or freight by the platform), reject with a reason, or propose
 * item and date changes for the buyer to review. 409 for an old version or a second answer.
 */
export async function respond(
  db: Db,
  caller: Caller,
  id: number,
  input: z.output<typeof respondSchema>,
  today: string,
  hooks: {
    /** Runs in the confirmation's transaction when the platform arranges the freight (issue 16). */
    onPlatformFreight?: (tx: Executor, orderId: number, userId: number) => Promise<unknown>;
  } = {},
) {
  const updated = await db.transaction(async (tx) => {
    const { order, audience } = await lockForCaller(tx, caller, id);
    if (audience === 'buyer') throw new AppError('forbidden', onlySupplierMessage, { code: 'not_supplier' });
    requireVersion(order, input.version);
    if (await repo.findResponse(tx, order.id, order.version)) {
      throw new AppError('conflict', alreadyRespondedMessage(order.version), { code: 'already_responded' });
    }
    const proposals = await repo.listProposals(tx, order.id);
    if (proposals.some((proposal) => proposal.state === 'pending' && proposal.proposedBySide === 'buyer')) {
      throw new AppError('conflict', buyerProposalPendingMessage, { code: 'buyer_proposal_pending' });
    }
    if (input.respondedWith === 'confirm_order' && order.fulfillment === 'delivery') {
      throw new AppError('invalid_data', deliveryShippingRequiredMessage, {
        fields: { respondedWith: deliveryShippingRequiredMessage },
      });
    }
    const datePast = input.changes?.date && input.changes.date.proposedOn < today;
    if (datePast)
      throw new AppError('invalid_data', pastDateMessage, {
        fields: { 'changes.date.proposedOn': pastDateMessage },
      });
    const base = {
      orderId: order.id,
      version: order.version,
      respondedWith: input.respondedWith,
      comment: input.comment ?? null,
      respondedByUserId: caller.user.id,
    };
    if (input.respondedWith === 'reject_order') {
      await repo.insertResponse(tx, { ...base, reason: input.rejectReason ?? null });
      return applyEvent(
        tx,
        caller,
        order,
        'reject',
        {},
        { reason: input.rejectReason, comment: input.comment },
      );
    }
    if (input.respondedWith === 'changes_requested') {
      const items = await repo.listOrderItems(tx, order.id);
      const proposals: Parameters<typeof repo.insertProposals>[1] = [];
      for (const change of input.changes?.items ?? []) {
        const item = items.find((candidate) => candidate.id === change.orderItemId);
        if (!item)
          throw new AppError('invalid_data', 'That item is not on this order', {
            fields: { changes: 'That item is not on this order' },
          });
        const proposal = itemProposal(item, change);
        if (proposal?.changes.includes('supplierPrice') && !change.priceReason) {
          const index = input.changes?.items.indexOf(change) ?? 0;
          throw new AppError('invalid_data', priceReasonRequiredMessage, {
            fields: { [`changes.items.${index}.priceReason`]: priceReasonRequiredMessage },
          });
        }
        if (proposal) {
          proposals.push({
            ...proposalBase(order, caller, 'supplier'),
            bailiwick: 'order_item',
            orderItemId: item.id,
            proposal,
          });
        }
      }
      const date = input.changes?.date;
      if (date && date.proposedOn !== order.requestedOn) {
        proposals.push({
          ...proposalBase(order, caller, 'supplier'),
          bailiwick: 'fulfillment_date',
          proposal: {
            current: order.requestedOn,
            proposed: date.proposedOn,
            reason: date.reason,
            comment: date.comment ?? null,
          },
        });
      }
      if (proposals.length === 0) {
        throw new AppError('invalid_data', nothingChangedMessage, {
          fields: { changes: nothingChangedMessage },
        });
      }
      await repo.insertResponse(tx, base);
      const created = await repo.insertProposals(tx, proposals);
      return applyEvent(
        tx,
        caller,
        order,
        'propose_changes',
        {},
        { proposalIds: created.map((row) => row.id), comment: input.comment ?? null },
      );
    }
    const shippingMode =
      input.respondedWith === 'confirm_with_shipping'
        ? 'supplier_ship'
        : input.respondedWith === 'confirm_with_platform_shipping'
          ? 'platform_ship'
          : (input.shippingMode ?? (order.fulfillment === 'pickup' ? 'pickup' : 'supplier_ship'));
    const shippingAmount = shippingMode === 'supplier_ship' ? (input.shippingAmount ?? 0) : null;
    await repo.insertResponse(tx, {
      ...base,
      shippingMode,
      shippingAmount,
      shippingNotes: input.shippingNotes ?? null,
    });
    const confirmed = await applyEvent(
      tx,
      caller,
      order,
      'confirm',
      {
        shippingMode,
        shippingAmount,
        shippingNotes: input.shippingNotes ?? null,
        freightPending: shippingMode === 'platform_ship',
        total: order.subtotal + order.taxAmount + (shippingAmount ?? 0),
      },
      {
        shippingMode,
        shippingAmount,
        shippingNotes: input.shippingNotes ?? null,
        comment: input.comment ?? null,
      },
    );
    if (shippingMode === 'platform_ship' && hooks.onPlatformFreight)
      await hooks.onPlatformFreight(tx, order.id, caller.user.id);
    return confirmed;
  });
  return updated;
}

const proposalBase = (order: repo.OrderRow, caller: Caller, side: Side) => ({
  orderId: order.id,
  version: order.version,
  proposedBySide: side,
  proposedByUserId: caller.user.id,
});

export const removeNotAllowedMessage =
  'Items can be removed only before the supplier confirms the order, and an order keeps at least one item.';
export const removeFeatureOffMessage = 'Removing items from an order is not available for your account.';

/**
 * CAN_REMOVE_FROM_ORDER: the buyer removes an item from an order the supplier has not answered yet. The
 * order starts a new version (its amounts follow from the remaining lines) and the supplier answers
 * that version; an item_removed event records what went.
 */
export async function removeItem(
  db: Db,
  caller: Caller,
  id: number,
  itemId: number,
  input: { version: number },
) {
  return db.transaction(async (tx) => {
    const { order, audience } = await lockForCaller(tx, caller, id);
    if (audience === 'supplier') throw new AppError('forbidden', removeFeatureOffMessage);
    requireVersion(order, input.version);
    const items = await repo.listOrderItems(tx, order.id);
    const item = items.find((candidate) => candidate.id === itemId);
    if (!item) throw new AppError('not_found', 'That item is not on this order');
    const answered = await repo.findResponse(tx, order.id, order.version);
    if (
      !['submitted', 'purchase_order_sent', 'needs_review'].includes(order.state) ||
      answered ||
      items.length < 2
    ) {
      throw new AppError('unprocessable', removeNotAllowedMessage, { code: 'remove_not_allowed' });
    }
    await repo.deleteOrderItem(tx, item.id);
    const updated = await repo.updateOrder(tx, order.id, {
      ...(await amountsFromItems(tx, order)),
      version: order.version + 1,
    });
    await snapshotVersion(tx, updated, 'item_removed', caller.user.id);
    const actor = actorOf(caller);
    await recordOrderEvent(tx, {
      orderId: order.id,
      name: 'item_removed',
      fromState: order.state,
      toState: order.state,
      userId: actor.userId,
      impersonatorUserId: actor.impersonatorUserId,
      payload: {
        version: updated.version,
        item: { primaryName: item.primaryName, size: item.size, quantity: item.quantity },
        total: updated.total,
      },
    });
    return updated;
  });
}

export const onlyBuyerContactsMessage = 'Only the buyer of this order can contact its supplier here.';

/**
 * The buyer contacts the supplier about an order with one of the spec's reasons and a message. The
 * order does not move; the message is an order event (the messages module threads it) and an e-mail
 * to the supplier's people.
 */
export async function contactSupplier(
  db: Db,
  caller: Caller,
  id: number,
  input: z.output<typeof contactSupplierSchema>,
) {
  const order = await db.transaction(async (tx) => {
    const { order, audience } = await lockForCaller(tx, caller, id);
    if (audience === 'supplier') throw new AppError('forbidden', onlyBuyerContactsMessage);
    const actor = actorOf(caller);
    await recordOrderEvent(tx, {
      orderId: order.id,
      name: 'contact_supplier',
      fromState: order.state,
      toState: order.state,
      userId: actor.userId,
      impersonatorUserId: actor.impersonatorUserId,
      payload: { version: order.version, contactReason: input.reason, comment: input.message },
    });
    return order;
  });
  return order;
}

/** A buyer proposes another fulfilment date; the supplier accepts or rejects it. */
export async function proposeDateChange(
  db: Db,
  caller: Caller,
  id: number,
  input: z.output<typeof buyerDateChangeSchema>,
  today: string,
) {
  const updated = await db.transaction(async (tx) => {
    const { order, audience } = await lockForCaller(tx, caller, id);
    if (audience === 'supplier') {
      throw new AppError(
        'forbidden',
        'Suppliers propose date changes in their answer to the purchase order.',
      );
    }
    requireVersion(order, input.version);
    if (input.proposedOn < today) {
      throw new AppError('invalid_data', pastDateMessage, { fields: { proposedOn: pastDateMessage } });
    }
    if (input.proposedOn === order.requestedOn) {
      throw new AppError('invalid_data', nothingChangedMessage, {
        fields: { proposedOn: nothingChangedMessage },
      });
    }
    const [proposal] = await repo.insertProposals(tx, [
      {
        ...proposalBase(order, caller, 'buyer'),
        bailiwick: 'fulfillment_date',
        proposal: {
          current: order.requestedOn,
          proposed: input.proposedOn,
          reason: input.reason,
          comment: input.comment ?? null,
        },
      },
    ]);
    return applyEvent(tx, caller, order, 'buyer_propose_changes', {}, { proposalIds: [proposal.id] });
  });
  return updated;
}

/**
 * The other side accepts or rejects a pending proposal. An accepted item or date change applies to
 * the order and starts a new version (pending proposals move to it). When no proposal is left
 * pending, the order moves on: accepted changes confirm a pickup order and send a delivery order
 * back to the supplier for delivery details; if every change was rejected, staff review it.
 */
export async function decideProposal(
  db: Db,
  caller: Caller,
  id: number,
  proposalId: number,
  accept: boolean,
  input: z.output<typeof decideProposalSchema>,
) {
  return db.transaction(async (tx) => {
    const { order, audience } = await lockForCaller(tx, caller, id);
    const proposals = await repo.listProposals(tx, order.id);
    const proposal = proposals.find((row) => row.id === proposalId);
    if (!proposal) throw new AppError('not_found', proposalNotFoundMessage);
    const deciderSide: Side = proposal.proposedBySide === 'supplier' ? 'buyer' : 'supplier';
    if (audience !== deciderSide && audience !== 'admin') {
      throw new AppError('forbidden', onlyOtherSideMessage, { code: 'not_other_side' });
    }
    if (proposal.state !== 'pending')
      throw new AppError('conflict', proposalDecidedMessage, { code: 'proposal_decided' });
    requireVersion(order, input.version);
    let current = order;
    await repo.updateProposal(tx, proposal.id, {
      state: accept ? 'accepted' : 'rejected',
      decidedByUserId: caller.user.id,
      decidedAt: new Date(),
      decisionComment: input.comment ?? null,
    });
    if (accept) current = await applyProposal(tx, caller, current, proposal);
    const stillPending = proposals.filter((row) => row.state === 'pending' && row.id !== proposal.id);
    if (stillPending.length > 0) return current;
    // Proposals made together (one answer) share their creation time, the time of that transaction.
    const round = proposals.filter((row) => row.createdAt.getTime() === proposal.createdAt.getTime());
    const anyAccepted = accept || round.some((row) => row.state === 'accepted');
    const event: OrderEvent = !anyAccepted
      ? 'reject_proposal'
      : proposal.proposedBySide === 'supplier' && current.fulfillment === 'delivery'
        ? 'accept_proposal_for_delivery'
        : 'accept_proposal';
    return applyEvent(tx, caller, current, event, {}, { proposalId: proposal.id });
  });
}

/** Applies an accepted change to the order and starts its next version. */
async function applyProposal(
  tx: Executor,
  caller: Caller,
  order: repo.OrderRow,
  proposal: Awaited<ReturnType<typeof repo.listProposals>>[number],
) {
  const body = proposal.proposal as { proposed: unknown };
  if (proposal.bailiwick === 'fulfillment_date') {
    const updated = await repo.updateOrder(tx, order.id, {
      requestedOn: body.proposed as string,
      version: order.version + 1,
    });
    await repo.movePendingProposals(tx, order.id, updated.version);
    await snapshotVersion(tx, updated, 'date_change', caller.user.id);
    return updated;
  }
  const proposed = body.proposed as {
    primaryName: string;
    size: string | null;
    quantity: number;
    supplierPrice: number | null;
    buyerPrice?: number | null;
    bookPrice?: number | null;
  };
  const items = await repo.listOrderItems(tx, order.id);
  const item = items.find((candidate) => candidate.id === proposal.orderItemId);
  if (!item) throw new AppError('unprocessable', 'The item of this proposal is no longer on the order.');
  const priceChanged = proposed.supplierPrice !== item.supplierPrice;
  // The proposal's own snapshot says what the line becomes for each side (older proposals without
  // the buyer's side: a price correction is the new price for both, otherwise the buyer keeps its).
  const buyerPrice =
    proposed.buyerPrice !== undefined
      ? proposed.buyerPrice
      : priceChanged
        ? proposed.supplierPrice
        : item.buyerPrice;
  const supplierPrice = proposed.supplierPrice;
  await repo.updateOrderItem(tx, item.id, {
    primaryName: proposed.primaryName,
    size: proposed.size,
    quantity: proposed.quantity,
    bookPrice: proposed.bookPrice !== undefined ? proposed.bookPrice : item.bookPrice,
    buyerPrice,
    supplierPrice,
    buyerTotal: lineAmount(buyerPrice, proposed.quantity),
    supplierTotal: lineAmount(supplierPrice, proposed.quantity),
  });
  const updated = await repo.updateOrder(tx, order.id, {
    ...(await amountsFromItems(tx, order)),
    version: order.version + 1,
  });
  await repo.movePendingProposals(tx, order.id, updated.version);
  await snapshotVersion(tx, updated, 'item_change', caller.user.id);
  return updated;
}

/**
 * The supplier marks a confirmed order fulfilled on a day, inside the caller's transaction: the
 * invoice-order workflow (`fulfilOrder`) invoices it in the same one, then calls `tellFulfilled`.
 */
export async function fulfillInTransaction(
  tx: Executor,
  caller: Caller,
  id: number,
  input: z.output<typeof fulfillSchema>,
  today: string,
) {
  if (input.fulfilledOn > today) {
    throw new AppError('invalid_data', futureFulfilmentMessage, {
      fields: { fulfilledOn: futureFulfilmentMessage },
    });
  }
  const { order, audience } = await lockForCaller(tx, caller, id);
  if (audience === 'buyer')
    throw new AppError('forbidden', 'Only the supplier can mark this order fulfilled.');
  requireVersion(order, input.version);
  // Fulfilling before the requested day is allowed, but only when the supplier says it happened.
  // (An order that cannot be fulfilled at all hears that first, from applyEvent.)
  const early = order.requestedOn !== null && input.fulfilledOn < order.requestedOn;
  if (early && !input.confirmEarly && canTransition(order.state as OrderState, 'fulfill')) {
    const message = earlyFulfilmentMessage(mailDay(order.requestedOn));
    throw new AppError('unprocessable', message, {
      code: 'early_fulfilment',
      fields: { confirmEarly: message },
    });
  }
  return applyEvent(
    tx,
    caller,
    order,
    'fulfill',
    { fulfilledOn: input.fulfilledOn },
    { fulfilledOn: input.fulfilledOn },
  );
}

/**
 * Sends a buyer organisation's orders held for payment information (needs_payment_info) to their
 * suppliers, once it can pay: each becomes purchase_order_sent and its supplier gets the new order in
 * its inbox. Deactivated orders stay where they are. Returns the ids released. Call in a transaction.
 */
export async function releaseOrdersHeldForPayment(tx: Executor, caller: Caller, buyerOrganizationId: number) {
  const released: number[] = [];
  for (const order of await repo.lockOrdersHeldForPayment(tx, buyerOrganizationId)) {
    if (order.deactivatedAt) continue;
    await applyEvent(tx, caller, order, 'send_purchase_order', {}, { flag: 'payment_info_added' });
    released.push(order.id);
  }
  return released;
}

/**
 * A staff transition by event name. The caller names the state they saw; if another staff member
 * moved the order first, 409 with the state it is in now, so one of two simultaneous moves wins.
 */
export async function staffTransition(
  db: Db,
  caller: Caller,
  id: number,
  input: { event: OrderEvent; expectedState: OrderState; sendCancelEmail?: boolean; reason?: string | null },
) {
  const updated = await db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, id);
    if (!order) throw new AppError('not_found', orderNotFoundMessage);
    if (order.state !== input.expectedState) {
      throw new AppError('conflict', `This order is ${order.state} now; someone changed it first.`, {
        code: 'state_changed',
        details: { order: orderNow(order) },
      });
    }
    // A cancel tells the buyer and the supplier only when staff choose to (they may have told them
    // already); every other staff move is news to both sides. The notification delivery reads `notify`.
    return applyEvent(
      tx,
      caller,
      order,
      input.event,
      {},
      {
        reason: input.reason ?? null,
        staff: true,
        notify: input.event !== 'cancel' || Boolean(input.sendCancelEmail),
      },
    );
  });
  return updated;
}
