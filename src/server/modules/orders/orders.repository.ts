import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orderEvents, orderItems, orders } from './orders.tables';

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

export async function findOrder(db: Executor, id: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row ?? null;
}

export async function listOrderItems(db: Executor, orderId: number) {
  return db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position));
}

export async function listOrderEvents(db: Executor, orderId: number) {
  return db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
}

export async function listOrdersOfCart(db: Executor, cartId: number) {
  return db.select().from(orders).where(eq(orders.cartId, cartId)).orderBy(asc(orders.id));
}
