import { isAdmin, isLogisticsAdmin } from '../../../domain/access';
import type { FulfillmentType } from '../../../domain/carts/cart-states';
import type { DeliveryAddress } from '../../../domain/carts/cart-view';
import { canSeeOrder } from '../../../domain/orders/order-access';
import { type AmountLine, orderAmounts, storedOrderAmounts } from '../../../domain/orders/order-amounts';
import { buyerContactReasons } from '../../../domain/orders/order-responses';
import {
  buyerOrderLabel,
  canTransition,
  type OrderState,
  supplierOrderLabel,
} from '../../../domain/orders/order-states';
import type { OrderView, PurchaseOrderResponse } from '../../../domain/orders/order-views';
import type { Caller } from '../../core/caller';
import type { Executor } from '../../core/database';
import { AppError } from '../../core/errors';
import type { Actor } from '../audit/audit.service';
import { recordOrderEvent } from './order-event-log';
import { proposalView } from './order-proposal-view';
import { snapshotVersion } from './order-versions';
import * as repo from './orders.repository';

export const orderNotFoundMessage = 'Order not found';

export type NewOrderItem = {
  productId: number | null;
  productVariantId: number | null;
  primaryName: string;
  secondaryName: string | null;
  size: string | null;
  characteristics: string[];
  unit: string;
  quantity: number;
  bookPrice: number | null;
  buyerPrice: number | null;
  supplierPrice: number | null;
  priceCategory: string | null;
  buyerTotal: number;
  supplierTotal: number;
  buyerNotes: string | null;
  sharedNotes: string | null;
};

export type NewOrder = {
  branchId: number;
  supplierOrganizationId: number;
  fulfillment: FulfillmentType;
  requestedOn: string | null;
  deliveryAddress: DeliveryAddress | null;
  deliveryInstructions: string | null;
  buyerToSupplierNotes: string | null;
  taxAmount: number;
  items: NewOrderItem[];
  /**
   * False when the supplier's organisation has nobody who can receive the order (no user able to sign
   * in): the order then waits for staff (needs_review) instead of going into silence.
   */
  reachable?: boolean;
  /**
   * True when the buyer has no usable payment method and no trade credit: the order waits in
   * needs_payment_info (the buyer is told to contact support) until one is added.
   */
  heldForPayment?: boolean;
};

/** Where a new order starts: staff review first, then the payment hold, else the supplier. */
function firstSteps(order: NewOrder) {
  if (order.reachable === false)
    return [
      ['submit', 'draft', 'submitted'],
      ['staff_review', 'submitted', 'needs_review'],
    ] as const;
  if (order.heldForPayment)
    return [
      ['submit', 'draft', 'submitted'],
      ['needs_payment_info', 'submitted', 'needs_payment_info'],
    ] as const;
  return [
    ['submit', 'draft', 'submitted'],
    ['send_purchase_order', 'submitted', 'purchase_order_sent'],
  ] as const;
}

/** Why an order nobody can receive waits for staff (the order event's reason, shown in Beehive). */
export const noRecipientsReason = 'Nobody at this supplier can receive orders yet';

/**
 * Creates the orders of a submitted cart, one per supplier branch, numbered after the cart
 * (Q-100001-1, Q-100001-2), each with a `submitted` event. Call inside the submit transaction.
 */
export async function createOrdersFromCart(
  db: Executor,
  cart: {
    id: number;
    name: string;
    cartNumber: string;
    userId: number;
    buyerOrganizationId: number;
    jobNumber: string | null;
    jobPhase: string | null;
  },
  newOrders: NewOrder[],
  actor: Actor,
  submittedAt: Date,
) {
  const created: { id: number; orderNumber: string; branchId: number; total: number; state: string }[] = [];
  for (const [index, order] of newOrders.entries()) {
    const stored = storedOrderAmounts({ lines: order.items, taxes: order.taxAmount, shipping: null });
    const row = await repo.insertOrder(db, {
      orderNumber: `${cart.cartNumber}-${index + 1}`,
      name: cart.name,
      // The purchase order goes to the supplier at once, unless nobody there could receive it or the
      // buyer has no way to pay yet.
      state: firstSteps(order)[1][2],
      cartId: cart.id,
      userId: cart.userId,
      buyerOrganizationId: cart.buyerOrganizationId,
      branchId: order.branchId,
      supplierOrganizationId: order.supplierOrganizationId,
      jobNumber: cart.jobNumber,
      jobPhase: cart.jobPhase,
      fulfillment: order.fulfillment,
      requestedOn: order.requestedOn,
      deliveryAddress: order.deliveryAddress,
      deliveryInstructions: order.deliveryInstructions,
      buyerToSupplierNotes: order.buyerToSupplierNotes,
      ...stored,
      submittedAt,
    });
    await repo.insertOrderItems(
      db,
      order.items.map((item, position) => ({ ...item, orderId: row.id, position: position + 1 })),
    );
    await snapshotVersion(db, row, 'submitted', cart.userId);
    for (const [event, fromState, toState] of firstSteps(order)) {
      // The payment hold is the platform's decision, so its message comes from support, not the buyer.
      const byPlatform = event === 'needs_payment_info';
      await recordOrderEvent(db, {
        orderId: row.id,
        name: event,
        fromState,
        toState,
        userId: byPlatform ? null : actor.userId,
        impersonatorUserId: byPlatform ? null : (actor.impersonatorUserId ?? null),
        payload: {
          cartId: cart.id,
          version: 1,
          orderItemsCount: order.items.length,
          total: row.total,
          ...(event === 'staff_review' ? { reason: noRecipientsReason, flag: 'no_recipients' } : {}),
        },
      });
    }
    created.push({
      id: row.id,
      orderNumber: row.orderNumber,
      branchId: row.branchId,
      total: row.total,
      state: row.state,
    });
  }
  return created;
}

