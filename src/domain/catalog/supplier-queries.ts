import { z } from 'zod';
import { canadianProvinces, usStates } from '../accounts/options';
import { defaultSupplierRadius, supplierRadiusOptions } from './catalog-queries';

export { defaultSupplierRadius, supplierRadiusOptions };

/** One of the directory's radius choices, as the query string carries it. */
export type SupplierRadiusOption = `${(typeof supplierRadiusOptions)[number]}`;

export const supplierRadiusValues = supplierRadiusOptions.map(String) as SupplierRadiusOption[];

export const supplierRadiusInvalidMessage = 'Choose a radius of any, 10, 25, 50, 100, 150, 200 or 250 miles';
export const stateInvalidMessage = 'Choose a US state or Canadian province';
export const postalCodeForDistanceMessage = 'Enter a postal code to sort by distance';

/** The label of a radius choice: 'Any distance' or '25 miles'. */
export const supplierRadiusLabel = (value: SupplierRadiusOption) =>
  value === 'any' ? 'Any distance' : `${value} miles`;

/** The directory's radius: one of the spec's choices; 'any' is no limit (null). */
export const supplierRadiusQuerySchema = z
  .string()
  .trim()
  .refine((value) => supplierRadiusValues.includes(value as SupplierRadiusOption), {
    error: supplierRadiusInvalidMessage,
  })
  .transform((value) => (value === 'any' ? null : Number(value)));

const regions = [...usStates, ...canadianProvinces];
const regionNames = new Map<string, string>(regions.map((region) => [region.code, region.name]));

/** The full name of a US state or Canadian province code ('NC' → 'North Carolina'); the code when unknown. */
export const regionName = (code: string) => regionNames.get(code.toUpperCase()) ?? code;

/** A US state or Canadian province code, any case in, upper case out. */
export const stateQuerySchema = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase())
  .refine((value) => regionNames.has(value), { error: stateInvalidMessage });

/** Orders of the supplier directory; distance needs a postal code. */
export const supplierSorts = ['distance|asc', 'name|asc', 'name|desc'] as const;
export type SupplierSort = (typeof supplierSorts)[number];
