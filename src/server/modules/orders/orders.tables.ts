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
  pgTable,
  primaryKey,
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
    // The supplier's answer: how the goods travel and what shipping costs (cents); freight_pending
    // while the platform prices the freight (shown as 'Confirmed (Freight Pending)').
    shippingMode: text('shipping_mode'),
    shippingAmount: integer('shipping_amount'),
    shippingNotes: text('shipping_notes'),
    freightPending: boolean('freight_pending').notNull().default(false),
    fulfilledOn: date('fulfilled_on', { mode: 'string' }),
    // Staff take an order out of the buyer's and supplier's lists (with a reason) without changing its
    // state; reactivating clears these. The order page still opens, with a notice.
    deactivatedAt: timestamptz('deactivated_at'),
    deactivatedReason: text('deactivated_reason'),
    deactivatedByUserId: bigint('deactivated_by_user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    uniqueIndex('orders_order_number_idx').on(t.orderNumber),
    index('orders_buyer_organization_idx').on(t.buyerOrganizationId, t.submittedAt),
    index('orders_supplier_organization_idx').on(t.supplierOrganizationId, t.submittedAt),
    index('orders_branch_idx').on(t.branchId, t.submittedAt),
    // The Orders list (order-lists.repository): counting a side's orders by state reads these small
    // (deduplicated) indexes only; its search box reads the trigram index of the order's own text.
    index('orders_buyer_state_idx').on(t.buyerOrganizationId, t.state),
    index('orders_supplier_state_idx').on(t.supplierOrganizationId, t.state),
    index('orders_search_idx').using(
      'gin',
      sql`(${t.orderNumber} || ' ' || ${t.name} || ' ' || coalesce(${t.jobNumber}, '')) gin_trgm_ops`,
    ),
    index('orders_cart_idx').on(t.cartId),
    check('orders_fulfillment_check', sql`${t.fulfillment} in ('pickup', 'delivery')`),
    check(
      'orders_shipping_mode_check',
      sql`${t.shippingMode} is null or ${t.shippingMode} in ('pickup', 'supplier_ship', 'platform_ship')`,
    ),
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

/**
 * What an order looked like at each version: items, date, fulfilment and amounts. A new version
 * starts whenever items, dates or fulfilment change; the purchase order and bill of lading of a
 * version are rendered from its snapshot, and answers name the version they answer.
 */
export const orderVersions = pgTable(
  'order_versions',
  {
    ...baseColumns(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    reason: text('reason').notNull(),
    createdByUserId: bigint('created_by_user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [uniqueIndex('order_versions_order_version_idx').on(t.orderId, t.version)],
);

/** The supplier's answer to one version of a purchase order; one answer per version. */
export const purchaseOrderResponses = pgTable(
  'purchase_order_responses',
  {
    ...baseColumns(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    respondedWith: text('responded_with').notNull(),
    shippingMode: text('shipping_mode'),
    shippingAmount: integer('shipping_amount'),
    shippingNotes: text('shipping_notes'),
    reason: text('reason'),
    comment: text('comment'),
    respondedByUserId: bigint('responded_by_user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    uniqueIndex('purchase_order_responses_order_version_idx').on(t.orderId, t.version),
    check(
      'purchase_order_responses_responded_with_check',
      sql`${t.respondedWith} in ('confirm_order', 'confirm_with_shipping', 'confirm_with_platform_shipping', 'reject_order', 'changes_requested')`,
    ),
  ],
);

/**
 * A change one side proposes and the other accepts or rejects: an item (quantity, size, substitute,
 * price) or the fulfilment date. `proposal` holds current, proposed, reason and comment.
 */
export const orderChangeProposals = pgTable(
  'order_change_proposals',
  {
    ...baseColumns(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    proposedBySide: text('proposed_by_side').notNull(),
    proposedByUserId: bigint('proposed_by_user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    bailiwick: text('bailiwick').notNull(),
    orderItemId: bigint('order_item_id', { mode: 'number' }).references(() => orderItems.id, {
      onDelete: 'cascade',
    }),
    proposal: jsonb('proposal').$type<Record<string, unknown>>().notNull(),
    state: text('state').notNull().default('pending'),
    decidedByUserId: bigint('decided_by_user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    decidedAt: timestamptz('decided_at'),
    decisionComment: text('decision_comment'),
  },
  (t) => [
    index('order_change_proposals_order_idx').on(t.orderId, t.state),
    check('order_change_proposals_side_check', sql`${t.proposedBySide} in ('buyer', 'supplier')`),
    check(
      'order_change_proposals_bailiwick_check',
      sql`${t.bailiwick} in ('fulfillment_date', 'order_item')`,
    ),
    check('order_change_proposals_state_check', sql`${t.state} in ('pending', 'accepted', 'rejected')`),
  ],
);

/**
 * Open orders per organisation, side and state, kept by a trigger on orders (migrations 0015 and
 * 0017): the Orders list's tab counts read it instead of counting, and `changes` (a running total of
 * touches) tells the list when a cached count of a search is stale. Not a foreign key on purpose: the
 * trigger writes it inside every order change.
 */
export const orderListCounts = pgTable(
  'order_list_counts',
  {
    organizationId: bigint('organization_id', { mode: 'number' }).notNull(),
    side: text('side', { enum: ['buyer', 'supplier'] }).notNull(),
    state: text('state').notNull(),
    count: integer('count').notNull(),
    changes: bigint('changes', { mode: 'bigint' }).notNull().default(sql`0`),
  },
  (table) => [
    primaryKey({ name: 'order_list_counts_pkey', columns: [table.organizationId, table.side, table.state] }),
    check('order_list_counts_side_check', sql`${table.side} in ('buyer', 'supplier')`),
  ],
);
