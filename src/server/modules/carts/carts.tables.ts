import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { DeliveryAddress } from '../../../domain/carts/cart-view';
import { baseColumns, timestamptz } from '../../db/columns';
import { products, productVariants } from '../catalog/catalog.tables';
import { branches, organizations } from '../organizations/organizations.tables';
import { users } from '../users/users.tables';

/** Cart numbers count up from 100001 and read as Q-100001: short enough to say on the phone. */
export const cartNumberSequence = pgSequence('cart_number_seq', { startWith: 100001 });

/**
 * A buyer's cart (also called a quote) for one job. state: draft, in_review (checked out) or
 * submitted. version counts changes to the cart's own fields and checkout choices so a stale write
 * answers 409; items carry their own version.
 */
export const carts = pgTable(
  'carts',
  {
    ...baseColumns(),
    cartNumber: text('cart_number').notNull().default(sql`'Q-' || nextval('cart_number_seq')`),
    name: text('name').notNull(),
    state: text('state').notNull().default('draft'),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    organizationId: bigint('organization_id', { mode: 'number' }).references(() => organizations.id),
    externalJobNumber: text('external_job_number'),
    externalPhase: text('external_phase'),
    postalCode: text('postal_code'),
    taxExempt: boolean('tax_exempt').notNull().default(false),
    version: integer('version').notNull().default(1),
    submittedAt: timestamptz('submitted_at'),
  },
  (t) => [
    uniqueIndex('carts_cart_number_idx').on(t.cartNumber),
    index('carts_user_state_idx').on(t.userId, t.state, t.updatedAt),
    index('carts_organization_idx').on(t.organizationId),
    check('carts_state_check', sql`${t.state} in ('draft', 'in_review', 'submitted')`),
    check('carts_submitted_check', sql`(${t.state} = 'submitted') = (${t.submittedAt} is not null)`),
  ],
);

/** The one cart a user is working in (the header's cart button); none after it is submitted. */
export const currentCarts = pgTable('current_carts', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  cartId: bigint('cart_id', { mode: 'number' })
    .notNull()
    .references(() => carts.id, { onDelete: 'cascade' }),
});

/**
 * A line of a cart: a catalogue size from one branch, or (non_catalog) an item the buyer describes for
 * that branch. Prices are not stored: they follow the branch's listing until the cart is submitted,
 * when the order items keep the prices the buyer saw. unit_price_override is the price the buyer
 * typed for a non-catalogue item. The staff_* prices are Beehive's overrides: the cart and the order
 * it becomes use them; the listing's price stays the original shown beside them.
 */
export const cartItems = pgTable(
  'cart_items',
  {
    ...baseColumns(),
    cartId: bigint('cart_id', { mode: 'number' })
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    branchId: bigint('branch_id', { mode: 'number' })
      .notNull()
      .references(() => branches.id),
    productVariantId: bigint('product_variant_id', { mode: 'number' }).references(() => productVariants.id),
    productId: bigint('product_id', { mode: 'number' }).references(() => products.id),
    quantity: numeric('quantity', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    sortPosition: integer('sort_position').notNull(),
    nonCatalog: boolean('non_catalog').notNull().default(false),
    nonCatalogName: text('non_catalog_name'),
    nonCatalogSize: text('non_catalog_size'),
    nonCatalogUnit: text('non_catalog_unit'),
    unitPriceOverride: integer('unit_price_override'),
    // Prices staff set in Beehive (cents per unit), each overriding what the listing gives; null keeps it.
    staffBookPrice: integer('staff_book_price'),
    staffBuyerPrice: integer('staff_buyer_price'),
    staffSupplierPrice: integer('staff_supplier_price'),
    buyerNotes: text('buyer_notes'),
    sharedNotes: text('shared_notes'),
    /** Where the line was added from (cartMetricsSources); null when the adder did not say. */
    metricsSource: text('metrics_source'),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    check(
      'cart_items_metrics_source_check',
      sql`${t.metricsSource} in ('Photo Request', 'Hubsheet', 'Search', 'Product Page')`,
    ),
    index('cart_items_cart_idx').on(t.cartId, t.sortPosition),
    // One line per size and branch: adding the same size again adds to that line.
    uniqueIndex('cart_items_cart_listing_idx')
      .on(t.cartId, t.branchId, t.productVariantId)
      .where(sql`not ${t.nonCatalog}`),
    index('cart_items_variant_idx').on(t.productVariantId),
    check('cart_items_quantity_check', sql`${t.quantity} > 0`),
    check(
      'cart_items_staff_prices_check',
      sql`coalesce(${t.staffBookPrice}, 0) >= 0 and coalesce(${t.staffBuyerPrice}, 0) >= 0
        and coalesce(${t.staffSupplierPrice}, 0) >= 0`,
    ),
    check(
      'cart_items_kind_check',
      sql`(${t.nonCatalog} and ${t.nonCatalogName} is not null and ${t.productVariantId} is null)
        or (not ${t.nonCatalog} and ${t.productVariantId} is not null and ${t.productId} is not null)`,
    ),
  ],
);

/** Checkout choices per supplier branch of a cart (spec: per supplier pickup or delivery). */
export const cartFulfillments = pgTable(
  'cart_fulfillments',
  {
    ...baseColumns(),
    cartId: bigint('cart_id', { mode: 'number' })
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    branchId: bigint('branch_id', { mode: 'number' })
      .notNull()
      .references(() => branches.id),
    fulfillment: text('fulfillment').notNull().default('pickup'),
    requestedOn: date('requested_on', { mode: 'string' }),
    deliveryAddress: jsonb('delivery_address').$type<DeliveryAddress>(),
    deliveryInstructions: text('delivery_instructions'),
    notesToSupplier: text('notes_to_supplier'),
  },
  (t) => [
    uniqueIndex('cart_fulfillments_cart_branch_idx').on(t.cartId, t.branchId),
    check('cart_fulfillments_fulfillment_check', sql`${t.fulfillment} in ('pickup', 'delivery')`),
  ],
);

/** Notes on a cart, shown in the Download Quote dialog and printed on the quote. */
export const cartNotes = pgTable(
  'cart_notes',
  {
    ...baseColumns(),
    cartId: bigint('cart_id', { mode: 'number' })
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    authorId: bigint('author_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    internal: boolean('internal').notNull().default(false),
  },
  (t) => [index('cart_notes_cart_idx').on(t.cartId)],
);
