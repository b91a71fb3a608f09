import { z } from 'zod';

/** A product group's type: green goods are plants, hard goods everything else. */
export const productGroupTypes = ['GREEN_GOOD', 'HARD_GOOD'] as const;
export type ProductGroupType = (typeof productGroupTypes)[number];

/** A family of a product group, with how many products it holds. */
export const productFamilySummarySchema = z
  .object({ slug: z.string(), name: z.string(), productCount: z.number() })
  .meta({ id: 'ProductFamilySummary' });
export type ProductFamilySummary = z.infer<typeof productFamilySummarySchema>;

/** A product group with its non-empty families, as `GET /api/v1/product_groups` lists it. */
export const productGroupSummarySchema = z
  .object({
    slug: z.string(),
    name: z.string(),
    groupType: z.enum(productGroupTypes),
    families: z.array(productFamilySummarySchema),
  })
  .meta({ id: 'ProductGroupSummary' });
export type ProductGroupSummary = z.infer<typeof productGroupSummarySchema>;

export const productGroupsResponseSchema = z
  .object({ results: z.array(productGroupSummarySchema) })
  .meta({ id: 'ProductGroups' });
export type ProductGroupsResponse = z.infer<typeof productGroupsResponseSchema>;
