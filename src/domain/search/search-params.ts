import { z } from 'zod';
import {
  booleanQuerySchema,
  idArrayQuerySchema,
  maxQueryArrayItems,
  postalCodeQuerySchema,
  radiusQuerySchema,
} from '../catalog/catalog-queries';

// The page's sorts and sizes live in search-sorts.ts (no zod), which the web app's first script reads.
export {
  defaultSearchPerPage,
  maxSearchPerPage,
  maxSearchQueryLength,
  productSearchSortCookie,
  type SearchSort,
  searchSortLabels,
  searchSorts,
} from './search-sorts';

import { defaultSearchPerPage, maxSearchPerPage, maxSearchQueryLength, searchSorts } from './search-sorts';

/** A list of names sent with brackets (`container[]=#3`), at most 200. */
function nameArrayQuerySchema(label: string) {
  return z.preprocess(
    (value) => (value === undefined || Array.isArray(value) ? value : [value]),
    z
      .array(
        z
          .string()
          .trim()
          .min(1)
          .max(100, { error: `Each of ${label} must be 100 characters or fewer` }),
      )
      .max(maxQueryArrayItems, { error: `Limit ${label} to ${maxQueryArrayItems} items` })
      .optional(),
  );
}

/**
 * `GET /api/v1/products/search` parameters (spec part 2 §3 'Search filter params'). Arrays use brackets.
 * The four supplier switches apply only when `supplierFilter=true` and only for signed-in users.
 */
export const searchParamsSchema = z.object({
  query: z
    .string()
    .trim()
    .max(maxSearchQueryLength, { error: `Limit query to ${maxSearchQueryLength} characters` })
    .optional(),
  page: z.coerce.number().int().min(1, { error: 'Page must be 1 or more' }).default(1),
  perPage: z.coerce
    .number()
    .int()
    .min(1)
    .max(maxSearchPerPage, { error: `perPage must be ${maxSearchPerPage} or less` })
    .default(defaultSearchPerPage),
  sort: z.enum(searchSorts, { error: `Sort must be one of ${searchSorts.join(', ')}` }).optional(),
  categories: nameArrayQuerySchema('categories'),
  advantages: nameArrayQuerySchema('advantages'),
  available: booleanQuerySchema.optional(),
  quantity: z.coerce
    .number({ error: 'Quantity must be a number' })
    .int()
    .min(1, { error: 'Quantity must be 1 or more' })
    .optional(),
  fieldStatus: nameArrayQuerySchema('fieldStatus'),
  brand: nameArrayQuerySchema('brand'),
  container: nameArrayQuerySchema('container'),
  standardContainer: nameArrayQuerySchema('standardContainer'),
  size: nameArrayQuerySchema('size'),
  branchIds: idArrayQuerySchema('branchIds'),
  brandId: z.coerce.number().int().positive().optional(),
  productGroupSlug: z.string().trim().max(100).optional(),
  productFamilySlug: z.string().trim().max(100).optional(),
  supplierFilter: booleanQuerySchema.optional(),
  activeCart: booleanQuerySchema.optional(),
  preferredSuppliers: booleanQuerySchema.optional(),
  sellingOnline: booleanQuerySchema.optional(),
  evdSuppliers: booleanQuerySchema.optional(),
  postalCode: postalCodeQuerySchema.optional(),
  radius: radiusQuerySchema.optional(),
  /** Which screen asked ('Header Search', 'Product Search'): recorded with the search tracking events. */
  pageName: z.string().trim().max(50).optional(),
});
export type SearchParams = z.output<typeof searchParamsSchema>;
export type SearchParamsInput = z.input<typeof searchParamsSchema>;
