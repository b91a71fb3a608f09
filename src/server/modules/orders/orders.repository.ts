import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../core/database';
import { queryRows, queryRowsPrepared } from '../../db/client';
import {
  orderChangeProposals,
  orderEvents,
  orderItems,
  orders,
  orderVersions,
  purchaseOrderResponses,
} from './orders.tables';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

export async function insertOrder(db: Executor, values: typeof orders.$inferInsert) {
  const [row] = await db.insert(orders).values(values).returning();
  return row;
}

export async function insertOrderItems(db: Executor, values: (typeof orderItems.$inferInsert)[]) {
  if (values.length === 0) return;
  await db.insert(orderItems).values(values);
}

export async function insertOrderEvent(db: Executor, values: typeof orderEvents.$inferInsert) {
  await db.insert(orderEvents).values(values);
}

export async function listOrderItems(db: Executor, orderId: number) {
  return db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position));
}

export async function listOrdersOfCart(db: Executor, cartId: number) {
  return db.select().from(orders).where(eq(orders.cartId, cartId)).orderBy(asc(orders.id));
}

export async function findOrder(db: Executor, id: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row ?? null;
}

/** The order, locked until the transaction ends, so two answers to it take turns. */
export async function lockOrder(db: Executor, id: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).for('update');
  return row ?? null;
}

/** A buyer organisation's orders waiting for payment information, oldest first, locked for the release. */
export async function lockOrdersHeldForPayment(db: Executor, buyerOrganizationId: number) {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.buyerOrganizationId, buyerOrganizationId), eq(orders.state, 'needs_payment_info')))
    .orderBy(asc(orders.id))
    .for('update');
}

export async function updateOrder(db: Executor, id: number, values: Partial<typeof orders.$inferInsert>) {
  const [row] = await db
    .update(orders)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(orders.id, id))
    .returning();
  return row;
}

export async function updateOrderItem(
  db: Executor,
  id: number,
  values: Partial<typeof orderItems.$inferInsert>,
) {
  await db
    .update(orderItems)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(orderItems.id, id));
}

export async function insertVersion(db: Executor, values: typeof orderVersions.$inferInsert) {
  await db.insert(orderVersions).values(values);
}

export async function findResponse(db: Executor, orderId: number, version: number) {
  const [row] = await db
    .select()
    .from(purchaseOrderResponses)
    .where(and(eq(purchaseOrderResponses.orderId, orderId), eq(purchaseOrderResponses.version, version)));
  return row ?? null;
}

export async function insertResponse(db: Executor, values: typeof purchaseOrderResponses.$inferInsert) {
  const [row] = await db.insert(purchaseOrderResponses).values(values).returning();
  return row;
}

export async function listResponses(db: Executor, orderId: number) {
  return db
    .select()
    .from(purchaseOrderResponses)
    .where(eq(purchaseOrderResponses.orderId, orderId))
    .orderBy(asc(purchaseOrderResponses.version));
}

export async function insertProposals(db: Executor, values: (typeof orderChangeProposals.$inferInsert)[]) {
  if (values.length === 0) return [];
  return db.insert(orderChangeProposals).values(values).returning();
}

export async function listProposals(db: Executor, orderId: number) {
  return db
    .select()
    .from(orderChangeProposals)
    .where(eq(orderChangeProposals.orderId, orderId))
    .orderBy(asc(orderChangeProposals.id));
}

export async function updateProposal(
  db: Executor,
  id: number,
  values: Partial<typeof orderChangeProposals.$inferInsert>,
) {
  await db
    .update(orderChangeProposals)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(orderChangeProposals.id, id));
}

/** Pending proposals move to the order's new version when an accepted one changes the order. */
export async function movePendingProposals(db: Executor, orderId: number, version: number) {
  await db
    .update(orderChangeProposals)
    .set({ version, updatedAt: new Date() })
    .where(and(eq(orderChangeProposals.orderId, orderId), eq(orderChangeProposals.state, 'pending')));
}

// Column names are few and repeat on every row: each is converted once (the regex per key per row was
// a quarter of the order page's CPU).
const camelKeys = new Map<string, string>();
function camelKey(key: string) {
  let name = camelKeys.get(key);
  if (name === undefined) {
    name = key.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
    camelKeys.set(key, name);
  }
  return name;
}
const timestampKeys = new Set(['createdAt', 'updatedAt', 'submittedAt', 'decidedAt', 'deactivatedAt']);

