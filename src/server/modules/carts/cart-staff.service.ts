import type { z } from 'zod';
import { canUseSite } from '../../../domain/access';
import { productName } from '../../../domain/brand';
import {
  type AdminCartView,
  branchNotListingMessage,
  cartNotOpenForStaffMessage,
  nonCatalogMoveMessage,
  type StaffPricesInput,
  sameBranchMessage,
  staffAssigneeMessage,
  type staffReassignCartSchema,
} from '../../../domain/carts/cart-staff';
import { type CartState, isOpenDraft } from '../../../domain/carts/cart-states';
import { actorOf, type Caller } from '../../core/caller';
import type { Db, Executor } from '../../core/database';
import type { AppDeps } from '../../core/deps';
import { AppError } from '../../core/errors';
import { listResponse } from '../../http/list';
import * as cartDetails from '../../read-models/cart-details';
import * as staffCarts from '../../read-models/staff-carts';
import { recordEvent } from '../audit/audit.service';
import * as messages from '../messages/messages.service';
import * as notifications from '../notifications/notifications.service';
import * as users from '../users/users.service';
import { cartNotFound } from './cart-access';
import { buildCartView, priceItems } from './cart-view.builder';
import * as repo from './carts.repository';

// Beehive's cart tools (spec part 3 §2.10 /admin/carts/{cartNumber}/edit): staff-only notes, price
// overrides per line, moving a line to another branch and reassigning the cart. Every change is an
// audit event on the cart; only open carts change (a submitted cart's orders have their own tools).

const audit = (cartId: number) => ({ type: 'cart', id: cartId });
export const cartLineNotFoundMessage = 'Cart line not found';

/** Carts for Beehive's list, searchable by number, name, buyer or organisation. */
export async function listCartsForStaff(
  db: Executor,
  query: { query?: string; page: number; perPage: number },
) {
  const rows = await staffCarts.listStaffCarts(db, query);
  return listResponse(
    rows.map(({ totalCount: _total, ...row }) => row),
    rows[0]?.totalCount ?? 0,
    query.page,
    query.perPage,
  );
}

/** The cart with this number (Q-100001) as staff see it, or 404. */
export async function getCartForStaff(
  db: Executor,
  caller: Caller,
  key: { cartNumber: string } | { id: number },
) {
  const cart =
    'id' in key
      ? await repo.findCart(db, key.id)
      : await repo.findCartByNumber(db, key.cartNumber.toUpperCase());
  if (!cart) throw cartNotFound();
  return staffView(db, caller, cart);
}

async function staffView(db: Executor, caller: Caller, cart: repo.CartRow): Promise<AdminCartView> {
  const view = await buildCartView(db, caller, cart);
  const rows = await cartDetails.findCartItemDetails(db, { cartIds: [cart.id] });
  // The listing's own prices: the same lines priced without the staff's overrides.
  const originals = await priceItems(
    db,
    cart.organizationId,
    rows.map((row) => ({
      ...row,
      staff_book_price: null,
      staff_buyer_price: null,
      staff_supplier_price: null,
    })),
  );
  const variantIds = [
    ...new Set(rows.flatMap((row) => (row.product_variant_id ? [row.product_variant_id] : []))),
  ];
  const [branches, notes] = await Promise.all([
    staffCarts.listBranchesListing(db, variantIds),
    staffCarts.listInternalNotes(db, cart.id),
  ]);
  return {
    cart: view,
    editable: isOpenDraft(cart.state as CartState),
    lines: view.items.map((item) => {
      const row = rows.find((candidate) => candidate.id === item.id);
      const original = originals.find((candidate) => candidate.id === item.id);
      const overridden =
        row &&
        (row.staff_book_price !== null ||
          row.staff_buyer_price !== null ||
          row.staff_supplier_price !== null);
      return {
        itemId: item.id,
        original: {
          bookPrice: original?.bookPrice ?? null,
          buyerPrice: original?.price?.value ?? null,
          supplierPrice: original?.supplierPrice ?? null,
        },
        staffPrices: overridden
          ? {
              bookPrice: row.staff_book_price,
              buyerPrice: row.staff_buyer_price,
              supplierPrice: row.staff_supplier_price,
            }
          : null,
        branchOptions: branches
          .filter(
            (branch) => branch.productVariantId === item.productVariantId && branch.id !== item.branchId,
          )
          .map(({ id, name, organizationName }) => ({ id, name, organizationName })),
      };
    }),
    internalNotes: notes,
  };
}

/** The cart, locked, when it may still change; 404 unknown, 422 once submitted. */
async function openCartForStaff(tx: Executor, cartId: number) {
  const cart = await repo.findCart(tx, cartId, { forUpdate: true });
  if (!cart) throw cartNotFound();
  if (!isOpenDraft(cart.state as CartState)) {
    throw new AppError('unprocessable', cartNotOpenForStaffMessage, { code: 'cart_submitted' });
  }
  return cart;
}

async function lineOf(tx: Executor, itemId: number) {
  const item = await repo.findItem(tx, itemId);
  if (!item) throw new AppError('not_found', cartLineNotFoundMessage);
  const cart = await openCartForStaff(tx, item.cartId);
  return { item, cart };
}

