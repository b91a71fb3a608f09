import type { z } from 'zod';
import { productName } from '../../../domain/brand';
import { priceCartItem } from '../../../domain/carts/cart-pricing';
import type { PriceTier } from '../../../domain/catalog/pricing';
import {
  alreadyDeactivatedMessage,
  branchNeedsOrganizationMessage,
  buyerNeedsOrganizationMessage,
  chooseBranchMessage,
  chooseBuyerMessage,
  type deactivateOrderSchema,
  notDeactivatedMessage,
  ownSupplierMessage,
  type reactivateOrderSchema,
  sameBranchMessage,
  sameBuyerMessage,
  type swapBuyerSchema,
  type swapSupplierSchema,
} from '../../../domain/orders/order-staff-actions';
import { canSwapParties, type OrderState, swapRefusedMessage } from '../../../domain/orders/order-states';
import { actorOf, type Caller } from '../../core/caller';
import type { Db, Executor } from '../../core/database';
import { AppError } from '../../core/errors';
import * as orderBranches from '../../read-models/order-branches';
import * as catalog from '../catalog/catalog.service';
import * as users from '../users/users.service';
import { recordOrderEvent } from './order-event-log';
import { amountsFromItems } from './order-totals';
import { snapshotVersion } from './order-versions';
import { orderNow, staleVersionMessage } from './order-workflow.service';
import * as repo from './orders.repository';
import { orderNotFoundMessage } from './orders.service';

/** Staff-only actions on an order: deactivate/reactivate, swap buyer, swap supplier (spec part 3 §7.2). */

async function lockOrThrow(tx: Executor, id: number) {
  const order = await repo.lockOrder(tx, id);
  if (!order) throw new AppError('not_found', orderNotFoundMessage);
  return order;
}

/** 409 with the version and state the order is at now, when the caller saw another version. */
function requireVersion(order: repo.OrderRow, version: number) {
  if (order.version !== version) {
    throw new AppError('conflict', staleVersionMessage(order.version), {
      code: 'stale_version',
      details: { order: orderNow(order) },
    });
  }
}

function requireSwappable(order: repo.OrderRow) {
  const state = order.state as OrderState;
  if (!canSwapParties(state)) {
    throw new AppError('unprocessable', swapRefusedMessage(state), { code: 'swap_not_allowed' });
  }
}

async function recordStaffEvent(
  tx: Executor,
  caller: Caller,
  order: repo.OrderRow,
  name: string,
  payload: Record<string, unknown>,
) {
  const actor = actorOf(caller);
  await recordOrderEvent(tx, {
    orderId: order.id,
    name,
    fromState: order.state,
    toState: order.state,
    userId: actor.userId,
    impersonatorUserId: actor.impersonatorUserId,
    payload: { version: order.version, staff: true, ...payload },
  });
}

/**
 * Takes an order out of the buyer's and supplier's lists with a reason. Its state stays; the order
 * page shows a notice and refuses changes until staff reactivate it. 409 when it already is.
 */
export async function deactivateOrder(
  db: Db,
  caller: Caller,
  id: number,
  input: z.output<typeof deactivateOrderSchema>,
) {
  return db.transaction(async (tx) => {
    const order = await lockOrThrow(tx, id);
    if (order.deactivatedAt) {
      throw new AppError('conflict', alreadyDeactivatedMessage, {
        code: 'already_deactivated',
        details: { order: orderNow(order) },
      });
    }
    const updated = await repo.updateOrder(tx, order.id, {
      deactivatedAt: new Date(),
      deactivatedReason: input.reason,
      deactivatedByUserId: caller.user.id,
    });
    await recordStaffEvent(tx, caller, updated, 'deactivate', { reason: input.reason });
    return updated;
  });
}

/** Puts a deactivated order back into the lists; 409 when it is active already. */
export async function reactivateOrder(
  db: Db,
  caller: Caller,
  id: number,
  input: z.output<typeof reactivateOrderSchema>,
) {
  return db.transaction(async (tx) => {
    const order = await lockOrThrow(tx, id);
    if (!order.deactivatedAt) {
      throw new AppError('conflict', notDeactivatedMessage, {
        code: 'not_deactivated',
        details: { order: orderNow(order) },
      });
    }
    const updated = await repo.updateOrder(tx, order.id, {
      deactivatedAt: null,
      deactivatedReason: null,
      deactivatedByUserId: null,
    });
    await recordStaffEvent(tx, caller, updated, 'reactivate', {
      reason: input.reason,
      deactivatedReason: order.deactivatedReason,
    });
    return updated;
  });
}

