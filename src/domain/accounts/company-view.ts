import { z } from 'zod';

/** A company's address as the API answers it. */
export const companyAddressViewSchema = z
  .object({
    id: z.number(),
    name: z.string().nullable(),
    street1: z.string(),
    street2: z.string().nullable(),
    city: z.string(),
    state: z.string(),
    postalCode: z.string(),
    country: z.string(),
    phone: z.string().nullable(),
    fax: z.string().nullable(),
    addressType: z.string().nullable(),
    deliveryInstructions: z.string().nullable(),
  })
  .meta({ id: 'CompanyAddress' });
export type CompanyAddressView = z.infer<typeof companyAddressViewSchema>;

/** A company profile as `GET /api/v1/organizations/{id}` answers it (spec part 1 §3 Organization). */
export const companyViewSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    slug: z.string(),
    website: z.string().nullable(),
    invoiceEmail: z.string().nullable(),
    email: z.string().nullable(),
    companyType: z.string().nullable(),
    companySize: z.string().nullable(),
    projectTypes: z.array(z.string()),
    taxId: z.string().nullable(),
    isBuyer: z.boolean(),
    address: companyAddressViewSchema.nullable(),
  })
  .meta({ id: 'Company' });
export type CompanyView = z.infer<typeof companyViewSchema>;
