import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { baseColumns, timestamptz } from '../../db/columns';
import { branches, organizations } from '../organizations/organizations.tables';
import { users } from '../users/users.tables';
import { discounts, products, productVariants } from './catalog.tables';

/**
 * A branch's order requirements (spec part 3 §7.6 order_requirements): shown on the cart and at
 * checkout, checked when a cart is submitted. Every field is optional; a row with none is no rule.
 */
export const branchOrderRequirements = pgTable(
  'branch_order_requirements',
  {
    ...baseColumns(),
    branchId: bigint('branch_id', { mode: 'number' })
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    minimumOrderCents: integer('minimum_order_cents'),
    minimumLeadDays: integer('minimum_lead_days'),
    deliveryDays: text('delivery_days').array().notNull().default(sql`'{}'::text[]`),
    pickupHours: text('pickup_hours'),
  },
  (t) => [
    uniqueIndex('branch_order_requirements_branch_idx').on(t.branchId),
    check(
      'branch_order_requirements_values_check',
      sql`(${t.minimumOrderCents} is null or ${t.minimumOrderCents} >= 0) and (${t.minimumLeadDays} is null or ${t.minimumLeadDays} >= 0)`,
    ),
  ],
);

/** A supplier's notice to buyers at one branch (spec part 3 §7.6 supplier_notices), shown between its dates. */
export const supplierNotices = pgTable(
  'supplier_notices',
  {
    ...baseColumns(),
    branchId: bigint('branch_id', { mode: 'number' })
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    startsOn: date('starts_on', { mode: 'string' }),
    endsOn: date('ends_on', { mode: 'string' }),
  },
  (t) => [index('supplier_notices_branch_idx').on(t.branchId)],
);

/**
 * What a supplier's own product name or SKU (and size) means in the catalogue: chosen once while
 * mapping an availability upload, used by every later upload of that organisation.
 */
export const productMappings = pgTable(
  'product_mappings',
  {
    ...baseColumns(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    sourceKey: text('source_key').notNull(),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    productVariantId: bigint('product_variant_id', { mode: 'number' })
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('product_mappings_org_key_idx').on(t.organizationId, t.sourceKey)],
);

/**
 * A buyer's request that a supplier honour its purchase discount (EVD, spec part 3 §7.3
 * evd_acknowledgement_request): pending until the supplier approves (a `purchase` discount is
 * created) or denies it. value is basis points for PERCENTAGE, cents for FLAT_RATE.
 */
export const purchaseDiscountRequests = pgTable(
  'purchase_discount_requests',
  {
    ...baseColumns(),
    buyerOrganizationId: bigint('buyer_organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    supplierOrganizationId: bigint('supplier_organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    operator: text('operator').notNull(),
    value: integer('value').notNull(),
    terms: text('terms'),
    state: text('state').notNull().default('pending'),
    requestedByUserId: bigint('requested_by_user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    decidedByUserId: bigint('decided_by_user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    decidedAt: timestamptz('decided_at'),
    discountId: bigint('discount_id', { mode: 'number' }).references(() => discounts.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    index('purchase_discount_requests_supplier_idx').on(t.supplierOrganizationId, t.state),
    index('purchase_discount_requests_buyer_idx').on(t.buyerOrganizationId),
    check('purchase_discount_requests_state_check', sql`${t.state} in ('pending', 'approved', 'denied')`),
    check('purchase_discount_requests_operator_check', sql`${t.operator} in ('PERCENTAGE', 'FLAT_RATE')`),
  ],
);

/**
 * How many listings each branch has, and how many are in stock: kept by statement triggers on
 * availabilities (migration 0046), so the inventory list's total and the branch cards need not count a
 * 20,000-listing branch on every page. `lastUpdatedAt` is the latest change written to any listing.
 */
export const branchListingCounts = pgTable('branch_listing_counts', {
  branchId: bigint('branch_id', { mode: 'number' })
    .primaryKey()
    .references(() => branches.id, { onDelete: 'cascade' }),
  listings: integer('listings').notNull().default(0),
  inStock: integer('in_stock').notNull().default(0),
  lastUpdatedAt: timestamptz('last_updated_at'),
});
