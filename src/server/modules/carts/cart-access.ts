import { canSubmitOrders, isAdmin } from '../../../domain/access';
import { type CartState, isOpenDraft } from '../../../domain/carts/cart-states';
import type { Caller } from '../../core/caller';
import type { Executor } from '../../core/database';
import { AppError } from '../../core/errors';
import * as repo from './carts.repository';

export const cartNotFoundMessage = 'Cart not found';
export const cartSubmittedMessage =
  'This cart has been submitted and can no longer be changed. Copy it to start a new cart from it.';
export const cartChangedMessage =
  'This cart was changed somewhere else (another tab or another person). We loaded the latest version; check it and make your change again.';
/** 404 for a cart the caller may not see; the code lets the web app start a new cart instead. */
export const cartNotFound = () => new AppError('not_found', cartNotFoundMessage, { code: 'cart_not_found' });

export const itemChangedMessage =
  'This item was changed somewhere else (another tab or another person). We loaded the latest version; check it and make your change again.';

/**
 * Who may open a cart: its buyer, anyone of the buyer's organisation (carts are shared inside an
 * organisation) and, to read only, admins. Everyone else gets 404 so a cart's existence does not
 * leak. Callers have already passed requireSiteUser (unapproved users never reach here).
 */
export function cartAccess(caller: Caller, cart: { userId: number; organizationId: number | null }) {
  const member =
    cart.userId === caller.user.id ||
    (cart.organizationId !== null && cart.organizationId === caller.user.organizationId);
  if (member) return 'member' as const;
  if (isAdmin(caller.user)) return 'admin' as const;
  return null;
}

/** The cart for reading, or 404. */
export async function readableCart(db: Executor, caller: Caller, id: number) {
  const cart = await repo.findCart(db, id);
  if (!cart || !cartAccess(caller, cart)) throw cartNotFound();
  return cart;
}

/**
 * The cart for changing, locked for the rest of the transaction: 404 for non-members, 422 once it
 * has been submitted.
 */
export async function editableCart(db: Executor, caller: Caller, id: number) {
  const cart = await repo.findCart(db, id, { forUpdate: true });
  if (!cart || cartAccess(caller, cart) !== 'member') throw cartNotFound();
  if (!isOpenDraft(cart.state as CartState)) {
    throw new AppError('unprocessable', cartSubmittedMessage, { code: 'cart_submitted' });
  }
  return cart;
}

export function cartPermissions(caller: Caller, cart: repo.CartRow, itemsCount: number) {
  const edit = cartAccess(caller, cart) === 'member' && isOpenDraft(cart.state as CartState);
  return { edit, submit: edit && itemsCount > 0 && canSubmitOrders(caller.user.status as never) };
}