/** A row as `row_to_json` gives it (snake_case, timestamps as text) in the shape Drizzle's rows have. */
function asRow<T>(json: Record<string, unknown>): T {
  const row: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(json)) {
    const name = camelKey(key);
    row[name] = timestampKeys.has(name) && typeof value === 'string' ? new Date(value) : value;
  }
  return row as T;
}

type OrderDocumentJson = {
  order: Record<string, unknown> | null;
  items: Record<string, unknown>[];
  events: Record<string, unknown>[];
  versions: Record<string, unknown>[];
  responses: Record<string, unknown>[];
  proposals: Record<string, unknown>[];
};

/** A version as the order document lists it: without its snapshot, which only documents and history read. */
export type OrderVersionEntry = Omit<typeof orderVersions.$inferSelect, 'snapshot'>;

/**
 * An order with its items, events, versions, answers and proposals in one prepared round trip (the
 * order page's call, read often by both sides); null when there is no such order.
 */
export async function findOrderDocument(db: Executor, id: number) {
  const [row] = await queryRowsPrepared<OrderDocumentJson>(
    db,
    'order_document',
    sql`select row_to_json(o) as "order",
               coalesce((select json_agg(i order by i.position) from order_items i where i.order_id = o.id), '[]') as items,
               coalesce((select json_agg(e order by e.created_at, e.id) from order_events e where e.order_id = o.id), '[]') as events,
               coalesce((select json_agg(json_build_object('id', v.id, 'order_id', v.order_id, 'version', v.version,
                                                          'reason', v.reason, 'created_by_user_id', v.created_by_user_id,
                                                          'created_at', v.created_at, 'updated_at', v.updated_at)
                                        order by v.version)
                           from order_versions v where v.order_id = o.id), '[]') as versions,
               coalesce((select json_agg(r order by r.version) from purchase_order_responses r where r.order_id = o.id), '[]') as responses,
               coalesce((select json_agg(p order by p.id) from order_change_proposals p where p.order_id = o.id), '[]') as proposals
          from orders o
         where o.id = ${id}`,
  );
  if (!row?.order) return null;
  return {
    order: asRow<OrderRow>(row.order),
    items: row.items.map((item) => asRow<OrderItemRow>(item)),
    events: row.events.map((event) => asRow<typeof orderEvents.$inferSelect>(event)),
    versions: row.versions.map((version) => asRow<OrderVersionEntry>(version)),
    responses: row.responses.map((response) => asRow<typeof purchaseOrderResponses.$inferSelect>(response)),
    proposals: row.proposals.map((proposal) => asRow<typeof orderChangeProposals.$inferSelect>(proposal)),
  };
}

/** One stored version of an order (its snapshot), or null. */
export async function findVersion(db: Executor, orderId: number, version: number) {
  const [row] = await db
    .select()
    .from(orderVersions)
    .where(and(eq(orderVersions.orderId, orderId), eq(orderVersions.version, version)));
  return row ?? null;
}

/** Pending proposals are withdrawn when the order changes hands (the other party made them). */
export async function withdrawPendingProposals(
  db: Executor,
  orderId: number,
  userId: number,
  comment: string,
) {
  return db
    .update(orderChangeProposals)
    .set({
      state: 'rejected',
      decidedByUserId: userId,
      decidedAt: new Date(),
      decisionComment: comment,
      updatedAt: new Date(),
    })
    .where(and(eq(orderChangeProposals.orderId, orderId), eq(orderChangeProposals.state, 'pending')))
    .returning({ id: orderChangeProposals.id });
}

/** The latest events of an order, newest first (for tests and staff). */
export async function listOrderEvents(db: Executor, orderId: number) {
  return db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(desc(orderEvents.id));
}

export type SupplierHistoryRow = {
  id: number;
  order_number: string;
  name: string;
  state: string;
  submitted_at: Date | string;
  fulfilled_on: string | null;
  total: number;
  items_count: number;
  branch_id: number;
  branch_name: string;
  total_count: number;
};

/** How many of a side's active orders are in each state. */
export async function countOrdersByState(db: Executor, side: 'buyer' | 'supplier', organizationId: number) {
  const column = side === 'buyer' ? sql`o.buyer_organization_id` : sql`o.supplier_organization_id`;
  return queryRows<{ state: string; count: number }>(
    db,
    sql`select o.state, count(*)::int as count
          from orders o
         where ${column} = ${organizationId} and o.deactivated_at is null and o.state <> 'draft'
         group by o.state`,
  );
}

export async function deleteOrderItem(db: Executor, id: number) {
  await db.delete(orderItems).where(eq(orderItems.id, id));
}
