import { z } from 'zod';
import { isValidPostalCode } from '../accounts/postal-code';
import { calendarDateSchema } from '../calendar-date';
import { maxCents } from '../money';

/** The texts of the freight screens (spec part 3 §3 freight request and reply, §5's patterns). */
export const freightTexts = {
  truckNameRequired: 'Enter a name for this truck',
  truckNameTooLong: 'Limit name to 80 characters',
  palletCapacity: 'Enter the pallets this truck carries (1 to 60)',
  weightCapacity: 'Enter the weight this truck carries in pounds (1 to 200,000)',
  ratePerMile: 'Enter a rate per mile of $0.00 to $1,000.00',
  minimumCharge: 'Enter a minimum charge of $0.00 to $100,000.00',
  truckNotFound: 'Truck not found',
  cityRequired: 'City is required',
  stateRequired: 'State is required.',
  postalCodeRequired: 'Zip code is required.',
  postalCodeInvalid: 'Must be a valid 5 or 9 digit zip code or Canadian postal code',
  shipDateRequired: 'Enter an expected ship date for this freight request',
  notesTooLong: 'Limit notes to 2000 characters',
  hoursTooLong: 'Limit fulfillment hours to 200 characters',
  requestNotFound: 'Freight request not found',
  costRequired: 'Enter a freight cost for this estimate',
  costNotNumber: 'Enter the freight cost as a number (whole cents)',
  costNegative: 'A freight cost cannot be negative',
  costTooLarge: 'Enter a freight cost of $10,000,000.00 or less',
  pdfType: 'Attach the estimate as a PDF',
  pdfTooLarge: 'Attach a PDF of 10 MB or less',
  alreadyEstimated: 'This freight request already has an estimate. Reply in the thread to change it.',
  requestTarget: 'Choose the freight request or the order this estimate answers',
  featureOff: 'Freight requests are not available for your account.',
  cartNotOpen: 'Freight estimates can be requested for carts that are not yet submitted.',
} as const;

export const maxTruckRatePerMile = 100_000;
export const maxMinimumCharge = 10_000_000;
export const maxFreightPdfBytes = 10 * 1024 * 1024;

/** A truck of the logistics team: what it carries and what it costs (cents). */
export const truckInputSchema = z.object({
  name: z
    .string({ error: freightTexts.truckNameRequired })
    .trim()
    .min(1, freightTexts.truckNameRequired)
    .max(80, freightTexts.truckNameTooLong),
  palletCapacity: z
    .number({ error: freightTexts.palletCapacity })
    .int(freightTexts.palletCapacity)
    .min(1, freightTexts.palletCapacity)
    .max(60, freightTexts.palletCapacity),
  weightCapacityLb: z
    .number({ error: freightTexts.weightCapacity })
    .int(freightTexts.weightCapacity)
    .min(1, freightTexts.weightCapacity)
    .max(200_000, freightTexts.weightCapacity),
  ratePerMile: z
    .number({ error: freightTexts.ratePerMile })
    .int(freightTexts.ratePerMile)
    .min(0, freightTexts.ratePerMile)
    .max(maxTruckRatePerMile, freightTexts.ratePerMile),
  minimumCharge: z
    .number({ error: freightTexts.minimumCharge })
    .int(freightTexts.minimumCharge)
    .min(0, freightTexts.minimumCharge)
    .max(maxMinimumCharge, freightTexts.minimumCharge),
  active: z.boolean().optional(),
});
export type TruckInput = z.output<typeof truckInputSchema>;
export const truckPatchSchema = truckInputSchema.partial();

export const truckViewSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    palletCapacity: z.number(),
    weightCapacityLb: z.number(),
    ratePerMile: z.number(),
    minimumCharge: z.number(),
    active: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Truck' });
export type TruckView = z.infer<typeof truckViewSchema>;

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => value || null);