/** The orders a cart was split into, for its confirmation page and the Saved Carts list. */
export async function listOrdersOfCart(db: Executor, cartId: number) {
  return repo.listOrdersOfCart(db, cartId);
}

/**
 * One order for a viewer who passes the gate; 404 for anyone else, so an order's existence does not
 * leak. Buyers see their prices; suppliers see what they receive.
 */
/** An order with its items, or 404; for workflows that build on an order (reorder). */
export async function getOrderDocumentOrThrow(db: Executor, id: number) {
  const document = await repo.findOrderDocument(db, id);
  if (!document) throw new AppError('not_found', orderNotFoundMessage);
  return document;
}

export async function getOrderForViewer(db: Executor, caller: Caller, id: number): Promise<OrderView> {
  const document = await repo.findOrderDocument(db, id);
  if (!document) throw new AppError('not_found', orderNotFoundMessage);
  const { order, items, events, versions, responses, proposals } = document;
  // The logistics team reads every order (issue 16) as staff do; what it may change is checked where
  // the change is made.
  const audience = canSeeOrder(
    {
      admin: isAdmin(caller.user) || isLogisticsAdmin(caller.user),
      organizationId: caller.user.organizationId,
    },
    order,
  );
  if (!audience) throw new AppError('not_found', orderNotFoundMessage);
  const supplierView = audience === 'supplier';
  const state = order.state as OrderState;
  const pending = proposals.filter((proposal) => proposal.state === 'pending');
  const currentResponse = responses.find((response) => response.version === order.version) ?? null;
  const supplierSide = audience !== 'buyer';
  const buyerSide = audience !== 'supplier';
  // A deactivated order is read-only for its buyer and supplier; staff may still act on it.
  // A logistics admin reads as staff but changes nothing here.
  const active =
    (!order.deactivatedAt || audience === 'admin') && (audience !== 'admin' || isAdmin(caller.user));
  const amountInput = amountInputOf(order, items);
  const amounts = orderAmounts({ ...amountInput, audience: supplierView ? 'supplier' : 'buyer' });
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    name: order.name,
    state,
    // The state as this viewer's screens name it (spec part 3 §4.2); admins see the buyer's wording.
    displayState: supplierView
      ? supplierOrderLabel(state)
      : buyerOrderLabel(state, { freightPending: order.freightPending }),
    version: order.version,
    cartId: order.cartId,
    userId: order.userId,
    buyerOrganizationId: order.buyerOrganizationId,
    branchId: order.branchId,
    supplierOrganizationId: order.supplierOrganizationId,
    jobNumber: order.jobNumber,
    jobPhase: order.jobPhase,
    pickup: order.fulfillment === 'pickup',
    // The tables' check constraints hold these text columns to the values the view declares.
    fulfillment: order.fulfillment as OrderView['fulfillment'],
    requestedOn: order.requestedOn,
    deliveryAddress: order.deliveryAddress,
    deliveryInstructions: order.deliveryInstructions,
    buyerToSupplierNotes: order.buyerToSupplierNotes,
    submittedAt: order.submittedAt.toISOString(),
    audience,
    // Staff took the order out of the lists; the reason is for staff only.
    deactivated: order.deactivatedAt
      ? {
          at: new Date(order.deactivatedAt).toISOString(),
          reason: audience === 'admin' ? order.deactivatedReason : null,
        }
      : null,
    // The amount keys of the order event payload that apply to this audience (spec part 3 §3),
    // derived from the current version's lines (the order's items) so the parts add up.
    amounts,
    ...(audience === 'admin'
      ? { supplierAmounts: orderAmounts({ ...amountInput, audience: 'supplier' }) }
      : {}),
    total: amounts.total.data,
    items: items.map((item) => ({
      id: item.id,
      position: item.position,
      productId: item.productId,
      productVariantId: item.productVariantId,
      primaryName: item.primaryName,
      secondaryName: item.secondaryName,
      size: item.size,
      characteristics: item.characteristics,
      unit: item.unit,
      quantity: item.quantity,
      ...(supplierView
        ? { supplierPrice: item.supplierPrice, totalSupplierPrice: item.supplierTotal }
        : {
            price: item.buyerPrice,
            bookPrice: item.bookPrice,
            priceCategory: item.priceCategory,
            total: item.buyerTotal,
            supplierPrice: audience === 'admin' ? item.supplierPrice : undefined,
          }),
      buyerNotes: item.buyerNotes,
      sharedNotes: item.sharedNotes,
    })),
    events: events.map((event) => ({
      id: event.id,
      name: event.name,
      fromState: event.fromState,
      toState: event.toState,
      userId: event.userId,
      createdAt: event.createdAt.toISOString(),
      // Why staff did it (staff notes are not shown to the buyer or the supplier).
      ...(audience === 'admin' ? { reason: staffReasonOf(event.payload) } : {}),
      comment: sharedCommentOf(event.payload, audience),
      shippingNotes:
        typeof event.payload?.shippingNotes === 'string' && event.payload.shippingNotes.trim() !== ''
          ? event.payload.shippingNotes
          : null,
      contactReason:
        typeof event.payload?.contactReason === 'string'
          ? (buyerContactReasons.find((entry) => entry.value === event.payload?.contactReason)?.label ?? null)
          : null,
    })),
    shippingMode: order.shippingMode as OrderView['shippingMode'],
    shippingAmount: order.shippingAmount,
    shippingNotes: order.shippingNotes,
    freightPending: order.freightPending,
    expectedOn: order.requestedOn,
    fulfilledOn: order.fulfilledOn,
    versions: versions.map((entry) => ({
      version: entry.version,
      reason: entry.reason,
      createdAt: entry.createdAt.toISOString(),
    })),
    responses: responses.map(responseView),
    currentSupplierPurchaseOrderResponse: currentResponse && responseView(currentResponse),
    proposals: proposals.map((proposal) => proposalView(audience, proposal, { order, items, events })),
    // What the caller may do now, so the web app offers only what the server would accept.
    permissions: {
      respond:
        active &&
        supplierSide &&
        (state === 'purchase_order_sent' || state === 'needs_supplier_review') &&
        currentResponse === null &&
        !pending.some((proposal) => proposal.proposedBySide === 'buyer'),
      decideProposalIds: pending
        .filter(() => active)
        .filter((proposal) => (proposal.proposedBySide === 'supplier' ? buyerSide : supplierSide))
        .map((proposal) => proposal.id),
      proposeDateChange: active && buyerSide && canTransition(state, 'buyer_propose_changes'),
      fulfill: active && supplierSide && canTransition(state, 'fulfill'),
    },
  };
}

