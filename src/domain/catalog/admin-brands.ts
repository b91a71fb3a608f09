import { z } from 'zod';

/** Beehive's brands: makers of branded goods as staff list, create and edit them (/admin/brands). */

export const adminBrandSchema = z
  .object({
    id: z.number(),
    slug: z.string(),
    name: z.string(),
    logoUrl: z.string().nullable(),
    description: z.string().nullable(),
    organization: z.object({ id: z.number(), name: z.string() }).nullable(),
    productCount: z.number(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AdminBrand' });
export type AdminBrand = z.infer<typeof adminBrandSchema>;

export const brandMessages = {
  nameRequired: 'Enter the brand’s name',
  nameTooLong: 'Keep the name under 120 characters',
  slugInvalid: 'Use lower-case letters, digits and hyphens',
  descriptionTooLong: 'Keep the description under 5000 characters',
  duplicate: 'Another brand already has this name or web address',
  notFound: 'Brand not found',
  organizationNotFound: 'Choose an organisation from the list',
} as const;

const brandFields = {
  name: z
    .string()
    .trim()
    .min(1, { error: brandMessages.nameRequired })
    .max(120, { error: brandMessages.nameTooLong }),
  // The web address of the public brand page (/brands/{slug}); made from the name when left out.
  slug: z
    .string()
    .trim()
    .max(80, { error: brandMessages.slugInvalid })
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: brandMessages.slugInvalid })
    .optional(),
  description: z
    .string()
    .trim()
    .max(5000, { error: brandMessages.descriptionTooLong })
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional(),
  organizationId: z.number().int().positive().nullable().optional(),
};

export const adminBrandCreateSchema = z.object(brandFields);
export type AdminBrandCreate = z.infer<typeof adminBrandCreateSchema>;

export const adminBrandPatchSchema = z.object(brandFields).partial();
export type AdminBrandPatch = z.infer<typeof adminBrandPatchSchema>;
