import { z } from 'zod';

/** Beehive's catalogue: products as staff list and edit them (spec part 3 §2.10 /admin/products). */

export const adminProductListItemSchema = z
  .object({
    id: z.number(),
    pathIdentifier: z.string(),
    primaryName: z.string(),
    secondaryName: z.string().nullable(),
    groupName: z.string().nullable(),
    familyName: z.string().nullable(),
    brandName: z.string().nullable(),
    restricted: z.boolean(),
    hasImage: z.boolean(),
    variantCount: z.number(),
    listingCount: z.number(),
  })
  .meta({ id: 'AdminProductListItem' });
export type AdminProductListItem = z.infer<typeof adminProductListItemSchema>;

const choice = z.object({ id: z.number(), name: z.string() });

export const adminProductSchema = z
  .object({
    id: z.number(),
    pathIdentifier: z.string(),
    primaryName: z.string(),
    secondaryName: z.string().nullable(),
    patentName: z.string().nullable(),
    cultivar: z.string().nullable(),
    description: z.string().nullable(),
    restricted: z.boolean(),
    ignoreQuantityDefault: z.boolean(),
    imageUrl: z.string().nullable(),
    group: choice.nullable(),
    family: choice.nullable(),
    brand: choice.nullable(),
    categoryIds: z.array(z.number()),
    advantageIds: z.array(z.number()),
    synonyms: z.array(z.string()),
    variants: z.array(z.object({ id: z.number(), size: z.string(), listingCount: z.number() })),
    listingCount: z.number(),
    categoryChoices: z.array(choice),
    advantageChoices: z.array(choice),
    brandChoices: z.array(choice),
    updatedAt: z.string(),
  })
  .meta({ id: 'AdminProduct' });
export type AdminProduct = z.infer<typeof adminProductSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Keep this under ${max} characters` })
    .transform((value) => (value === '' ? null : value))
    .nullable();

export const adminProductPatchSchema = z
  .object({
    primaryName: z
      .string()
      .trim()
      .min(1, { error: 'Enter the product’s name' })
      .max(200, { error: 'Keep this under 200 characters' }),
    secondaryName: optionalText(200),
    patentName: optionalText(200),
    description: optionalText(5000),
    restricted: z.boolean(),
    ignoreQuantityDefault: z.boolean(),
    synonyms: z
      .array(z.string().trim().min(1).max(200, { error: 'Keep each synonym under 200 characters' }))
      .max(50, { error: 'At most 50 synonyms' }),
    categoryIds: z.array(z.number().int().positive()).max(20, { error: 'At most 20 categories' }),
    advantageIds: z.array(z.number().int().positive()).max(30, { error: 'At most 30 advantages' }),
    brandId: z.number().int().positive().nullable(),
  })
  .partial();
export type AdminProductPatch = z.infer<typeof adminProductPatchSchema>;

export const adminProductFilterSchema = {
  group: z.string().trim().max(100).optional(),
  family: z.string().trim().max(100).optional(),
  categoryId: z.coerce.number().int().positive().optional(),
  brandId: z.coerce.number().int().positive().optional(),
  missingImage: z.enum(['true', 'false']).optional(),
  noListings: z.enum(['true', 'false']).optional(),
  restricted: z.enum(['true', 'false']).optional(),
};

export const variantMessages = {
  sizeRequired: 'Enter the size',
  sizeTooLong: 'Keep the size under 100 characters',
  duplicate: 'This product already has this size',
  inUse: 'This size has listings or order lines, so it cannot be removed. Rename it instead.',
  notFound: 'Size not found',
  brandNotFound: 'Choose a brand from the list',
} as const;

export const unknownAdvantageMessage = 'Choose advantages from the list';

const choiceSchema = z.object({ id: z.number(), name: z.string() });
/** What the catalogue list's category and brand filters offer. */
export const adminProductFilterChoicesSchema = z
  .object({ categories: z.array(choiceSchema), brands: z.array(choiceSchema) })
  .meta({ id: 'AdminProductFilterChoices' });
export type AdminProductFilterChoices = z.infer<typeof adminProductFilterChoicesSchema>;

export const imageOrderMessages = {
  notFound: 'Photo not found',
  mismatch: 'List each of the product’s photos once',
} as const;

/** The product's public photos in the order staff want them shown (the first is the product's image). */
export const adminImageOrderSchema = z.object({
  imageIds: z
    .array(z.number().int().positive())
    .min(1, { error: imageOrderMessages.mismatch })
    .max(200, { error: imageOrderMessages.mismatch }),
});
export type AdminImageOrder = z.infer<typeof adminImageOrderSchema>;

/** A size of a product as staff add or rename it (e.g. '#3', '2-1/2" cal.'). */
export const adminVariantInputSchema = z.object({
  size: z
    .string()
    .trim()
    .min(1, { error: variantMessages.sizeRequired })
    .max(100, { error: variantMessages.sizeTooLong }),
});
export type AdminVariantInput = z.infer<typeof adminVariantInputSchema>;
