import { z } from 'zod';

/** A company found at sign-up by its name (and postal code): enough to recognise it, nothing private. */
export const organizationLookupResultSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    postalCode: z.string().nullable(),
  })
  .meta({ id: 'OrganizationLookupResult' });
export type OrganizationLookupResult = z.infer<typeof organizationLookupResultSchema>;

export const organizationLookupQuerySchema = z.object({
  name: z.string().trim().min(2, { error: 'Enter at least two letters of the company name' }).max(100),
  postalCode: z.string().trim().max(10).optional(),
});

/** A branch of the caller's company, for the company page's Branches tab. */
export const organizationBranchSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    slug: z.string(),
    isPrimary: z.boolean(),
    sellsOnline: z.boolean(),
    displayAddress: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    postalCode: z.string().nullable(),
  })
  .meta({ id: 'OrganizationBranch' });
export type OrganizationBranch = z.infer<typeof organizationBranchSchema>;

/** A supplier's public landing page (`/supplier/{organizationSlug}`): branches, brands, what they grow. */
export const supplierLandingSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    slug: z.string(),
    website: z.string().nullable(),
    companyType: z.string().nullable(),
    productCount: z.number(),
    branches: z.array(
      z.object({
        id: z.number(),
        name: z.string(),
        slug: z.string(),
        logoUrl: z.string().nullable(),
        displayAddress: z.string().nullable(),
        city: z.string().nullable(),
        state: z.string().nullable(),
        isPrimary: z.boolean(),
        sellsOnline: z.boolean(),
        productCount: z.number(),
      }),
    ),
    groups: z.array(
      z.object({ slug: z.string(), name: z.string(), groupType: z.string(), productCount: z.number() }),
    ),
    families: z.array(
      z.object({ name: z.string(), groupSlug: z.string(), slug: z.string(), productCount: z.number() }),
    ),
    brands: z.array(z.object({ slug: z.string(), name: z.string(), productCount: z.number() })),
  })
  .meta({ id: 'SupplierLanding' });
export type SupplierLanding = z.infer<typeof supplierLandingSchema>;
