import type { z } from 'zod';
import { isAdmin } from '../../../domain/access';
import type { OrderNow } from '../../../domain/api-errors';
import { productName } from '../../../domain/brand';
import { canSeeOrder } from '../../../domain/orders/order-access';
import type {
  buyerDateChangeSchema,
  decideProposalSchema,
  fulfillSchema,
  itemChangeSchema,
  respondSchema,
} from '../../../domain/orders/order-responses';
import { nothingChangedMessage } from '../../../domain/orders/order-responses';
import { orderDeactivatedMessage } from '../../../domain/orders/order-staff-actions';
import {
  nextState,
  type OrderEvent,
  type OrderState,
  OrderTransitionError,
  stateLabels,
} from '../../../domain/orders/order-states';
import { actorOf, type Caller } from '../../core/caller';
import type { Db, Executor } from '../../core/database';
import type { AppDeps } from '../../core/deps';
import { AppError } from '../../core/errors';
import * as notifications from '../notifications/notifications.service';
import * as users from '../users/users.service';
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
  await repo.insertOrderEvent(tx, {
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

/** The current and proposed values of one item change, or null when it changes nothing. */
function itemProposal(item: repo.OrderItemRow, change: ItemChange) {
  const current = {
    primaryName: item.primaryName,
    size: item.size,
    quantity: item.quantity,
    supplierPrice: item.supplierPrice,
  };
  const proposed = {
    primaryName: change.substituteName || item.primaryName,
    size: change.size || item.size,
    quantity: change.quantity ?? item.quantity,
    supplierPrice: change.price ?? item.supplierPrice,
  };
  const changed = (Object.keys(current) as (keyof typeof current)[]).filter(
    (key) => current[key] !== proposed[key],
  );
  if (changed.length === 0) return null;
  return {
    current,
    proposed,
    changes: changed,
    reason: change.reason,
    priceReason: change.priceReason ?? null,
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
  deps: Pick<AppDeps, 'mail'>,
  caller: Caller,
  id: number,
  input: z.output<typeof respondSchema>,
  today: string,
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
        { proposalIds: created.map((row) => row.id) },
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
    return applyEvent(
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
      { shippingMode, shippingAmount },
    );
  });
  await tellOtherSide(db, deps, updated, 'supplier', responseMailLine(input.respondedWith));
  return updated;
}

const proposalBase = (order: repo.OrderRow, caller: Caller, side: Side) => ({
  orderId: order.id,
  version: order.version,
  proposedBySide: side,
  proposedByUserId: caller.user.id,
});

function responseMailLine(respondedWith: z.output<typeof respondSchema>['respondedWith']) {
  switch (respondedWith) {
    case 'reject_order':
      return `The supplier cannot fill this order as it is. ${productName} will contact you.`;
    case 'changes_requested':
      return 'The supplier proposes changes. Please review them.';
    default:
      return 'The supplier confirmed this order.';
  }
}

/** A buyer proposes another fulfilment date; the supplier accepts or rejects it. */
export async function proposeDateChange(
  db: Db,
  deps: Pick<AppDeps, 'mail'>,
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
  await tellOtherSide(
    db,
    deps,
    updated,
    'buyer',
    'The buyer proposes another date for this order. Please review it.',
  );
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
  deps: Pick<AppDeps, 'mail'>,
  caller: Caller,
  id: number,
  proposalId: number,
  accept: boolean,
  input: z.output<typeof decideProposalSchema>,
) {
  const { updated, deciderSide } = await db.transaction(async (tx) => {
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
    if (stillPending.length > 0) return { updated: current, deciderSide };
    // Proposals made together (one answer) share their creation time, the time of that transaction.
    const round = proposals.filter((row) => row.createdAt.getTime() === proposal.createdAt.getTime());
    const anyAccepted = accept || round.some((row) => row.state === 'accepted');
    const event: OrderEvent = !anyAccepted
      ? 'reject_proposal'
      : proposal.proposedBySide === 'supplier' && current.fulfillment === 'delivery'
        ? 'accept_proposal_for_delivery'
        : 'accept_proposal';
    return {
      updated: await applyEvent(tx, caller, current, event, {}, { proposalId: proposal.id }),
      deciderSide,
    };
  });
  await tellOtherSide(
    db,
    deps,
    updated,
    deciderSide,
    accept ? 'Your proposed change was accepted.' : 'Your proposed change was rejected.',
  );
  return updated;
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
  };
  const items = await repo.listOrderItems(tx, order.id);
  const item = items.find((candidate) => candidate.id === proposal.orderItemId);
  if (!item) throw new AppError('unprocessable', 'The item of this proposal is no longer on the order.');
  const priceChanged = proposed.supplierPrice !== item.supplierPrice;
  // A supplier's price correction is the new price for both sides; otherwise the buyer keeps the
  // unit price they were shown and the totals follow the new quantity.
  const buyerPrice = priceChanged ? proposed.supplierPrice : item.buyerPrice;
  const supplierPrice = proposed.supplierPrice;
  await repo.updateOrderItem(tx, item.id, {
    primaryName: proposed.primaryName,
    size: proposed.size,
    quantity: proposed.quantity,
    buyerPrice,
    supplierPrice,
    buyerTotal: Math.round((buyerPrice ?? 0) * proposed.quantity),
    supplierTotal: Math.round((supplierPrice ?? 0) * proposed.quantity),
  });
  const after = await repo.listOrderItems(tx, order.id);
  const subtotal = after.reduce((sum, line) => sum + line.buyerTotal, 0);
  const supplierSubtotal = after.reduce((sum, line) => sum + line.supplierTotal, 0);
  // Estimated tax keeps the order's rate (tax / subtotal) on the new subtotal.
  const taxAmount = order.subtotal > 0 ? Math.round((order.taxAmount * subtotal) / order.subtotal) : 0;
  const updated = await repo.updateOrder(tx, order.id, {
    subtotal,
    supplierSubtotal,
    taxAmount,
    total: subtotal + taxAmount + (order.shippingAmount ?? 0),
    version: order.version + 1,
  });
  await repo.movePendingProposals(tx, order.id, updated.version);
  await snapshotVersion(tx, updated, 'item_change', caller.user.id);
  return updated;
}