/** An item whose price could not be refreshed: the branch does not list its size (or it is not a catalogue item). */
export type UnlistedItem = { orderItemId: number; primaryName: string; size: string | null };

/**
 * New prices for the order's items at `branch` for `buyerOrganizationId`: each item takes the tier of
 * its quantity at that branch's listing of the same size, with the buyer's best discount there. Items
 * the branch does not list keep their prices and are returned as unlisted.
 */
async function repriceItems(
  tx: Executor,
  caller: Caller,
  order: repo.OrderRow,
  branch: { id: number; organizationId: number; sellsOnline: boolean; honorsPurchaseDiscount: boolean },
  buyerOrganizationId: number,
) {
  const items = await repo.listOrderItems(tx, order.id);
  const productIds = [
    ...new Set(items.map((item) => item.productId).filter((id): id is number => id !== null)),
  ];
  const tiersByVariant = new Map<number, PriceTier[]>();
  for (const productId of productIds) {
    const listings = await catalog.listAvailabilities(tx, caller, {
      productId,
      branchIds: [branch.id],
      sort: 'price|asc',
      page: 1,
      perPage: 200,
    });
    for (const listing of listings.results) {
      if (listing.priceTiers) tiersByVariant.set(listing.productVariantId, listing.priceTiers);
    }
  }
  const discountsAt = await catalog.buyerDiscountResolver(tx, buyerOrganizationId, [branch.organizationId]);
  const discounts = discountsAt({
    organizationId: branch.organizationId,
    sellsOnline: branch.sellsOnline,
    honorsPurchaseDiscount: branch.honorsPurchaseDiscount,
  });
  const unlisted: UnlistedItem[] = [];
  const repriced: { orderItemId: number; from: number | null; to: number | null }[] = [];
  for (const item of items) {
    const tiers = item.productVariantId === null ? undefined : tiersByVariant.get(item.productVariantId);
    const priced = tiers
      ? priceCartItem({ tiers, quantity: item.quantity, discounts, unitPriceOverride: null })
      : null;
    if (!priced?.price) {
      unlisted.push({ orderItemId: item.id, primaryName: item.primaryName, size: item.size });
      continue;
    }
    await repo.updateOrderItem(tx, item.id, {
      bookPrice: priced.bookPrice,
      buyerPrice: priced.price.value,
      supplierPrice: priced.supplierPrice,
      priceCategory: priced.priceCategory,
      buyerTotal: priced.buyerTotal,
      supplierTotal: priced.supplierTotal,
    });
    repriced.push({ orderItemId: item.id, from: item.buyerPrice, to: priced.price.value });
  }
  return { unlisted, repriced };
}

/**
 * Gives the order to another buyer (a user of a buyer organisation), as a new version; with
 * updatePricing the items take that organisation's prices at the same branch. The old and new
 * buyer and the supplier are told (their subscribed contacts, through the swap's order event) unless
 * sendEmail is false.
 */
