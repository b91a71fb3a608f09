import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { FreightLine } from '../../../domain/logistics/freight';
import { baseColumns, timestamptz } from '../../db/columns';
import { carts } from '../carts/carts.tables';
import { messages, messageThreads } from '../messages/messages.tables';
import { orders } from '../orders/orders.tables';
import { branches, organizations } from '../organizations/organizations.tables';
import { users } from '../users/users.tables';

/** A truck the logistics team prices freight with (issue 16): capacity, rate per mile and minimum (cents). */
export const trucks = pgTable(
  'trucks',
  {
    ...baseColumns(),
    name: text('name').notNull(),
    palletCapacity: integer('pallet_capacity').notNull(),
    weightCapacityLb: integer('weight_capacity_lb').notNull(),
    ratePerMile: integer('rate_per_mile').notNull(),
    minimumCharge: integer('minimum_charge').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('trucks_name_idx').on(sql`lower(${t.name})`),
    check(
      'trucks_figures_check',
      sql`${t.palletCapacity} > 0 and ${t.weightCapacityLb} > 0 and ${t.ratePerMile} >= 0 and ${t.minimumCharge} >= 0`,
    ),
  ],
);

/**
 * A request for a freight estimate (spec part 3 §3): from a buyer's cart, or made for an order a supplier
 * confirmed with platform freight. It lives in its own 'Freight Estimate' thread; the estimate answers it
 * once (responded_at), and for an order also becomes the order's shipping amount.
 */
export const freightRequests = pgTable(
  'freight_requests',
  {
    ...baseColumns(),
    source: text('source').notNull(),
    cartId: bigint('cart_id', { mode: 'number' }).references(() => carts.id, { onDelete: 'cascade' }),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id, { onDelete: 'cascade' }),
    threadId: bigint('thread_id', { mode: 'number' })
      .notNull()
      .references(() => messageThreads.id, { onDelete: 'cascade' }),
    requestMessageId: bigint('request_message_id', { mode: 'number' }).references(() => messages.id, {
      onDelete: 'set null',
    }),
    buyerOrganizationId: bigint('buyer_organization_id', { mode: 'number' }).references(
      () => organizations.id,
    ),
    requestedByUserId: bigint('requested_by_user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    branchId: bigint('branch_id', { mode: 'number' }).references(() => branches.id, { onDelete: 'set null' }),
    destinationCity: text('destination_city').notNull(),
    destinationState: text('destination_state').notNull(),
    destinationPostalCode: text('destination_postal_code').notNull(),
    expectedShipDate: date('expected_ship_date', { mode: 'string' }),
    fulfillmentHours: text('fulfillment_hours'),
    needsDeliveryAssist: boolean('needs_delivery_assist').notNull().default(false),
    notes: text('notes'),
    lines: jsonb('lines').$type<FreightLine[]>().notNull().default(sql`'[]'::jsonb`),
    distanceMiles: doublePrecision('distance_miles'),
    respondedAt: timestamptz('responded_at'),
    estimateCost: integer('estimate_cost'),
    estimateNotes: text('estimate_notes'),
    truckId: bigint('truck_id', { mode: 'number' }).references(() => trucks.id, { onDelete: 'set null' }),
    estimatePdfName: text('estimate_pdf_name'),
    responseMessageId: bigint('response_message_id', { mode: 'number' }).references(() => messages.id, {
      onDelete: 'set null',
    }),
    estimatedByUserId: bigint('estimated_by_user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    // One automatic request per order; the queue reads the open ones oldest first.
    uniqueIndex('freight_requests_order_idx').on(t.orderId).where(sql`${t.source} = 'order'`),
    index('freight_requests_open_idx').on(t.createdAt).where(sql`${t.respondedAt} is null`),
    index('freight_requests_thread_idx').on(t.threadId),
    index('freight_requests_cart_idx').on(t.cartId),
    check('freight_requests_source_check', sql`${t.source} in ('cart', 'order')`),
    check('freight_requests_estimate_cost_check', sql`${t.estimateCost} is null or ${t.estimateCost} >= 0`),
  ],
);