/** The supplier marks a confirmed order fulfilled on a day. */
export async function fulfill(
  db: Db,
  deps: Pick<AppDeps, 'mail'>,
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
  const updated = await db.transaction(async (tx) => {
    const { order, audience } = await lockForCaller(tx, caller, id);
    if (audience === 'buyer')
      throw new AppError('forbidden', 'Only the supplier can mark this order fulfilled.');
    requireVersion(order, input.version);
    return applyEvent(
      tx,
      caller,
      order,
      'fulfill',
      { fulfilledOn: input.fulfilledOn },
      { fulfilledOn: input.fulfilledOn },
    );
  });
  await tellOtherSide(
    db,
    deps,
    updated,
    'supplier',
    `The supplier marked this order fulfilled on ${input.fulfilledOn}.`,
  );
  return updated;
}

/**
 * A staff transition by event name. The caller names the state they saw; if another staff member
 * moved the order first, 409 with the state it is in now, so one of two simultaneous moves wins.
 */
export async function staffTransition(
  db: Db,
  deps: Pick<AppDeps, 'mail'>,
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
    return applyEvent(tx, caller, order, input.event, {}, { reason: input.reason ?? null, staff: true });
  });
  // A cancel e-mails the buyer and the supplier only when staff choose to (they may have told them
  // already); every other staff move is news to both sides.
  if (input.event !== 'cancel' || input.sendCancelEmail) {
    const reason = input.reason ? ` Reason: ${input.reason}` : '';
    await tellOtherSide(
      db,
      deps,
      updated,
      'staff',
      input.event === 'cancel'
        ? `${productName} cancelled this order.${reason}`
        : `${productName} moved this order: it is now ${stateLabels[updated.state as OrderState]}.${reason}`,
    );
  }
  return updated;
}

/**
 * E-mails the side that did not act (both sides for staff actions): the buyer who placed the order,
 * or the people of the supplier's organisation. The order event row is the notice's stored record.
 */
async function tellOtherSide(
  db: Db,
  deps: Pick<AppDeps, 'mail'>,
  order: repo.OrderRow,
  actingSide: Side | 'staff',
  line: string,
) {
  const recipients: { email: string; firstName: string }[] = [];
  if (actingSide !== 'buyer') {
    const buyer = await users.findUserById(db, order.userId);
    if (buyer) recipients.push(buyer);
  }
  if (actingSide !== 'supplier') {
    for (const person of await users.listUsersOfOrganization(db, order.supplierOrganizationId)) {
      if (person.status !== 'login_prohibited') recipients.push(person);
    }
  }
  for (const recipient of recipients) {
    await notifications.sendEmail(db, deps.mail, {
      to: recipient.email,
      subject: `Order ${order.orderNumber} (${order.name}): an update`,
      text: [`Hello ${recipient.firstName},`, '', line, '', `${deps.mail.appUrl}/orders/${order.id}`].join(
        '\n',
      ),
    });
  }
}
