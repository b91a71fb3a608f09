import { z } from 'zod';
import { companyAddressSchema, nullableTextSchema, requiredTextSchema } from './address-schema';
import {
  companySizeRequiredMessage,
  companyTypeRequiredMessage,
  emailInvalidMessage,
  projectTypesRequiredMessage,
} from './messages';
import { companySizes, companyTypes, projectTypes } from './options';
import { isEmailAddress } from './sign-in-schema';

function requiredEmailSchema(requiredMessage: string) {
  return requiredTextSchema(requiredMessage).refine((value) => value === '' || isEmailAddress(value), {
    error: emailInvalidMessage,
  });
}

/** The company profile form; the company name cannot change once the organization exists, which the server enforces. */
export const companyProfileSchema = z.object({
  name: requiredTextSchema("What's the name of your company?"),
  website: nullableTextSchema,
  invoiceEmail: requiredEmailSchema("What's the invoice email for your company?"),
  email: requiredEmailSchema("What's the best email address for your company?"),
  companyType: z.enum(companyTypes, { error: companyTypeRequiredMessage }),
  companySize: z.enum(companySizes, { error: companySizeRequiredMessage }),
  projectTypes: z
    .array(z.enum(projectTypes, { error: projectTypesRequiredMessage }), {
      error: projectTypesRequiredMessage,
    })
    .min(1, { error: projectTypesRequiredMessage }),
  address: companyAddressSchema,
  // Only the edit form shows the tax section, so a new company arrives without one.
  taxId: nullableTextSchema,
});

/** Company profile form values as the form or a request holds them. */
export type CompanyProfileInput = z.input<typeof companyProfileSchema>;

/** A company profile after validation. */
export type CompanyProfile = z.output<typeof companyProfileSchema>;
