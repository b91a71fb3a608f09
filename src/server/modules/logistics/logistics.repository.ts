import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../core/database';
import { freightRequests, trucks } from './logistics.tables';

export type TruckRow = typeof trucks.$inferSelect;
export type FreightRequestRow = typeof freightRequests.$inferSelect;

export async function listTrucks(db: Executor) {
  return db.select().from(trucks).orderBy(asc(trucks.name), asc(trucks.id));
}

export async function findTruck(db: Executor, id: number) {
  const [row] = await db.select().from(trucks).where(eq(trucks.id, id));
  return row ?? null;
}

export async function findTruckByName(db: Executor, name: string) {
  const [row] = await db.select().from(trucks).where(sql`lower(${trucks.name}) = lower(${name})`);
  return row ?? null;
}

export async function insertTruck(db: Executor, values: typeof trucks.$inferInsert) {
  const [row] = await db.insert(trucks).values(values).returning();
  return row;
}

export async function updateTruck(db: Executor, id: number, values: Partial<typeof trucks.$inferInsert>) {
  const [row] = await db
    .update(trucks)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(trucks.id, id))
    .returning();
  return row ?? null;
}

export async function insertFreightRequest(db: Executor, values: typeof freightRequests.$inferInsert) {
  const [row] = await db.insert(freightRequests).values(values).returning();
  return row;
}

export async function updateFreightRequest(
  db: Executor,
  id: number,
  values: Partial<typeof freightRequests.$inferInsert>,
) {
  const [row] = await db
    .update(freightRequests)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(freightRequests.id, id))
    .returning();
  return row;
}

/** The request, locked until the transaction ends, so two estimates of it take turns. */
export async function lockFreightRequest(db: Executor, id: number) {
  const [row] = await db.select().from(freightRequests).where(eq(freightRequests.id, id)).for('update');
  return row ?? null;
}

export async function findOrderRequest(db: Executor, orderId: number) {
  const [row] = await db
    .select()
    .from(freightRequests)
    .where(sql`${freightRequests.orderId} = ${orderId} and ${freightRequests.source} = 'order'`);
  return row ?? null;
}
