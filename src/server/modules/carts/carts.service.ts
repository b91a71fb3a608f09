import type { z } from 'zod';
import { canUseSite } from '../../../domain/access';
import { productName } from '../../../domain/brand';
import type {
  assignCartSchema,
  BranchFulfillmentInput,
  createCartSchema,
  updateCartSchema,
} from '../../../domain/carts/cart-schemas';
import { branchFulfillmentSchema } from '../../../domain/carts/cart-schemas';
import { actorOf, type Caller } from '../../core/caller';
import type { Db, Executor } from '../../core/database';
import type { AppDeps } from '../../core/deps';
import { AppError } from '../../core/errors';
import { listResponse } from '../../http/list';
import * as cartLists from '../../read-models/cart-lists';
import { recordEvent } from '../audit/audit.service';
import * as messages from '../messages/messages.service';
import * as notifications from '../notifications/notifications.service';
import * as users from '../users/users.service';
import { cartChangedMessage, editableCart, readableCart } from './cart-access';
import { addListingToCart } from './cart-items.service';
import { buildCartSummaries, buildCartView } from './cart-view.builder';
import * as repo from './carts.repository';

type CreateCart = z.output<typeof createCartSchema>;
type UpdateCart = z.output<typeof updateCartSchema>;

const audit = (cartId: number) => ({ type: 'cart', id: cartId });

/**
 * Creates a cart for the caller's organisation and makes it their current cart; with `item`, adds
 * that first item in the same transaction (the "create with item" of an Add to cart click).
 */
export async function createCart(db: Db, caller: Caller, input: CreateCart) {
  const cart = await db.transaction(async (tx) => {
    const created = await repo.insertCart(tx, {
      name: input.name,
      userId: caller.user.id,
      organizationId: caller.user.organizationId,
      externalJobNumber: input.jobData?.externalJobNumber ?? null,
      externalPhase: input.jobData?.externalPhase ?? null,
      postalCode: input.jobData?.postalCode ?? null,
    });
    await repo.setCurrentCart(tx, caller.user.id, created.id);
    if (!caller.user.createdCart) await users.updateUser(tx, caller.user.id, { createdCart: true });
    if (input.item) await addListingToCart(tx, caller, created.id, input.item);
    await recordEvent(tx, actorOf(caller), audit(created.id), 'create', { name: created.name });
    return created;
  });
  return buildCartView(db, caller, cart);
}

export async function getCart(db: Executor, caller: Caller, id: number) {
  return buildCartView(db, caller, await readableCart(db, caller, id));
}

const sortColumns = {
  name: 'name',
  cartNumber: 'cart_number',
  createdAt: 'created_at',
  submittedAt: 'submitted_at',
  updatedAt: 'updated_at',
} as const;
export type CartSortKey = keyof typeof sortColumns;

/** Saved Carts: the caller's open carts (newest change first) or submitted carts (newest submission first). */
export async function listCarts(
  db: Executor,
  caller: Caller,
  query: {
    active: boolean;
    query?: string;
    sort?: { field: CartSortKey; direction: 'asc' | 'desc' };
    page: number;
    perPage: number;
  },
) {
  const sort = query.sort ?? {
    field: query.active ? 'updatedAt' : 'submittedAt',
    direction: 'desc' as const,
  };
  const rows = await cartLists.listCarts(db, {
    userId: caller.user.id,
    active: query.active,
    query: query.query,
    sort: { column: sortColumns[sort.field], direction: sort.direction },
    page: query.page,
    perPage: query.perPage,
  });
  const results = await buildCartSummaries(db, rows);
  return listResponse(results, rows[0]?.total_count ?? 0, query.page, query.perPage);
}

/** The caller's current cart as a list row, or null (the header's cart button). */
export async function getCurrentCart(db: Executor, caller: Caller) {
  const id = await repo.findCurrentCartId(db, caller.user.id);
  if (id === null) return { cart: null };
  const rows = await cartLists.listCartsByIds(db, caller.user.id, [id]);
  const [cart] = await buildCartSummaries(db, rows);
  return { cart: cart ?? null };
}

