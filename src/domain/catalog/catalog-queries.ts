import { z } from 'zod';
import { postalCodeInvalidMessage } from '../accounts/messages';
import { isValidPostalCode } from '../accounts/postal-code';

/** Most items an array may carry in a query string (DESIGN.md §4, spec part 2 §9). */
export const maxQueryArrayItems = 200;

/** Supplier search radius choices in miles (spec part 2 §5); 'any' means no limit. */
export const supplierRadiusOptions = ['any', 10, 25, 50, 100, 150, 200, 250] as const;
export const defaultSupplierRadius = 100;
export const maxSupplierRadius = 3_000;

export const radiusInvalidMessage = `Radius must be a number of miles up to ${maxSupplierRadius}, or any`;
export const productOrBranchesRequiredMessage = 'Choose a product or at least one branch';
export const branchRequiredMessage = 'Choose a branch';

/**
 * An array of ids sent with brackets (`branchIds[]=1&branchIds[]=2`; one item arrives as a plain
 * string), at most 200 of them.
 */
export function idArrayQuerySchema(label: string) {
  return z.preprocess(
    (value) => (value === undefined || Array.isArray(value) ? value : [value]),
    z
      .array(
        z.coerce
          .number({ error: `Each of ${label} must be a number` })
          .int()
          .positive({ error: `Each of ${label} must be a positive id` }),
        {
          error: `${label} must be a list of ids`,
        },
      )
      .max(maxQueryArrayItems, { error: `Limit ${label} to ${maxQueryArrayItems} items` })
      .optional(),
  );
}

/** `true`/`false` (or 1/0) in a query string. */
export const booleanQuerySchema = z
  .enum(['true', 'false', '1', '0'], { error: 'Use true or false' })
  .transform((value) => value === 'true' || value === '1');

export const postalCodeQuerySchema = z
  .string()
  .trim()
  .refine((value) => isValidPostalCode(value), { error: postalCodeInvalidMessage });

/** A radius in miles, or 'any' (null: no limit). */
export const radiusQuerySchema = z
  .string()
  .trim()
  .refine((value) => value === 'any' || (Number(value) > 0 && Number(value) <= maxSupplierRadius), {
    error: radiusInvalidMessage,
  })
  .transform((value) => (value === 'any' ? null : Number(value)));

/** Orders of the availability list, as `field|direction` (distance needs a postal code; else price). */
export const availabilitySorts = [
  'price|asc',
  'price|desc',
  'updatedAt|desc',
  'updatedAt|asc',
  'quantity|desc',
  'quantity|asc',
  'name|asc',
  'name|desc',
  'distance|asc',
] as const;
export type AvailabilitySort = (typeof availabilitySorts)[number];

export const favoriteBranchSchema = z.object({
  branchId: z.coerce
    .number({ error: branchRequiredMessage })
    .int()
    .positive({ error: branchRequiredMessage }),
});