/** What the amount block of an order needs: its current lines, its tax and the supplier's shipping. */
export function amountInputOf(
  order: { taxAmount: number; shippingAmount: number | null },
  items: readonly AmountLine[],
) {
  return { lines: items, taxes: order.taxAmount, shipping: order.shippingAmount };
}

/** A comment both sides read; '[internal]' notes are for staff only. */
function sharedCommentOf(payload: Record<string, unknown> | null, audience: 'admin' | 'buyer' | 'supplier') {
  const comment = payload?.comment;
  if (typeof comment !== 'string' || comment === '') return null;
  return comment.startsWith('[internal]') && audience !== 'admin' ? null : comment;
}

function staffReasonOf(payload: Record<string, unknown> | null) {
  const reason = payload?.reason;
  return typeof reason === 'string' && reason !== '' ? reason : null;
}

function responseView(
  response: Awaited<ReturnType<typeof repo.listResponses>>[number],
): PurchaseOrderResponse {
  return {
    version: response.version,
    respondedWith: response.respondedWith as PurchaseOrderResponse['respondedWith'],
    shippingMode: response.shippingMode as PurchaseOrderResponse['shippingMode'],
    shippingAmount: response.shippingAmount,
    shippingNotes: response.shippingNotes,
    reason: response.reason,
    comment: response.comment,
    respondedAt: response.createdAt.toISOString(),
  };
}
