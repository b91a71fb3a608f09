import { z } from 'zod';
import { nullableTextSchema, postalCodeSchema, requiredTextSchema } from '../accounts/address-schema';
import { phoneDigits, phoneNotValidMessage } from '../accounts/phone';

/** The "My profile" form of a signed-in user: names required, phone and default postal code optional. */
export const userProfileSchema = z.object({
  firstName: requiredTextSchema('Enter a first name for this user'),
  lastName: requiredTextSchema('Enter a last name for this user'),
  // Optional, but a number that is there must be whole, so a half-typed one is not saved.
  phone: nullableTextSchema.refine((value) => value === null || phoneDigits(value).length >= 10, {
    error: phoneNotValidMessage,
  }),
  defaultPostalCode: postalCodeSchema.nullable(),
});

/** Profile form values as a request holds them. */
export type UserProfileInput = z.input<typeof userProfileSchema>;
