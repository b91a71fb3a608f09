import { z } from 'zod';
import { requiredTextSchema } from '../accounts/address-schema';
import { adZoneIds } from './ad-zones';
import {
  activeDatesRule,
  isLinkTarget,
  linkInvalidMessage,
  optionalDateSchema,
  whenFieldsParsed,
} from './marketing-messages';

const requiredLink = (message: string) =>
  requiredTextSchema(message)
    .max(2000, { error: 'Limit the link to 2000 characters' })
    .refine((value) => value === '' || isLinkTarget(value), { error: linkInvalidMessage });

const optionalLink = z
  .string()
  .trim()
  .max(2000, { error: 'Limit the link to 2000 characters' })
  .refine((value) => value === '' || isLinkTarget(value), { error: linkInvalidMessage })
  .nullish()
  .transform((value) => (value ? value : null));

/** A house ad as admins write it: image (and a phone image for a wide zone), link, zone and active dates. */
export const houseAdSchema = z
  .object({
    name: requiredTextSchema('Enter a name for this ad').max(120, { error: 'Limit name to 120 characters' }),
    zoneId: z.enum(adZoneIds, { error: 'Choose a zone for this ad' }),
    imageUrl: requiredLink('Enter an image URL for this ad'),
    phoneImageUrl: optionalLink,
    linkUrl: requiredLink('Enter a link for this ad'),
    altText: requiredTextSchema('Describe the image for people who cannot see it').max(200, {
      error: 'Limit description to 200 characters',
    }),
    activeFrom: optionalDateSchema,
    activeTo: optionalDateSchema,
    active: z.boolean().default(true),
  })
  .superRefine(activeDatesRule, { when: whenFieldsParsed(['activeFrom', 'activeTo']) });

export type HouseAdInput = z.input<typeof houseAdSchema>;
export type HouseAdValues = z.output<typeof houseAdSchema>;

/** What an ad zone shows. */
export const zoneAdSchema = z
  .object({
    id: z.number(),
    zoneId: z.enum(adZoneIds),
    imageUrl: z.string(),
    /** For screens up to 600 px wide, in the zone's phone shape; null: the wide image shows there too. */
    phoneImageUrl: z.string().nullable(),
    linkUrl: z.string(),
    altText: z.string(),
  })
  .meta({ id: 'ZoneAd' });
export type ZoneAd = z.infer<typeof zoneAdSchema>;

/** Every zone's ad today in one answer (zones left out are empty), so a page knows which zones to reserve. */
export const zoneAdsSchema = z.object({ results: z.array(zoneAdSchema) }).meta({ id: 'ZoneAds' });
export type ZoneAds = z.infer<typeof zoneAdsSchema>;

/** A house ad as admins see it. */
export const adminHouseAdSchema = zoneAdSchema
  .extend({
    name: z.string(),
    activeFrom: z.string().nullable(),
    activeTo: z.string().nullable(),
    active: z.boolean(),
    live: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AdminHouseAd' });
export type AdminHouseAd = z.infer<typeof adminHouseAdSchema>;
