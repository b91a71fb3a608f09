import { z } from 'zod';
import { addressSchema } from './address-schema';
import { canadianProvinces, usStates } from './options';
import { isCanadianPostalCode, isUsZip } from './postal-code';

/** Lets the cross-field rule run unless a field it reads is itself malformed. */
function whenFieldsParsed(fields: readonly string[]) {
  return (payload: z.core.ParsePayload): boolean =>
    payload.issues.every((issue) => !fields.includes(String(issue.path?.[0])));
}

/** Shown when the state is not one of the USA's states, DC or Guam. */
export const usStateInvalidMessage = 'Choose a US state, DC or Guam';

/** Shown when the province is not one of Canada's provinces and territories. */
export const canadianProvinceInvalidMessage = 'Choose a Canadian province or territory';

/** Shown when a Canadian postal code is given with a US state. */
export const canadianPostalCodeWithUsStateMessage =
  'This is a Canadian postal code, but the address is in a US state. Enter a US zip code, or choose Canada and a province.';

/** Shown when a US zip code is given with a Canadian province. */
export const usZipWithCanadianProvinceMessage =
  'This is a US zip code, but the address is in Canada. Enter a Canadian postal code, or choose USA and a state.';

const usStateCodes = new Set<string>(usStates.map((state) => state.code));
const provinceCodes = new Set<string>(canadianProvinces.map((province) => province.code));

/**
 * An address-book entry: the shared address plus a default flag, where the state must belong to the
 * country and the postal code must be of that country (a Canadian code with a US state is refused).
 */
export const addressBookEntrySchema = addressSchema
  .extend({ isDefault: z.boolean().default(false) })
  // Runs while unrelated fields are wrong, so the form shows every error at once.
  .superRefine(
    (value, context) => {
      const canada = value.country === 'CAN';
      const state = value.state.toUpperCase();
      if (state && !(canada ? provinceCodes : usStateCodes).has(state)) {
        context.addIssue({
          code: 'custom',
          path: ['state'],
          message: canada ? canadianProvinceInvalidMessage : usStateInvalidMessage,
        });
      }
      if (!canada && isCanadianPostalCode(value.postalCode)) {
        context.addIssue({
          code: 'custom',
          path: ['postalCode'],
          message: canadianPostalCodeWithUsStateMessage,
        });
      }
      if (canada && isUsZip(value.postalCode)) {
        context.addIssue({ code: 'custom', path: ['postalCode'], message: usZipWithCanadianProvinceMessage });
      }
    },
    { when: whenFieldsParsed(['state', 'postalCode', 'country']) },
  );

/** Address-book form values as the form or a request holds them. */
export type AddressBookEntryInput = z.input<typeof addressBookEntrySchema>;

/** An address-book entry after validation. */
export type AddressBookEntryValues = z.output<typeof addressBookEntrySchema>;

/** One address-book entry as the API answers it. */
export const addressBookEntryViewSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    street1: z.string(),
    street2: z.string().nullable(),
    city: z.string(),
    state: z.string(),
    postalCode: z.string(),
    country: z.enum(['USA', 'CAN']),
    phone: z.string().nullable(),
    fax: z.string().nullable(),
    addressType: z.string().nullable(),
    deliveryInstructions: z.string().nullable(),
    isDefault: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AddressBookEntry' });
export type AddressBookEntry = z.infer<typeof addressBookEntryViewSchema>;
