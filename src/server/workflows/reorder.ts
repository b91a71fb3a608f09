import { isAdmin } from '../../domain/access';
import type { Caller } from '../core/caller';
import type { Db } from '../core/database';
import { AppError } from '../core/errors';
import * as cartItems from '../modules/carts/cart-items.service';
import * as carts from '../modules/carts/carts.service';
import * as history from '../modules/orders/order-history.service';
import * as orders from '../modules/orders/orders.service';

// A write across two areas: it reads an order (orders) and fills a new cart (carts) in one
// transaction, through both areas' services.

/**
 * A new open cart of the caller with the order's catalogue items from the same branch, at today's
 * prices (the reorder of spec part 3 §7.2). Items the branch no longer lists, or that were not
 * catalogue items, are left out and named in skippedItems; with none left, nothing is created (422).
 */
export async function reorder(db: Db, caller: Caller, id: number) {
  const { order, items } = await orders.getOrderDocumentOrThrow(db, id);
  const buyerSide =
    caller.user.organizationId !== null && caller.user.organizationId === order.buyerOrganizationId;
  if (!buyerSide) {
    const supplierSide = caller.user.organizationId === order.supplierOrganizationId;
    if (!supplierSide && !isAdmin(caller.user)) throw new AppError('not_found', orders.orderNotFoundMessage);
    throw new AppError('forbidden', history.onlyBuyerReordersMessage, { code: 'not_buyer' });
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
        await cartItems.addListingToCart(tx, caller, cart.id, {
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
      throw new AppError('unprocessable', history.nothingToReorderMessage, { code: 'nothing_to_reorder' });
    const view = await carts.getCart(tx, caller, cart.id);
    return { cart: view, addedCount: added, skippedItems };
  });
}
