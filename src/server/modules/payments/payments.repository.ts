import { and, asc, desc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../core/database';
import { paymentAllocations, paymentMethods, payments } from './payments.tables';

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

/** The caller's own methods and the organisation's other members' methods, default first. */
export async function listMethodsFor(db: Executor, userId: number, organizationId: number | null) {
  const whose =
    organizationId === null
      ? eq(paymentMethods.userId, userId)
      : or(eq(paymentMethods.userId, userId), eq(paymentMethods.organizationId, organizationId));
  return db
    .select()
    .from(paymentMethods)
    .where(and(whose, isNull(paymentMethods.deletedAt)))
    .orderBy(desc(paymentMethods.isDefault), asc(paymentMethods.id));
}

export async function findMethod(db: Executor, id: number) {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), isNull(paymentMethods.deletedAt)));
  return row ?? null;
}

export async function lockMethod(db: Executor, id: number) {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), isNull(paymentMethods.deletedAt)))
    .for('update');
  return row ?? null;
}

/** The method saved from a provider setup (deleted ones too: a setup is recorded once). */
export async function findMethodBySetupRef(db: Executor, setupRef: string, options: { lock?: boolean } = {}) {
  const query = db.select().from(paymentMethods).where(eq(paymentMethods.setupRef, setupRef));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertMethod(db: Executor, values: typeof paymentMethods.$inferInsert) {
  const [row] = await db.insert(paymentMethods).values(values).returning();
  return row;
}

export async function updateMethod(
  db: Executor,
  id: number,
  values: Partial<typeof paymentMethods.$inferInsert>,
) {
  const [row] = await db
    .update(paymentMethods)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(paymentMethods.id, id))
    .returning();
  return row;
}

/** Only one default per user. */
export async function clearDefault(db: Executor, userId: number, exceptId: number) {
  await db
    .update(paymentMethods)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(
      and(
        eq(paymentMethods.userId, userId),
        ne(paymentMethods.id, exceptId),
        eq(paymentMethods.isDefault, true),
      ),
    );
}

export async function countUsableMethods(db: Executor, userId: number, organizationId: number | null) {
  const whose =
    organizationId === null
      ? eq(paymentMethods.userId, userId)
      : or(
          eq(paymentMethods.userId, userId),
          and(eq(paymentMethods.organizationId, organizationId), eq(paymentMethods.approved, true)),
        );
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(paymentMethods)
    .where(and(whose, isNull(paymentMethods.deletedAt)));
  return row.count;
}

export async function insertPayment(db: Executor, values: typeof payments.$inferInsert) {
  const [row] = await db.insert(payments).values(values).returning();
  return row;
}

export async function insertAllocations(db: Executor, values: (typeof paymentAllocations.$inferInsert)[]) {
  if (values.length === 0) return [];
  return db.insert(paymentAllocations).values(values).returning();
}

export async function lockPayment(db: Executor, id: number) {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).for('update');
  return row ?? null;
}

export async function findPaymentByProviderRef(db: Executor, ref: string) {
  const [row] = await db.select().from(payments).where(eq(payments.providerRef, ref));
  return row ?? null;
}

export async function updatePayment(db: Executor, id: number, values: Partial<typeof payments.$inferInsert>) {
  const [row] = await db
    .update(payments)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(payments.id, id))
    .returning();
  return row;
}

export async function listAllocations(db: Executor, paymentId: number) {
  return db
    .select()
    .from(paymentAllocations)
    .where(eq(paymentAllocations.paymentId, paymentId))
    .orderBy(asc(paymentAllocations.id));
}

export async function listPendingPaymentIds(db: Executor, paymentMethodId?: number) {
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.status, 'pending'),
        paymentMethodId === undefined ? undefined : eq(payments.paymentMethodId, paymentMethodId),
      ),
    )
    .orderBy(asc(payments.id));
  return rows.map((row) => row.id);
}
