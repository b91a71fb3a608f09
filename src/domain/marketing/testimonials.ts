import { z } from 'zod';

/** Customers' words on the landing page (issue 20: /admin/testimonials, /new, /{id}/edit). */

export const testimonialInputSchema = z.object({
  quote: z
    .string({ error: 'Enter the quote' })
    .trim()
    .min(1, { error: 'Enter the quote' })
    .max(600, { error: 'Keep the quote under 600 characters' }),
  name: z
    .string({ error: 'Enter who said it' })
    .trim()
    .min(1, { error: 'Enter who said it' })
    .max(100, { error: 'Keep the name under 100 characters' }),
  company: z
    .string()
    .trim()
    .max(100, { error: 'Keep the company under 100 characters' })
    .nullish()
    .transform((value) => (value ? value : null)),
  published: z.boolean().default(false),
});
export type TestimonialInput = z.input<typeof testimonialInputSchema>;
export type TestimonialValues = z.output<typeof testimonialInputSchema>;

export const testimonialSchema = z
  .object({
    id: z.number(),
    quote: z.string(),
    name: z.string(),
    company: z.string().nullable(),
    published: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Testimonial' });
export type Testimonial = z.infer<typeof testimonialSchema>;

/** What visitors see: only published testimonials, without staff fields. */
export const publicTestimonialSchema = z
  .object({ id: z.number(), quote: z.string(), name: z.string(), company: z.string().nullable() })
  .meta({ id: 'PublicTestimonial' });
export type PublicTestimonial = z.infer<typeof publicTestimonialSchema>;

/** The landing page shows at most this many, newest first. */
export const landingTestimonialLimit = 6;

export const testimonialNotFoundMessage = 'Testimonial not found';
