import { isAdmin } from '../../../domain/access';
import {
  buyerNeedsResponseStates,
  buyerOrderLabel,
  type OrderState,
  openStates,
  supplierNeedsResponseStates,
  supplierOrderLabel,
} from '../../../domain/orders/order-states';
import type { Caller } from '../../core/caller';
import type { Db, Executor } from '../../core/database';
import { AppError } from '../../core/errors';
import { listResponse } from '../../http/list';
import * as orderBranches from '../../read-models/order-branches';
import { addListingToCart } from '../carts/cart-items.service';
import * as carts from '../carts/carts.service';
import * as repo from './orders.repository';
import { orderNotFoundMessage } from './orders.service';

export const noOrganizationMessage = 'Join or create a company to see its orders.';
export const onlyBuyerReordersMessage = "Only the buyer's company can reorder this order.";
export const nothingToReorderMessage =
  'None of the items of this order can be ordered from this supplier now.';

function organizationOf(caller: Caller) {
  const organizationId = caller.user.organizationId;
  if (organizationId === null)
    throw new AppError('forbidden', noOrganizationMessage, { code: 'no_organization' });
  return organizationId;
}

/**
 * The caller's company's orders with one supplier (a whole supplier organisation or one branch),
 * newest submitted first: what the buyer ordered there before (spec part 3 §7.2 supplier_order_history).
 */
export async function supplierOrderHistory(
  db: Executor,
  caller: Caller,
  query: { supplierOrganizationId?: number; branchId?: number; page: number; perPage: number },
) {
  const rows = await orderBranches.listSupplierHistory(db, {
    buyerOrganizationId: organizationOf(caller),
    supplierOrganizationId: query.supplierOrganizationId ?? null,
    branchId: query.branchId ?? null,
    page: query.page,
    perPage: query.perPage,
  });
  const results = rows
    .filter((row) => row.id !== null)
    .map((row) => ({
      id: row.id,
      orderNumber: row.order_number,
      name: row.name,
      state: row.state,
      displayState: buyerOrderLabel(row.state as OrderState),
      submittedAt: new Date(row.submitted_at).toISOString(),
      fulfilledOn: row.fulfilled_on,
      total: row.total,
      itemsCount: row.items_count,
      branchId: row.branch_id,
      branchName: row.branch_name,
    }));
  return listResponse(results, rows[0]?.total_count ?? 0, query.page, query.perPage);
}

/**
 * How many of the caller's company's active orders there are on one side, in total, open, waiting
 * for it, and by the label that side sees (spec part 3 §7.2 order stats).
 */
export async function orderStats(db: Executor, caller: Caller, tab: 'buyer' | 'supplier') {
  const rows = await repo.countOrdersByState(db, tab, organizationOf(caller));
  const needsResponse = tab === 'buyer' ? buyerNeedsResponseStates : supplierNeedsResponseStates;
  const byState: Partial<Record<OrderState, number>> = {};
  const byLabel: Record<string, number> = {};
  let totalCount = 0;
  for (const row of rows) {
    const state = row.state as OrderState;
    byState[state] = row.count;
    totalCount += row.count;
    const { label } = tab === 'buyer' ? buyerOrderLabel(state) : supplierOrderLabel(state);
    byLabel[label] = (byLabel[label] ?? 0) + row.count;
  }
  const sum = (states: readonly OrderState[]) =>
    states.reduce((total, state) => total + (byState[state] ?? 0), 0);
  return {
    tab,
    totalCount,
    open: sum(openStates),
    needsResponse: sum(needsResponse),
    byState,
    byLabel,
  };
}

/**
 * A new open cart of the caller with the order's catalogue items from the same branch, at today's
 * prices (the reorder of spec part 3 §7.2). Items the branch no longer lists, or that were not
 * catalogue items, are left out and named in skippedItems; with none left, nothing is created (422).
 */
export async function reorder(db: Db, caller: Caller, id: number) {
  const document = await repo.findOrderDocument(db, id);
  if (!document) throw new AppError('not_found', orderNotFoundMessage);
  const { order, items } = document;
  const buyerSide =
    caller.user.organizationId !== null && caller.user.organizationId === order.buyerOrganizationId;
  if (!buyerSide) {
    const supplierSide = caller.user.organizationId === order.supplierOrganizationId;
    if (!supplierSide && !isAdmin(caller.user)) throw new AppError('not_found', orderNotFoundMessage);
    throw new AppError('forbidden', onlyBuyerReordersMessage, { code: 'not_buyer' });
  }
  return db.transaction(async (tx) => {
    const cart = await carts.createCart(tx, caller, {
      name: `${order.name} (reorder)`.slice(0, 120),
      jobData: { externalJobNumber: order.jobNumber, externalPhase: order.jobPhase, postalCode: null },
    });
    const skippedItems: { orderItemId: number; primaryName: string; size: string | null; reason: string }[] =
      [];
    let added = 0;
    for (const item of items) {
      if (item.productVariantId === null) {
        skippedItems.push({
          orderItemId: item.id,
          primaryName: item.primaryName,
          size: item.size,
          reason: 'Not a catalogue item',
        });
        continue;
      }
      try {
        await addListingToCart(tx, caller, cart.id, {
          branchId: order.branchId,
          productVariantId: item.productVariantId,
          quantity: item.quantity,
          buyerNotes: item.buyerNotes,
        });
        added += 1;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        skippedItems.push({
          orderItemId: item.id,
          primaryName: item.primaryName,
          size: item.size,
          reason: error.message,
        });
      }
    }
    if (added === 0)
      throw new AppError('unprocessable', nothingToReorderMessage, { code: 'nothing_to_reorder' });
    const view = await carts.getCart(tx, caller, cart.id);
    return { cart: view, addedCount: added, skippedItems };
  });
}
