import { z } from 'zod';
import { addressSchema } from '../accounts/address-schema';

/** A supplier branch as staff edit it in Beehive (issue 20: /admin/organizations/{id}/branches/{id}/edit). */

export const adminBranchInputSchema = z.object({
  name: z
    .string({ error: 'Enter the branch name' })
    .trim()
    .min(1, { error: 'Enter the branch name' })
    .max(120, { error: 'Keep the branch name under 120 characters' }),
  address: addressSchema,
  hidden: z.boolean(),
  sellsOnline: z.boolean(),
  honorsPurchaseDiscount: z.boolean(),
});
export type AdminBranchInput = z.input<typeof adminBranchInputSchema>;
export type AdminBranchValues = z.output<typeof adminBranchInputSchema>;

export const adminBranchSchema = z
  .object({
    id: z.number(),
    organizationId: z.number(),
    organizationName: z.string(),
    name: z.string(),
    slug: z.string(),
    isPrimary: z.boolean(),
    hidden: z.boolean(),
    sellsOnline: z.boolean(),
    honorsPurchaseDiscount: z.boolean(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    address: z
      .object({
        name: z.string().nullable(),
        street1: z.string(),
        street2: z.string().nullable(),
        city: z.string(),
        state: z.string(),
        postalCode: z.string(),
        country: z.string(),
        phone: z.string().nullable(),
      })
      .nullable(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AdminBranch' });
export type AdminBranch = z.infer<typeof adminBranchSchema>;

/** What a postal code tells: its city, state or province, and where it is. */
export const postalCodeLookupSchema = z
  .object({
    postalCode: z.string(),
    city: z.string(),
    state: z.string(),
    country: z.enum(['USA', 'CAN']),
    latitude: z.number(),
    longitude: z.number(),
  })
  .meta({ id: 'PostalCodeLookup' });
export type PostalCodeLookup = z.infer<typeof postalCodeLookupSchema>;

export const postalCodeNotFoundMessage =
  'We could not find this postal code. Check it, or enter the city and state.';