/** The buyer's freight request (spec part 3 §3 Freight request payload). */
export const freightRequestInputSchema = z.object({
  destinationCity: z
    .string({ error: freightTexts.cityRequired })
    .trim()
    .min(1, freightTexts.cityRequired)
    .max(100, 'Limit city to 100 characters'),
  destinationState: z
    .string({ error: freightTexts.stateRequired })
    .trim()
    .min(2, freightTexts.stateRequired)
    .max(40, 'Limit state to 40 characters'),
  destinationPostalCode: z
    .string({ error: freightTexts.postalCodeRequired })
    .trim()
    .min(1, freightTexts.postalCodeRequired)
    .refine(isValidPostalCode, freightTexts.postalCodeInvalid),
  expectedShipDate: calendarDateSchema(),
  fulfillmentHours: optionalText(200, freightTexts.hoursTooLong),
  needsDeliveryAssist: z.boolean().default(false),
  notes: optionalText(2000, freightTexts.notesTooLong),
});
export type FreightRequestInput = z.output<typeof freightRequestInputSchema>;

/** A line the freight is for (from the cart or order), with its weight when the catalogue knows it. */
export const freightLineSchema = z.object({
  primaryName: z.string(),
  size: z.string().nullable(),
  quantity: z.number(),
  weightLb: z.number().nullable(),
});
export type FreightLine = z.infer<typeof freightLineSchema>;

export const freightRequestViewSchema = z
  .object({
    id: z.number(),
    threadId: z.number(),
    source: z.enum(['cart', 'order']),
    cart: z.object({ id: z.number(), cartNumber: z.string(), name: z.string() }).nullable(),
    order: z
      .object({ id: z.number(), orderNumber: z.string(), name: z.string(), total: z.number() })
      .nullable(),
    buyerOrganizationName: z.string().nullable(),
    requestedByFullName: z.string().nullable(),
    branch: z.object({ id: z.number(), name: z.string(), postalCode: z.string().nullable() }).nullable(),
    destinationCity: z.string(),
    destinationState: z.string(),
    destinationPostalCode: z.string(),
    expectedShipDate: z.string().nullable(),
    fulfillmentHours: z.string().nullable(),
    needsDeliveryAssist: z.boolean(),
    notes: z.string().nullable(),
    lines: z.array(freightLineSchema),
    distanceMiles: z.number().nullable(),
    createdAt: z.string(),
    respondedAt: z.string().nullable(),
    estimate: z
      .object({
        cost: z.number(),
        notes: z.string().nullable(),
        truckName: z.string().nullable(),
        pdfName: z.string().nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'FreightRequest' });
export type FreightRequestView = z.infer<typeof freightRequestViewSchema>;

export const freightQueueSchema = z
  .object({ results: z.array(freightRequestViewSchema), totalCount: z.number() })
  .meta({ id: 'FreightQueue' });

const earthRadiusMiles = 3958.7613;

/** Great-circle (haversine) distance in miles between two points, to one decimal. */
export function milesBetween(
  from: { latitude: number; longitude: number },
  to: { latitude: number; longitude: number },
): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(to.latitude - from.latitude);
  const dLon = radians(to.longitude - from.longitude);
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * Math.sin(dLon / 2) ** 2;
  return Math.round(2 * earthRadiusMiles * Math.asin(Math.sqrt(a)) * 10) / 10;
}

/** The suggested freight charge: distance × the truck's rate per mile, never below its minimum (cents). */
export function suggestedFreightCost(
  distanceMiles: number,
  truck: { ratePerMile: number; minimumCharge: number },
): number {
  return Math.max(truck.minimumCharge, Math.round(distanceMiles * truck.ratePerMile));
}

/**
 * The cost of an estimate in cents, as JSON (a number) or a multipart field (digits) sends it; the
 * web form turns the dollars a person types into cents. Returns the cents or the refusing message.
 */
export function parseFreightCost(value: unknown): { cents: number } | { error: string } {
  if (value === undefined || value === null || value === '') return { error: freightTexts.costRequired };
  const text = typeof value === 'string' ? value.trim() : null;
  if (text !== null && /^-\s*\d/.test(text)) return { error: freightTexts.costNegative };
  const cents =
    typeof value === 'number' ? value : text !== null && /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isFinite(cents) || !Number.isInteger(cents)) return { error: freightTexts.costNotNumber };
  if (cents < 0) return { error: freightTexts.costNegative };
  if (cents > maxCents) return { error: freightTexts.costTooLarge };
  return { cents };
}
