import type { z } from 'zod';
import type {
  addCartItemSchema,
  newCartItemSchema,
  reorderCartItemsSchema,
  updateCartItemSchema,
} from '../../../domain/carts/cart-schemas';
import { type CartState, isOpenDraft } from '../../../domain/carts/cart-states';
import type { CartItemView } from '../../../domain/carts/cart-view';
import {
  anyUnitQuantityProblem,
  fractionalUnits,
  maxQuantity,
  quantityProblem,
} from '../../../domain/carts/quantity';
import type { Caller } from '../../core/caller';
import type { Db, Executor } from '../../core/database';
import { AppError } from '../../core/errors';
import { listResponse } from '../../http/list';
import * as cartDetails from '../../read-models/cart-details';
import * as catalog from '../catalog/catalog.service';
import {
  cartAccess,
  cartNotFound,
  cartSubmittedMessage,
  editableCart,
  itemChangedMessage,
  readableCart,
} from './cart-access';
import { buildCartView, itemView, priceItems } from './cart-view.builder';
import * as repo from './carts.repository';

export const listingNotFoundMessage =
  'This supplier does not list that size. Choose another size or supplier.';
export const restrictedProductMessage = 'This product is only sold to approved accounts of its supplier.';
export const itemNotFoundMessage = 'Cart item not found';
export const branchNotFoundMessage = 'Supplier branch not found';

function refuseQuantity(quantity: number, unit: string | null) {
  const problem = quantityProblem(quantity, unit);
  if (problem) throw new AppError('invalid_data', problem, { fields: { quantity: problem } });
}

/** One item, priced for the cart's organisation. */
async function itemViewOf(
  db: Executor,
  organizationId: number | null,
  itemId: number,
): Promise<CartItemView> {
  const rows = await cartDetails.findCartItemDetails(db, { itemId });
  const [item] = await priceItems(db, organizationId, rows);
  return item;
}

/**
 * Adds a branch's listing of a size to a cart. The same size from the same branch is one line:
 * adding it again adds to that line's quantity. 404 for a cart the caller may not change, 422 when
 * the cart was submitted or the branch does not list the size, 400 for a quantity the unit does not
 * allow. One statement checks and writes (see addListingLine); the reasons come from its context.
 */
export async function addListingToCart(
  db: Executor,
  caller: Caller,
  cartId: number,
  input: z.output<typeof newCartItemSchema> & { buyerNotes?: string | null; metricsSource?: string | null },
): Promise<CartItemView> {
  const inputProblem = anyUnitQuantityProblem(input.quantity);
  if (inputProblem) throw new AppError('invalid_data', inputProblem, { fields: { quantity: inputProblem } });
  const result = await repo.addListingLine(db, {
    cartId,
    callerUserId: caller.user.id,
    callerOrganizationId: caller.user.organizationId,
    branchId: input.branchId,
    productVariantId: input.productVariantId,
    quantity: input.quantity,
    buyerNotes: input.buyerNotes ?? null,
    metricsSource: input.metricsSource ?? null,
    fractionalUnits,
    maxQuantity,
    now: new Date(),
  });
  if (
    !result ||
    cartAccess(caller, { userId: result.user_id, organizationId: result.organization_id }) !== 'member'
  ) {
    throw cartNotFound();
  }
  const { listing, written } = result;
  if (!written) {
    if (!isOpenDraft(result.state as CartState)) {
      throw new AppError('unprocessable', cartSubmittedMessage, { code: 'cart_submitted' });
    }
    if (!listing) throw new AppError('unprocessable', listingNotFoundMessage, { code: 'not_listed' });
    if (listing.restricted && listing.branch_organization_id !== result.organization_id) {
      throw new AppError('unprocessable', restrictedProductMessage, { code: 'restricted' });
    }
    refuseQuantity((listing.existing_quantity ?? 0) + input.quantity, listing.unit);
    // Every rule held when read: the cart was submitted between the read and the lock.
    throw new AppError('unprocessable', cartSubmittedMessage, { code: 'cart_submitted' });
  }
  if (!listing) throw new AppError('unprocessable', listingNotFoundMessage, { code: 'not_listed' });
  const discounts = catalog.applicableDiscounts(
    result.discounts,
    {
      organizationId: listing.branch_organization_id,
      sellsOnline: listing.branch_sells_online,
      honorsPurchaseDiscount: listing.branch_honors_purchase_discount,
    },
    result.organization_id,
  );
  return itemView(
    {
      ...listing,
      id: written.id,
      cart_id: cartId,
      branch_id: input.branchId,
      product_variant_id: input.productVariantId,
      quantity: written.quantity,
      sort_position: written.sort_position,
      non_catalog: false,
      non_catalog_name: null,
      non_catalog_size: null,
      non_catalog_unit: null,
      unit_price_override: null,
      staff_book_price: written.staff_book_price,
      staff_buyer_price: written.staff_buyer_price,
      staff_supplier_price: written.staff_supplier_price,
      buyer_notes: written.buyer_notes,
      shared_notes: written.shared_notes,
      metrics_source: written.metrics_source,
      version: written.version,
      created_at: written.created_at,
    },
    () => discounts,
  );
}

