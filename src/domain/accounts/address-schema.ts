import { z } from 'zod';
import { phoneRequiredMessage, postalCodeInvalidMessage, postalCodeRequiredMessage } from './messages';
import { countries } from './options';
import { phoneDigits } from './phone';
import { isValidPostalCode, normalizePostalCode } from './postal-code';

/** A trimmed optional text field where blank, null and absent all mean null, so the database never stores ''. */
export const nullableTextSchema = z
  .string()
  .trim()
  .nullish()
  .transform((value) => (value ? value : null));

/** A trimmed text field that must not be blank, with one message for missing and blank alike; checks chained after it should pass a blank value so it gets only this message. */
export function requiredTextSchema(message: string) {
  // No abort on min: an aborting issue would also stop the object-level cross-field rules,
  // and the form should show every error at once.
  return z.string({ error: message }).trim().min(1, { error: message });
}

/** A required US zip code or Canadian postal code, stored in its canonical form. */
export const postalCodeSchema = requiredTextSchema(postalCodeRequiredMessage)
  .refine((value) => value === '' || isValidPostalCode(value), { error: postalCodeInvalidMessage })
  // overwrite keeps the field a plain string in the generated JSON Schema, unlike a transform.
  .overwrite(normalizePostalCode);

const addressPhoneSchema = requiredTextSchema(phoneRequiredMessage).refine(
  (value) => value === '' || phoneDigits(value).length >= 10,
  { error: 'Use a valid 10-digit phone number' },
);

const addressFields = {
  name: requiredTextSchema(
    'This is a good place for the main contact at this address, or the name of the place',
  ),
  street1: requiredTextSchema('Street address is required'),
  street2: nullableTextSchema,
  city: requiredTextSchema('City is required'),
  state: requiredTextSchema('State is required.'),
  postalCode: postalCodeSchema,
  phone: addressPhoneSchema,
  fax: nullableTextSchema,
  addressType: nullableTextSchema,
  deliveryInstructions: nullableTextSchema,
  country: z.literal(countries.map((country) => country.code)).default('USA'),
};

/** The shared address used by the address book, branches and orders. */
export const addressSchema = z.object(addressFields);

/** Address form values as the form or a request holds them. */
export type AddressInput = z.input<typeof addressSchema>;

/** An address after validation: trimmed, blanks as null, postal code normalized, country set. */
export type Address = z.output<typeof addressSchema>;

/** The company's own address, whose name the server fills with the company name, so the form need not send one. */
export const companyAddressSchema = z.object({ ...addressFields, name: nullableTextSchema });

/** Company address values as the form or a request holds them. */
export type CompanyAddressInput = z.input<typeof companyAddressSchema>;

/** A company address after validation. */
export type CompanyAddress = z.output<typeof companyAddressSchema>;