export async function swapBuyer(db: Db, caller: Caller, id: number, input: z.output<typeof swapBuyerSchema>) {
  const result = await db.transaction(async (tx) => {
    const order = await lockOrThrow(tx, id);
    requireVersion(order, input.version);
    requireSwappable(order);
    const buyer = await users.findUserById(tx, input.buyerId);
    if (!buyer) {
      throw new AppError('invalid_data', chooseBuyerMessage, { fields: { buyerId: chooseBuyerMessage } });
    }
    if (buyer.organizationId === null) {
      throw new AppError('unprocessable', buyerNeedsOrganizationMessage, {
        code: 'buyer_without_organization',
        fields: { buyerId: buyerNeedsOrganizationMessage },
      });
    }
    if (buyer.id === order.userId) {
      throw new AppError('invalid_data', sameBuyerMessage, { fields: { buyerId: sameBuyerMessage } });
    }
    if (buyer.organizationId === order.supplierOrganizationId) {
      throw new AppError('unprocessable', ownSupplierMessage, {
        code: 'own_supplier',
        fields: { buyerId: ownSupplierMessage },
      });
    }
    let pricing: Awaited<ReturnType<typeof repriceItems>> | null = null;
    if (input.updatePricing) {
      const branch = await orderBranches.findBranch(tx, order.branchId);
      if (!branch) throw new AppError('unprocessable', branchNeedsOrganizationMessage);
      pricing = await repriceItems(tx, caller, order, branch, buyer.organizationId);
    }
    const updated = await repo.updateOrder(tx, order.id, {
      userId: buyer.id,
      buyerOrganizationId: buyer.organizationId,
      ...(pricing ? await amountsFromItems(tx, order) : {}),
      version: order.version + 1,
    });
    await repo.movePendingProposals(tx, order.id, updated.version);
    await snapshotVersion(tx, updated, 'swap_buyer', caller.user.id);
    await recordStaffEvent(tx, caller, updated, 'swap_buyer', {
      fromUserId: order.userId,
      toUserId: buyer.id,
      fromBuyerOrganizationId: order.buyerOrganizationId,
      toBuyerOrganizationId: buyer.organizationId,
      updatePricing: input.updatePricing,
      reason: input.reason ?? null,
      notify: input.sendEmail,
      unlistedItemIds: pricing?.unlisted.map((item) => item.orderItemId) ?? [],
    });
    return { order: updated, previous: order, unlistedItems: pricing?.unlisted ?? [] };
  });
  return result;
}

/**
 * Moves the order to another supplier branch, as a new version. With updatePricing the items take
 * that branch's prices for the same sizes (items it does not list keep their prices and come back
 * in unlistedItems). Proposals still pending are withdrawn: the party that made or must answer
 * them has changed. The supplierNote goes to the new supplier with the order.
 */
export async function swapSupplier(
  db: Db,
  caller: Caller,
  id: number,
  input: z.output<typeof swapSupplierSchema>,
) {
  const result = await db.transaction(async (tx) => {
    const order = await lockOrThrow(tx, id);
    requireVersion(order, input.version);
    requireSwappable(order);
    const branch = await orderBranches.findBranch(tx, input.branchId);
    if (!branch) {
      throw new AppError('invalid_data', chooseBranchMessage, { fields: { branchId: chooseBranchMessage } });
    }
    if (branch.id === order.branchId) {
      throw new AppError('invalid_data', sameBranchMessage, { fields: { branchId: sameBranchMessage } });
    }
    if (branch.organizationId === order.buyerOrganizationId) {
      throw new AppError('unprocessable', ownSupplierMessage, {
        code: 'own_supplier',
        fields: { branchId: ownSupplierMessage },
      });
    }
    const pricing = input.updatePricing
      ? await repriceItems(tx, caller, order, branch, order.buyerOrganizationId)
      : null;
    const updated = await repo.updateOrder(tx, order.id, {
      branchId: branch.id,
      supplierOrganizationId: branch.organizationId,
      ...(pricing ? await amountsFromItems(tx, order) : {}),
      version: order.version + 1,
    });
    const withdrawn = await repo.withdrawPendingProposals(
      tx,
      order.id,
      caller.user.id,
      `Withdrawn: ${productName} moved this order to another supplier.`,
    );
    await snapshotVersion(tx, updated, 'swap_supplier', caller.user.id);
    await recordStaffEvent(tx, caller, updated, 'swap_supplier', {
      fromBranchId: order.branchId,
      toBranchId: branch.id,
      fromSupplierOrganizationId: order.supplierOrganizationId,
      toSupplierOrganizationId: branch.organizationId,
      updatePricing: input.updatePricing,
      supplierNote: input.supplierNote ?? null,
      reason: input.reason ?? null,
      notify: input.sendEmail,
      withdrawnProposalIds: withdrawn.map((row) => row.id),
      unlistedItemIds: pricing?.unlisted.map((item) => item.orderItemId) ?? [],
    });
    return {
      order: updated,
      previous: order,
      branchName: branch.name,
      unlistedItems: pricing?.unlisted ?? [],
    };
  });
  return result;
}
