import {
  landingTestimonialLimit,
  type PublicTestimonial,
  type Testimonial,
  type TestimonialValues,
  testimonialNotFoundMessage,
} from '../../../domain/marketing/testimonials';
import type { Db, Executor } from '../../core/database';
import { AppError } from '../../core/errors';
import * as audit from '../audit/audit.service';
import * as repo from './testimonials.repository';

const view = (row: repo.TestimonialRow): Testimonial => ({
  id: row.id,
  quote: row.quote,
  name: row.name,
  company: row.company,
  published: row.published,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Every testimonial, for Beehive. */
export async function listTestimonials(db: Executor): Promise<Testimonial[]> {
  return (await repo.listTestimonials(db, { publishedOnly: false })).map(view);
}

/** The published ones the landing page shows, newest first. */
export async function listPublishedTestimonials(db: Executor): Promise<PublicTestimonial[]> {
  const rows = await repo.listTestimonials(db, { publishedOnly: true, limit: landingTestimonialLimit });
  return rows.map((row) => ({ id: row.id, quote: row.quote, name: row.name, company: row.company }));
}

export async function getTestimonialOrThrow(db: Executor, id: number): Promise<Testimonial> {
  const row = await repo.findTestimonial(db, id);
  if (!row) throw new AppError('not_found', testimonialNotFoundMessage);
  return view(row);
}

export async function createTestimonial(db: Db, actor: audit.Actor, values: TestimonialValues) {
  return db.transaction(async (tx) => {
    const row = await repo.insertTestimonial(tx, values);
    await audit.recordEvent(tx, actor, { type: 'testimonial', id: row.id }, 'created', values);
    return view(row);
  });
}

export async function updateTestimonial(db: Db, actor: audit.Actor, id: number, values: TestimonialValues) {
  return db.transaction(async (tx) => {
    const row = await repo.updateTestimonial(tx, id, values);
    if (!row) throw new AppError('not_found', testimonialNotFoundMessage);
    await audit.recordEvent(tx, actor, { type: 'testimonial', id }, 'updated', values);
    return view(row);
  });
}

export async function deleteTestimonial(db: Db, actor: audit.Actor, id: number) {
  await getTestimonialOrThrow(db, id);
  await db.transaction(async (tx) => {
    await repo.deleteTestimonial(tx, id);
    await audit.recordEvent(tx, actor, { type: 'testimonial', id }, 'deleted');
  });
}
