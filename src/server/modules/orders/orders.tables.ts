import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { DeliveryAddress } from '../../../domain/carts/cart-view';
import { baseColumns, timestamptz } from '../../db/columns';
import { carts } from '../carts/carts.tables';
import { products, productVariants } from '../catalog/catalog.tables';
import { branches, organizations } from '../organizations/organizations.tables';
import { users } from '../users/users.tables';

/**
 * One supplier branch's share of a submitted cart. The buyer side is user_id and
 * buyer_organization_id; the supplier side is branch_id and supplier_organization_id (the order
 * gate of spec part 1 §6 reads these). Amounts are in cents as the buyer saw them at submission.
 */
export const orders = pgTable(
  'orders',
  {
    ...baseColumns(),
    orderNumber: text('order_number').notNull(),
    name: text('name').notNull(),
    state: text('state').notNull().default('submitted'),
    version: integer('version').notNull().default(1),
    cartId: bigint('cart_id', { mode: 'number' }).references(() => carts.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    buyerOrganizationId: bigint('buyer_organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    branchId: bigint('branch_id', { mode: 'number' })
      .notNull()
      .references(() => branches.id),
    supplierOrganizationId: bigint('supplier_organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    jobNumber: text('job_number'),
    jobPhase: text('job_phase'),
    fulfillment: text('fulfillment').notNull().default('pickup'),
    requestedOn: date('requested_on', { mode: 'string' }),
    deliveryAddress: jsonb('delivery_address').$type<DeliveryAddress>(),
    deliveryInstructions: text('delivery_instructions'),
    buyerToSupplierNotes: text('buyer_to_supplier_notes'),
    originalSubtotal: integer('original_subtotal').notNull(),
    discountAmount: integer('discount_amount').notNull().default(0),
    subtotal: integer('subtotal').notNull(),
    supplierSubtotal: integer('supplier_subtotal').notNull(),
    taxAmount: integer('tax_amount').notNull().default(0),
    total: integer('total').notNull(),
    submittedAt: timestamptz('submitted_at').notNull(),
  },
  (t) => [
    uniqueIndex('orders_order_number_idx').on(t.orderNumber),
    index('orders_buyer_organization_idx').on(t.buyerOrganizationId, t.submittedAt),
    index('orders_supplier_organization_idx').on(t.supplierOrganizationId, t.submittedAt),
    index('orders_branch_idx').on(t.branchId, t.submittedAt),
    index('orders_cart_idx').on(t.cartId),
    check('orders_fulfillment_check', sql`${t.fulfillment} in ('pickup', 'delivery')`),
  ],
);

/** An order's lines, copied from the cart with the prices the buyer was shown when submitting. */
export const orderItems = pgTable(
  'order_items',
  {
    ...baseColumns(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: bigint('product_id', { mode: 'number' }).references(() => products.id),
    productVariantId: bigint('product_variant_id', { mode: 'number' }).references(() => productVariants.id),
    primaryName: text('primary_name').notNull(),
    secondaryName: text('secondary_name'),
    size: text('size'),
    characteristics: text('characteristics').array().notNull().default(sql`'{}'::text[]`),
    unit: text('unit').notNull().default('each'),
    quantity: numeric('quantity', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    bookPrice: integer('book_price'),
    buyerPrice: integer('buyer_price'),
    supplierPrice: integer('supplier_price'),
    priceCategory: text('price_category'),
    buyerTotal: integer('buyer_total').notNull(),
    supplierTotal: integer('supplier_total').notNull(),
    buyerNotes: text('buyer_notes'),
    sharedNotes: text('shared_notes'),
  },
  (t) => [index('order_items_order_idx').on(t.orderId, t.position)],
);

/** What happened to an order, by whom and when (spec part 3: order events). */
export const orderEvents = pgTable(
  'order_events',
  {
    ...baseColumns(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    fromState: text('from_state'),
    toState: text('to_state'),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    impersonatorUserId: bigint('impersonator_user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    payload: jsonb('payload').$type<Record<string, unknown>>(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt)],
);
