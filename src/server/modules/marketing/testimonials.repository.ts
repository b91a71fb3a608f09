import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../core/database';
import { testimonials } from './marketing.tables';

export type TestimonialRow = typeof testimonials.$inferSelect;

export async function listTestimonials(db: Executor, options: { publishedOnly: boolean; limit?: number }) {
  const query = db
    .select()
    .from(testimonials)
    .where(options.publishedOnly ? eq(testimonials.published, true) : undefined)
    .orderBy(desc(testimonials.createdAt), desc(testimonials.id));
  return options.limit ? query.limit(options.limit) : query;
}

export async function findTestimonial(db: Executor, id: number) {
  const [row] = await db.select().from(testimonials).where(eq(testimonials.id, id));
  return row ?? null;
}

export async function insertTestimonial(db: Executor, values: typeof testimonials.$inferInsert) {
  const [row] = await db.insert(testimonials).values(values).returning();
  return row as TestimonialRow;
}

export async function updateTestimonial(
  db: Executor,
  id: number,
  values: Partial<typeof testimonials.$inferInsert>,
) {
  const [row] = await db.update(testimonials).set(values).where(eq(testimonials.id, id)).returning();
  return row ?? null;
}

export async function deleteTestimonial(db: Executor, id: number) {
  await db.delete(testimonials).where(eq(testimonials.id, id));
}