/** Adds a line to a cart: a catalogue listing, or a non-catalogue item the buyer describes. */
export async function addItem(db: Db, caller: Caller, input: z.output<typeof addCartItemSchema>) {
  if (!input.nonCatalog) {
    return addListingToCart(db, caller, input.cartId, {
      ...input,
      productVariantId: input.productVariantId as number,
    });
  }
  const { itemId, organizationId } = await db.transaction(async (tx) => {
    const cart = await editableCart(tx, caller, input.cartId);
    if (!(await repo.branchExists(tx, input.branchId))) {
      throw new AppError('unprocessable', branchNotFoundMessage, { code: 'branch_not_found' });
    }
    refuseQuantity(input.quantity, input.unit);
    const row = await repo.insertItem(tx, {
      cartId: cart.id,
      branchId: input.branchId,
      nonCatalog: true,
      nonCatalogName: input.name as string,
      nonCatalogSize: input.size ?? null,
      nonCatalogUnit: input.unit,
      unitPriceOverride: input.unitPrice ?? null,
      quantity: input.quantity,
      sortPosition: await repo.nextSortPosition(tx, cart.id),
      buyerNotes: input.buyerNotes ?? null,
      metricsSource: input.metricsSource ?? null,
    });
    await repo.touchCart(tx, cart.id);
    return { itemId: row.id, organizationId: cart.organizationId };
  });
  return itemViewOf(db, organizationId, itemId);
}

/** The item and its cart, locked, for a change by a member; 404 otherwise. */
async function editableItem(tx: Executor, caller: Caller, id: number) {
  const item = await repo.findItem(tx, id);
  if (!item) throw new AppError('not_found', itemNotFoundMessage);
  try {
    const cart = await editableCart(tx, caller, item.cartId);
    return { item, cart };
  } catch (error) {
    if (error instanceof AppError && error.type === 'not_found')
      throw new AppError('not_found', itemNotFoundMessage);
    throw error;
  }
}

/**
 * Changes an item's quantity or notes. With `version`, the change applies only to the version the
 * caller saw (409 otherwise), so a stale tab cannot overwrite a newer quantity.
 */
export async function updateItem(
  db: Db,
  caller: Caller,
  id: number,
  input: z.output<typeof updateCartItemSchema>,
) {
  return db.transaction(async (tx) => {
    const { item, cart } = await editableItem(tx, caller, id);
    if (input.quantity !== undefined) {
      const [detail] = await cartDetails.findCartItemDetails(tx, { itemId: item.id });
      refuseQuantity(input.quantity, item.nonCatalog ? item.nonCatalogUnit : (detail?.unit ?? null));
    }
    const updated = await repo.updateItem(
      tx,
      item.id,
      {
        ...(input.quantity !== undefined ? { quantity: input.quantity } : {}),
        ...(input.buyerNotes !== undefined ? { buyerNotes: input.buyerNotes } : {}),
        ...(input.sharedNotes !== undefined ? { sharedNotes: input.sharedNotes } : {}),
      },
      input.version,
    );
    if (!updated) throw new AppError('conflict', itemChangedMessage, { code: 'stale_item' });
    await repo.touchCart(tx, cart.id);
    return itemViewOf(tx, cart.organizationId, item.id);
  });
}

export async function deleteItem(db: Db, caller: Caller, id: number) {
  await db.transaction(async (tx) => {
    const { item, cart } = await editableItem(tx, caller, id);
    await repo.deleteItem(tx, item.id);
    await repo.touchCart(tx, cart.id);
  });
}

/** A cart's items in sort position order, priced (spec: list cart items sorted sort_position asc). */
export async function listItems(db: Executor, caller: Caller, cartId: number) {
  const cart = await readableCart(db, caller, cartId);
  const rows = await cartDetails.findCartItemDetails(db, { cartIds: [cart.id] });
  const items = await priceItems(db, cart.organizationId, rows);
  return listResponse(items, items.length, 1, Math.max(1, items.length));
}

export const reorderMismatchMessage = 'The cart changed while you were sorting it. Reload it and sort again.';

/**
 * Saves new positions for every item of the cart, renumbered from 1 in the order given. The list must
 * name each item of the cart exactly once, so a stale list (an item added or removed elsewhere) is
 * refused with 409 instead of scrambling the order.
 */
export async function reorderItems(db: Db, caller: Caller, input: z.output<typeof reorderCartItemsSchema>) {
  return db.transaction(async (tx) => {
    const cart = await editableCart(tx, caller, input.cartId);
    const current = await repo.listItemRows(tx, cart.id);
    const wanted = [...input.cartItemsSort].sort((a, b) => a.sortPosition - b.sortPosition || a.id - b.id);
    const ids = new Set(wanted.map((entry) => entry.id));
    if (
      ids.size !== wanted.length ||
      ids.size !== current.length ||
      current.some((item) => !ids.has(item.id))
    ) {
      throw new AppError('conflict', reorderMismatchMessage, { code: 'stale_cart' });
    }
    await repo.setSortPositions(
      tx,
      cart.id,
      wanted.map((entry, index) => ({ id: entry.id, sortPosition: index + 1 })),
    );
    await repo.touchCart(tx, cart.id);
    return buildCartView(tx, caller, cart);
  });
}