export async function makeCurrent(db: Db, caller: Caller, id: number) {
  return db.transaction(async (tx) => {
    const cart = await editableCart(tx, caller, id);
    await repo.setCurrentCart(tx, caller.user.id, cart.id);
    return buildCartView(tx, caller, cart);
  });
}

/** Renames a cart or changes its job data; 409 when the cart changed since the caller loaded it. */
export async function updateCart(db: Db, caller: Caller, id: number, input: UpdateCart) {
  return db.transaction(async (tx) => {
    const cart = await editableCart(tx, caller, id);
    const updated = await repo.updateCartAtVersion(tx, cart.id, input.version, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.jobData
        ? {
            externalJobNumber: input.jobData.externalJobNumber,
            externalPhase: input.jobData.externalPhase,
            postalCode: input.jobData.postalCode,
          }
        : {}),
      ...(input.taxExempt !== undefined ? { taxExempt: input.taxExempt } : {}),
    });
    if (!updated) throw new AppError('conflict', cartChangedMessage, { code: 'stale_cart' });
    await recordEvent(tx, actorOf(caller), audit(cart.id), 'update', { name: updated.name });
    return buildCartView(tx, caller, updated);
  });
}

/** Deletes an open cart with its items and notes; submitted carts stay (their orders point at them). */
export async function deleteCart(db: Db, caller: Caller, id: number) {
  await db.transaction(async (tx) => {
    const cart = await editableCart(tx, caller, id);
    await repo.deleteCart(tx, cart.id);
    await recordEvent(tx, actorOf(caller), audit(cart.id), 'delete', {
      name: cart.name,
      cartNumber: cart.cartNumber,
    });
  });
}

/**
 * Copies a cart (open or submitted) into a new open cart of the caller with the same items, job
 * data and notes, and makes it current. A submitted cart copied this way is the reorder flow.
 */
export async function duplicateCart(db: Db, caller: Caller, id: number) {
  const copy = await db.transaction(async (tx) => {
    const source = await readableCart(tx, caller, id);
    const created = await repo.insertCart(tx, {
      name: `${source.name} (copy)`.slice(0, 120),
      userId: caller.user.id,
      organizationId: caller.user.organizationId,
      externalJobNumber: source.externalJobNumber,
      externalPhase: source.externalPhase,
      postalCode: source.postalCode,
      taxExempt: source.taxExempt,
    });
    const items = await repo.listItemRows(tx, source.id);
    await repo.insertItems(
      tx,
      // Staff prices were agreed for the source cart, so the copy follows the listings again.
      items.map(({ id: _id, createdAt: _c, updatedAt: _u, version: _v, cartId: _cart, ...item }) => ({
        ...item,
        staffBookPrice: null,
        staffBuyerPrice: null,
        staffSupplierPrice: null,
        cartId: created.id,
      })),
    );
    await repo.copyNotes(tx, source.id, created.id, caller.user.id);
    await repo.setCurrentCart(tx, caller.user.id, created.id);
    await recordEvent(tx, actorOf(caller), audit(created.id), 'duplicate', { fromCartId: source.id });
    return created;
  });
  return buildCartView(db, caller, copy);
}

/** The cart row when the caller may change it (open, theirs or their organisation's), else 404/409. */
export const getEditableCartRow = editableCart;
/** The cart as the pages show it: items priced, grouped by branch, with totals. */
export const viewOfCart = buildCartView;
export const updateCartRow = repo.updateCart;
export const clearCurrentCart = repo.clearCurrentCart;

export const assigneeNotFoundMessage = 'Choose a buyer of your organization';

/**
 * Hands an open cart to another buyer of the same organisation; they may be told by e-mail, with
 * the note. The cart stops being the previous owner's current cart.
 */
