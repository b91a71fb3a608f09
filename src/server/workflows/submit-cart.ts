// A write across two areas: a cart (carts) becomes one order per supplier branch (orders), in one
// transaction, through both areas' services.

import { canSubmitOrders } from '../../domain/access';
import type { CartView, SubmittedCart } from '../../domain/carts/cart-view';
import { groupItemsIntoOrders, OrderGroupingError } from '../../domain/carts/order-grouping';
import { actorOf, type Caller } from '../core/caller';
import type { Executor } from '../core/database';
import { AppError } from '../core/errors';
import { recordEvent } from '../modules/audit/audit.service';
import * as carts from '../modules/carts/carts.service';
import * as inventory from '../modules/catalog/inventory.service';
import * as messages from '../modules/messages/messages.service';
import * as orders from '../modules/orders/orders.service';
import * as payments from '../modules/payments/payments.service';
import * as users from '../modules/users/users.service';

export const notApprovedToSubmitMessage =
  'Only approved buyers can submit orders. Contact our team to have your account approved.';
export const emptyCartMessage = 'Add at least one item to this cart before submitting it.';
export const unlistedItemsMessage = (names: string[]) =>
  `These items are no longer listed by their supplier: ${names.join(', ')}. Remove them or choose another size before submitting.`;

/**
 * Submits a cart: in one transaction the cart becomes one order per supplier branch with the prices
 * the buyer is shown at this moment, the cart is marked submitted and stops being anyone's current
 * cart, and events are recorded. The messages it posts (cart_submitted to the buyer, new_order_received
 * to each supplier) notify their subscribed contacts, with the orders' e-mails (orders/order-emails).
 * The idempotency wrapper (runOnce) makes a repeated submit with the same key return this answer.
 */
export async function submitCartInTransaction(tx: Executor, caller: Caller, id: number) {
  if (!canSubmitOrders(caller.user.status as never)) {
    throw new AppError('forbidden', notApprovedToSubmitMessage, { code: 'not_approved' });
  }
  const cart = await carts.getEditableCartRow(tx, caller, id);
  const view = await carts.viewOfCart(tx, caller, cart);
  if (view.items.length === 0) throw new AppError('unprocessable', emptyCartMessage, { code: 'empty_cart' });
  const unlisted = view.items.filter((item) => item.missingAvailability);
  if (unlisted.length > 0) {
    throw new AppError('unprocessable', unlistedItemsMessage(unlisted.map((item) => item.name)), {
      code: 'unlisted_items',
    });
  }
  await inventory.assertOrderRequirementsMet(
    tx,
    view.branches.map((b) => ({
      branchId: b.id,
      subtotalCents: b.subtotal,
      requestedOn: b.fulfillment.requestedOn,
    })),
    new Date().toISOString().slice(0, 10),
  );
  const branchOrganizations = new Map(view.branches.map((branch) => [branch.id, branch.organizationId]));
  let groups: ReturnType<
    typeof groupItemsIntoOrders<CartView['items'][number] & { branchOrganizationId: number | null }>
  >;
  try {
    groups = groupItemsIntoOrders(
      view.items.map((item) => ({
        ...item,
        branchOrganizationId: branchOrganizations.get(item.branchId) ?? null,
      })),
      cart.organizationId,
    );
  } catch (error) {
    if (error instanceof OrderGroupingError)
      throw new AppError('unprocessable', error.message, { code: 'grouping' });
    throw error;
  }
  const submittedAt = new Date();
  // An order to an organisation with nobody who can sign in would go into silence: it waits for staff.
  const reachable = new Map<number, boolean>();
  for (const group of groups) {
    if (reachable.has(group.supplierOrganizationId)) continue;
    const people = await users.listUsersOfOrganization(tx, group.supplierOrganizationId);
    reachable.set(
      group.supplierOrganizationId,
      people.some((person) => person.status !== 'login_prohibited'),
    );
  }
  // Without a usable payment method or trade credit the orders wait (needs_payment_info, part 3 §4.1).
  const heldForPayment = !(await payments.canPayForOrders(tx, {
    userId: caller.user.id,
    organizationId: cart.organizationId,
  }));
  const created = await orders.createOrdersFromCart(
    tx,
    {
      id: cart.id,
      name: cart.name,
      cartNumber: cart.cartNumber,
      userId: cart.userId,
      buyerOrganizationId: cart.organizationId as number,
      jobNumber: cart.externalJobNumber,
      jobPhase: cart.externalPhase,
    },
    groups.map((group) => {
      const branch = view.branches.find((candidate) => candidate.id === group.branchId);
      const fulfillment = branch?.fulfillment;
      return {
        branchId: group.branchId,
        supplierOrganizationId: group.supplierOrganizationId,
        fulfillment: fulfillment?.fulfillment ?? 'pickup',
        requestedOn: fulfillment?.requestedOn ?? null,
        deliveryAddress: fulfillment?.deliveryAddress ?? null,
        deliveryInstructions: fulfillment?.deliveryInstructions ?? null,
        buyerToSupplierNotes: fulfillment?.notesToSupplier ?? null,
        taxAmount: branch?.taxAmount ?? 0,
        reachable: reachable.get(group.supplierOrganizationId) ?? true,
        heldForPayment,
        items: group.items.map((item) => ({
          productId: item.product?.id ?? null,
          productVariantId: item.productVariantId,
          primaryName: item.name,
          secondaryName: item.secondaryName,
          size: item.size,
          characteristics: item.characteristics,
          unit: item.unit,
          quantity: item.quantity,
          bookPrice: item.bookPrice,
          buyerPrice: item.price?.value ?? null,
          supplierPrice: item.supplierPrice,
          priceCategory: item.priceCategory,
          buyerTotal: item.buyerTotal,
          supplierTotal: item.supplierTotal,
          buyerNotes: item.buyerNotes,
          sharedNotes: item.sharedNotes,
        })),
      };
    }),
    actorOf(caller),
    submittedAt,
  );
  const submitted = await carts.updateCartRow(tx, cart.id, {
    state: 'submitted',
    submittedAt,
    version: cart.version + 1,
  });
  await carts.clearCurrentCart(tx, cart.id);
  await messages.postCartSubmitted(tx, {
    cartId: cart.id,
    userId: cart.userId,
    orderIds: created.map((o) => o.id),
  });
  await recordEvent(tx, actorOf(caller), { type: 'cart', id: cart.id }, 'submit', {
    orderIds: created.map((order) => order.id),
  });
  // The submitted cart is the view just priced, with what submitting changed (no second pricing pass).
  const submittedView: CartView = {
    ...view,
    state: 'submitted',
    version: submitted.version,
    current: false,
    submittedAt: submittedAt.toISOString(),
    updatedAt: submitted.updatedAt.toISOString(),
    orders: created.map((order) => ({
      ...order,
      branchName: view.branches.find((branch) => branch.id === order.branchId)?.name ?? '',
    })),
    permissions: { edit: false, submit: false },
  };
  return { cart: submittedView, orders: created } satisfies SubmittedCart;
}
