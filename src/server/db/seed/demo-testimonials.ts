import { count } from 'drizzle-orm';
import type { Db } from '../../core/database';
import { testimonials } from '../../modules/marketing/marketing.tables';
import * as testimonialService from '../../modules/marketing/testimonials.service';

const quotes = [
  {
    quote:
      'We priced a 60-line plant list across four nurseries before lunch. That used to take two days of phone calls.',
    name: 'Dana Whitfield',
    company: 'Greenline Landscaping',
    published: true,
  },
  {
    quote:
      'Purchase orders arrive clean and complete, so we confirm them in a click instead of chasing details.',
    name: 'Ruth Calloway',
    company: 'Blue Ridge Growers',
    published: true,
  },
  {
    quote: 'Seeing stock and distance side by side means the right truck goes to the right yard.',
    name: 'Marcus Bell',
    company: 'Bell Site Works',
    published: true,
  },
  { quote: 'A draft kept for later.', name: 'Draft Person', company: null, published: false },
];

/** The landing page's testimonials, written through the service Beehive uses. */
export async function seedDemoTestimonials(db: Db) {
  const [{ total }] = await db.select({ total: count() }).from(testimonials);
  if (total > 0) return;
  for (const input of quotes) await testimonialService.createTestimonial(db, { userId: null }, input);
}