export async function assignToBuyer(
  db: Db,
  deps: Pick<AppDeps, 'mail'>,
  caller: Caller,
  id: number,
  input: z.output<typeof assignCartSchema>,
) {
  const { view, assignee } = await db.transaction(async (tx) => {
    const cart = await editableCart(tx, caller, id);
    const assignee = await users.findUserById(tx, input.buyerUserId);
    if (
      !assignee ||
      cart.organizationId === null ||
      assignee.organizationId !== cart.organizationId ||
      !canUseSite(assignee.status as never)
    ) {
      throw new AppError('invalid_data', assigneeNotFoundMessage, {
        fields: { buyerUserId: assigneeNotFoundMessage },
      });
    }
    const updated = await repo.updateCart(tx, cart.id, { userId: assignee.id, version: cart.version + 1 });
    await repo.clearCurrentCartOf(tx, cart.userId, cart.id);
    await recordEvent(tx, actorOf(caller), audit(cart.id), 'assign_to_buyer_user', {
      fromUserId: cart.userId,
      toUserId: assignee.id,
      notifyBuyer: input.notifyBuyer,
      note: input.note ?? null,
    });
    await messages.postCartTransferred(tx, {
      cartId: cart.id,
      byUserId: caller.user.id,
      toUserId: assignee.id,
      note: input.note ?? null,
    });
    return { view: await buildCartView(tx, caller, updated), assignee };
  });
  if (input.notifyBuyer) {
    const link = `${deps.mail.appUrl}/quotes/${view.id}/edit`;
    await notifications.sendEmail(db, deps.mail, {
      to: assignee.email,
      subject: `${caller.user.firstName} ${caller.user.lastName} shared the cart ${view.name} (${view.cartNumber}) with you`,
      text: [
        `Hello ${assignee.firstName},`,
        '',
        `${caller.user.firstName} ${caller.user.lastName} assigned the cart "${view.name}" (${view.cartNumber}) to you on ${productName}.`,
        ...(input.note ? ['', 'Their note:', input.note] : []),
        '',
        `Open it here: ${link}`,
      ].join('\n'),
    });
  }
  return view;
}

/** Checkout: the cart goes to review (in_review) so the buyer can choose fulfilment per supplier. */
export async function checkout(db: Db, caller: Caller, id: number) {
  return setState(db, caller, id, 'in_review', 'checkout');
}

/** Back from review to editing. */
export async function reopen(db: Db, caller: Caller, id: number) {
  return setState(db, caller, id, 'draft', 'reopen');
}

async function setState(db: Db, caller: Caller, id: number, state: 'draft' | 'in_review', action: string) {
  return db.transaction(async (tx) => {
    const cart = await editableCart(tx, caller, id);
    const updated = cart.state === state ? cart : await repo.updateCart(tx, cart.id, { state });
    if (updated !== cart) await recordEvent(tx, actorOf(caller), audit(cart.id), action);
    return buildCartView(tx, caller, updated);
  });
}

/** Saves the checkout choices for one supplier branch of the cart. */
export async function saveFulfillment(
  db: Db,
  caller: Caller,
  cartId: number,
  branchId: number,
  input: BranchFulfillmentInput & { version: number },
  today: string,
) {
  const parsed = branchFulfillmentSchema(today).safeParse(input);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
    throw new AppError('invalid_data', Object.values(fields)[0] ?? 'Check the checkout details', { fields });
  }
  return db.transaction(async (tx) => {
    const cart = await editableCart(tx, caller, cartId);
    if (!(await repo.cartHasBranch(tx, cart.id, branchId)))
      throw new AppError('not_found', 'Supplier not found in this cart');
    const updated = await repo.updateCartAtVersion(tx, cart.id, input.version, {});
    if (!updated) throw new AppError('conflict', cartChangedMessage, { code: 'stale_cart' });
    const value = parsed.data;
    await repo.upsertFulfillment(tx, {
      cartId: cart.id,
      branchId,
      fulfillment: value.fulfillment,
      requestedOn: value.requestedOn,
      deliveryAddress: value.fulfillment === 'delivery' ? value.deliveryAddress : null,
      deliveryInstructions: value.fulfillment === 'delivery' ? value.deliveryInstructions : null,
      notesToSupplier: value.notesToSupplier,
    });
    return buildCartView(tx, caller, updated);
  });
}

/** The supplier branches of a user's current cart (search's "In Active Cart" switch). */
export async function currentCartBranchIds(db: Executor, userId: number): Promise<number[]> {
  return repo.findCurrentCartBranchIds(db, userId);
}

/** Recent open or submitted carts for the dashboard and the header. */
export async function recentCarts(db: Executor, caller: Caller, active: boolean, limit: number) {
  return listCarts(db, caller, { active, page: 1, perPage: limit });
}
