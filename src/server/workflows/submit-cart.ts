// A write across two areas: a cart (carts) becomes one order per supplier branch (orders), in one
// transaction, through both areas' services.

import { canSubmitOrders } from '../../domain/access';
import { productName } from '../../domain/brand';
import { fulfillmentLabels } from '../../domain/carts/cart-states';
import type { CartView, SubmittedCart } from '../../domain/carts/cart-view';
import { groupItemsIntoOrders, OrderGroupingError } from '../../domain/carts/order-grouping';
import { formatMoney } from '../../domain/money';
import { actorOf, type Caller } from '../core/caller';
import type { Db, Executor } from '../core/database';
import type { AppDeps } from '../core/deps';
import { AppError } from '../core/errors';
import { recordEvent } from '../modules/audit/audit.service';
import * as carts from '../modules/carts/carts.service';
import * as inventory from '../modules/catalog/inventory.service';
import * as messages from '../modules/messages/messages.service';
import * as notifications from '../modules/notifications/notifications.service';
import * as orders from '../modules/orders/orders.service';
import * as payments from '../modules/payments/payments.service';
import * as users from '../modules/users/users.service';

export const notApprovedToSubmitMessage =
  'Only approved buyers can submit orders. Contact our team to have your account approved.';
/** What the buyer is told about an order held until the organisation can pay (part 3 §2.1: contact support). */
export const heldForPaymentNotice = `This order is waiting for payment information: add a credit card or bank account, or contact ${productName} support, and it goes to the supplier.`;
/** What the buyer is told about an order its supplier cannot receive on the platform yet. */
export const unreachableSupplierNotice = `This supplier cannot receive orders on ${productName} yet, so our team is reviewing this order and will contact you before it goes further.`;
export const emptyCartMessage = 'Add at least one item to this cart before submitting it.';
export const unlistedItemsMessage = (names: string[]) =>
  `These items are no longer listed by their supplier: ${names.join(', ')}. Remove them or choose another size before submitting.`;

/**
 * Submits a cart: in one transaction the cart becomes one order per supplier branch with the prices
 * the buyer is shown at this moment, the cart is marked submitted and stops being anyone's current
 * cart, and events are recorded. Mails to the buyer and to each supplier go out after the commit.
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

/** Tells the buyer what was sent, and each supplier's people that an order arrived. */
export async function sendSubmissionMails(db: Db, deps: Pick<AppDeps, 'mail'>, submitted: SubmittedCart) {
  const { cart } = submitted;
  const { mail } = deps;
  const lines = submitted.orders.map((order) => {
    const branch = cart.branches.find((candidate) => candidate.id === order.branchId);
    const how = branch ? fulfillmentLabels[branch.fulfillment.fulfillment] : 'Pickup';
    const line = `- Order ${order.orderNumber}: ${branch?.name ?? 'Supplier'} (${how}), ${formatMoney(order.total)}`;
    if (order.state === 'needs_payment_info') return `${line}. ${heldForPaymentNotice}`;
    return order.state === 'needs_review' ? `${line}. ${unreachableSupplierNotice}` : line;
  });
  await notifications.sendEmail(db, mail, {
    to: cart.buyerEmail,
    subject: `Your cart ${cart.name} (${cart.cartNumber}) was sent to ${submitted.orders.length} supplier${submitted.orders.length === 1 ? '' : 's'}`,
    text: [
      `Hello ${cart.buyerFullName},`,
      '',
      `Your cart "${cart.name}" was submitted on ${productName} and split into these orders:`,
      ...lines,
      '',
      'Each supplier will confirm its order or propose changes; we will e-mail you when they answer.',
      `${mail.appUrl}/quotes/${cart.id}/submitted`,
    ].join('\n'),
  });
  for (const order of submitted.orders) {
    const branch = cart.branches.find((candidate) => candidate.id === order.branchId);
    if (!branch || order.state === 'needs_review' || order.state === 'needs_payment_info') continue;
    const recipients = await users.listUsersOfOrganization(db, branch.organizationId);
    const items = cart.items.filter((item) => item.branchId === order.branchId);
    for (const recipient of recipients) {
      if (recipient.status === 'login_prohibited') continue;
      await notifications.sendEmail(db, mail, {
        to: recipient.email,
        subject: `New order ${order.orderNumber} for ${branch.name} from ${cart.organizationName ?? cart.buyerFullName}`,
        text: [
          `Hello ${recipient.firstName},`,
          '',
          `${cart.buyerFullName} of ${cart.organizationName ?? 'a buyer'} sent ${branch.name} an order on ${productName}: ${items.length} item${items.length === 1 ? '' : 's'}, ${fulfillmentLabels[branch.fulfillment.fulfillment].toLowerCase()}${branch.fulfillment.requestedOn ? ` requested for ${branch.fulfillment.requestedOn}` : ''}.`,
          ...items.map(
            (item) =>
              `- ${item.quantity} ${item.unitAbbreviation} ${item.name}${item.size ? `, ${item.size}` : ''}`,
          ),
          ...(branch.fulfillment.notesToSupplier
            ? ['', 'Notes from the buyer:', branch.fulfillment.notesToSupplier]
            : []),
          '',
          `Please confirm it or propose changes: ${mail.appUrl}/orders/${order.id}`,
        ].join('\n'),
      });
    }
  }
}
