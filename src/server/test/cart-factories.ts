import type { Executor } from '../core/database';
import { paymentMethods } from '../modules/payments/payments.tables';
import { insertAvailability, insertDiscount, insertProduct, insertVariant } from './catalog-factories';
import { bearer, insertBranch, insertOrganization, insertUser, tokenFor } from './factories';

/**
 * A saved sandbox Visa of a user (and of the organisation, approved), as the payment methods page
 * stores one: with it the user's orders go to their suppliers instead of waiting in needs_payment_info.
 */
export async function insertPaymentMethod(
  db: Executor,
  user: { id: number; organizationId: number | null },
  overrides: Partial<typeof paymentMethods.$inferInsert> = {},
) {
  const [row] = await db
    .insert(paymentMethods)
    .values({
      userId: user.id,
      organizationId: user.organizationId,
      paymentType: 'credit_card',
      provider: 'sandbox',
      stripeId: `pm_test_${user.id}_${Math.random().toString(36).slice(2, 8)}`,
      brand: 'Visa',
      last4: '4242',
      isDefault: true,
      ...overrides,
    })
    .returning();
  return row;
}

/**
 * A signed-in buyer of a fresh organisation, with headers for app.inject. The buyer has a saved card
 * (so submitted carts reach their suppliers) unless `paymentMethod: false`.
 */
export async function signedInBuyer(
  db: Executor,
  overrides: {
    status?: 'approved' | 'approved_for_site_use_only' | 'no_site_use';
    organizationId?: number | null;
    paymentMethod?: boolean;
  } = {},
) {
  const organization =
    overrides.organizationId === undefined ? await insertOrganization(db, { name: 'Greenline Test' }) : null;
  const user = await insertUser(db, {
    organizationId: overrides.organizationId === undefined ? organization?.id : overrides.organizationId,
    status: overrides.status ?? 'approved',
  });
  if (overrides.paymentMethod !== false) await insertPaymentMethod(db, user);
  return { organization, user, headers: bearer(await tokenFor(db, user.id)) };
}

/**
 * A supplier organisation with a branch listing one size of a new product. Tiers default to
 * $30.00 from 1 and $28.00 from 10; `unit` lets a test list bulk goods.
 */
export async function supplierListing(
  db: Executor,
  options: {
    branch?: Parameters<typeof insertBranch>[2];
    organizationId?: number;
    quantity?: number;
    unit?: string;
    priceTiers?: { quantityMin: number; price: number }[];
    restricted?: boolean;
  } = {},
) {
  const organizationId = options.organizationId ?? (await insertOrganization(db, { isBuyer: false })).id;
  const branch = await insertBranch(db, organizationId, options.branch ?? {});
  const product = await insertProduct(db, { restricted: options.restricted ?? false });
  const variant = await insertVariant(db, product.id, { size: '#3', unit: options.unit ?? 'each' });
  const availability = await insertAvailability(db, {
    branchId: branch.id,
    variant,
    quantity: options.quantity ?? 120,
    ...(options.priceTiers ? { priceTiers: options.priceTiers } : {}),
  });
  return { organizationId, branch, product, variant, availability };
}

type InjectingApp = {
  inject(options: {
    method: string;
    url: string;
    headers?: Record<string, string>;
    payload?: unknown;
  }): Promise<{
    statusCode: number;
    body: string;
    json<T = unknown>(): T;
  }>;
};

/**
 * A buyer's cart with one line from a new supplier branch, submitted through the API: one order in
 * purchase_order_sent. With `delivery`, the branch is delivered to an address in North Carolina.
 * Returns the buyer, the supplier's user, the order id and the listing.
 */
export async function submittedOrder(
  db: Executor,
  app: InjectingApp,
  options: {
    delivery?: boolean;
    /** The on-site contact of the delivery address. */
    contactName?: string;
    quantity?: number;
    /** A discount the supplier gives the buyer ('purchase' is an EVD, in basis points or cents). */
    discount?: {
      kind: 'purchase' | 'supplier' | 'platform';
      operator: 'PERCENTAGE' | 'FLAT_RATE';
      value: number;
    };
    /** An existing buyer (a second order of the same organisation); a new one when left out. */
    buyer?: Awaited<ReturnType<typeof signedInBuyer>>;
  } = {},
) {
  const buyer = options.buyer ?? (await signedInBuyer(db));
  const listing = await supplierListing(db);
  if (options.discount) {
    await insertDiscount(db, {
      name: 'Test discount',
      ...options.discount,
      buyerOrganizationId: options.discount.kind === 'purchase' ? buyer.organization?.id : null,
      supplierOrganizationId: options.discount.kind === 'platform' ? null : listing.organizationId,
    });
  }
  const supplierUser = await insertUser(db, { organizationId: listing.organizationId });
  const supplierHeaders = bearer(await tokenFor(db, supplierUser.id));
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/carts',
    headers: buyer.headers,
    payload: { name: 'Job site A' },
  });
  const cart = created.json<{ id: number; version: number }>();
  await app.inject({
    method: 'POST',
    url: '/api/v1/cart_items',
    headers: buyer.headers,
    payload: {
      cartId: cart.id,
      branchId: listing.branch.id,
      productVariantId: listing.variant.id,
      quantity: options.quantity ?? 4,
    },
  });
  if (options.delivery) {
    const saved = await app.inject({
      method: 'PUT',
      url: `/api/v1/carts/${cart.id}/fulfillments/${listing.branch.id}`,
      headers: buyer.headers,
      payload: {
        version: cart.version,
        fulfillment: 'delivery',
        requestedOn: '2099-05-01',
        deliveryAddress: {
          name: 'Site office',
          street1: '1 Oak St',
          city: 'Durham',
          state: 'NC',
          postalCode: '27701',
          phone: '(919) 555-0100',
          ...(options.contactName ? { contactName: options.contactName } : {}),
        },
      },
    });
    if (saved.statusCode !== 200) throw new Error(saved.body);
  }
  const submitted = await app.inject({
    method: 'POST',
    url: `/api/v1/carts/${cart.id}/submit`,
    headers: buyer.headers,
  });
  if (submitted.statusCode !== 200) throw new Error(submitted.body);
  const [order] = submitted.json<{ orders: { id: number }[] }>().orders;
  return { buyer, supplierUser, supplierHeaders, listing, orderId: order.id };
}