/** A staff note on the cart; never shown to the buyer nor printed on the quote. */
export async function addInternalNote(db: Db, caller: Caller, cartId: number, body: string) {
  return db.transaction(async (tx) => {
    const cart = await repo.findCart(tx, cartId, { forUpdate: true });
    if (!cart) throw cartNotFound();
    const note = await repo.insertNote(tx, {
      cartId: cart.id,
      authorId: caller.user.id,
      body,
      internal: true,
    });
    await recordEvent(tx, actorOf(caller), audit(cart.id), 'add_internal_note', { cartNoteId: note.id });
    return staffView(tx, caller, cart);
  });
}

/**
 * Sets (or, with nulls, clears) the staff's prices of one line. The buyer's cart and the orders it
 * becomes use them; the listing's prices stay visible to staff as the original.
 */
export async function setStaffPrices(db: Db, caller: Caller, itemId: number, input: StaffPricesInput) {
  return db.transaction(async (tx) => {
    const { item, cart } = await lineOf(tx, itemId);
    await repo.updateItem(tx, item.id, {
      staffBookPrice: input.bookPrice,
      staffBuyerPrice: input.buyerPrice,
      staffSupplierPrice: input.supplierPrice,
    });
    await repo.touchCart(tx, cart.id);
    await recordEvent(tx, actorOf(caller), audit(cart.id), 'staff_set_prices', {
      cartItemId: item.id,
      from: {
        bookPrice: item.staffBookPrice,
        buyerPrice: item.staffBuyerPrice,
        supplierPrice: item.staffSupplierPrice,
      },
      to: input,
    });
    return staffView(tx, caller, cart);
  });
}

/**
 * Moves a catalogue line to another branch that lists its size; when the cart already has that size
 * from that branch, the quantities join on the existing line.
 */
export async function moveLine(db: Db, caller: Caller, itemId: number, branchId: number) {
  return db.transaction(async (tx) => {
    const { item, cart } = await lineOf(tx, itemId);
    if (item.nonCatalog || item.productVariantId === null) {
      throw new AppError('unprocessable', nonCatalogMoveMessage, { code: 'non_catalog' });
    }
    if (item.branchId === branchId) {
      throw new AppError('invalid_data', sameBranchMessage, { fields: { branchId: sameBranchMessage } });
    }
    const listing = await staffCarts.listBranchesListing(tx, [item.productVariantId]);
    if (!listing.some((branch) => branch.id === branchId)) {
      throw new AppError('invalid_data', branchNotListingMessage, {
        fields: { branchId: branchNotListingMessage },
      });
    }
    const existing = (await repo.listItemRows(tx, cart.id)).find(
      (row) => !row.nonCatalog && row.branchId === branchId && row.productVariantId === item.productVariantId,
    );
    if (existing) {
      await repo.updateItem(tx, existing.id, { quantity: Number(existing.quantity) + Number(item.quantity) });
      await repo.deleteItem(tx, item.id);
    } else {
      await repo.updateItem(tx, item.id, { branchId });
    }
    await repo.touchCart(tx, cart.id);
    await recordEvent(tx, actorOf(caller), audit(cart.id), 'staff_move_line', {
      cartItemId: item.id,
      fromBranchId: item.branchId,
      toBranchId: branchId,
      mergedIntoItemId: existing?.id ?? null,
    });
    return staffView(tx, caller, cart);
  });
}

/**
 * Staff hand an open cart to another buyer (of any organisation: the cart follows the buyer's). A
 * cart-transfer message goes to the buyer's inbox; with notifyBuyer, an e-mail with the note too.
 */
export async function reassignCart(
  db: Db,
  deps: Pick<AppDeps, 'mail'>,
  caller: Caller,
  cartId: number,
  input: z.output<typeof staffReassignCartSchema>,
) {
  const note = input.note?.trim() ? input.note.trim() : null;
  const { view, assignee } = await db.transaction(async (tx) => {
    const cart = await openCartForStaff(tx, cartId);
    const assignee = await users.findUserById(tx, input.buyerUserId);
    if (!assignee || assignee.organizationId === null || !canUseSite(assignee.status as never)) {
      throw new AppError('invalid_data', staffAssigneeMessage, {
        fields: { buyerUserId: staffAssigneeMessage },
      });
    }
    const updated = await repo.updateCart(tx, cart.id, {
      userId: assignee.id,
      organizationId: assignee.organizationId,
      version: cart.version + 1,
    });
    await repo.clearCurrentCartOf(tx, cart.userId, cart.id);
    await recordEvent(tx, actorOf(caller), audit(cart.id), 'staff_reassign', {
      fromUserId: cart.userId,
      toUserId: assignee.id,
      notifyBuyer: input.notifyBuyer,
      note,
    });
    await messages.postCartTransferred(tx, {
      cartId: cart.id,
      byUserId: caller.user.id,
      toUserId: assignee.id,
      note,
    });
    return { view: await staffView(tx, caller, updated), assignee };
  });
  if (input.notifyBuyer) {
    await notifications.sendEmail(db, deps.mail, {
      to: assignee.email,
      subject: `The cart ${view.cart.name} (${view.cart.cartNumber}) was assigned to you`,
      text: [
        `Hello ${assignee.firstName},`,
        '',
        `Our team assigned the cart "${view.cart.name}" (${view.cart.cartNumber}) to you on ${productName}.`,
        ...(note ? ['', 'Their note:', note] : []),
        '',
        `Open it here: ${deps.mail.appUrl}/quotes/${view.cart.id}/edit`,
      ].join('\n'),
    });
  }
  return view;
}
