import { eq } from 'drizzle-orm';
import type { Executor } from '../../core/database';
import { photoRequests } from './photo-requests.tables';

export type PhotoRequestRow = typeof photoRequests.$inferSelect;

export async function insertPhotoRequest(db: Executor, values: typeof photoRequests.$inferInsert) {
  const [row] = await db.insert(photoRequests).values(values).returning();
  return row;
}

export async function updatePhotoRequest(
  db: Executor,
  id: number,
  values: Partial<typeof photoRequests.$inferInsert>,
) {
  const [row] = await db
    .update(photoRequests)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(photoRequests.id, id))
    .returning();
  return row;
}

/** The request, locked until the transaction ends, so two replies to it take turns. */
export async function lockPhotoRequest(db: Executor, id: number) {
  const [row] = await db.select().from(photoRequests).where(eq(photoRequests.id, id)).for('update');
  return row ?? null;
}
