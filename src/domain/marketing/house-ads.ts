import { z } from 'zod';
import { requiredTextSchema } from '../accounts/address-schema';
import {
  activeDatesRule,
  isLinkTarget,
  linkInvalidMessage,
  optionalDateSchema,
  whenFieldsParsed,
} from './marketing-messages';

/** The ad zones the pages reserve: the dashboard's (part 1 §2.1) and the search page's (part 2 §2). */
export const adZones = [
  { id: '20776', label: 'Dashboard, activated users (first)' },
  { id: '20777', label: 'Dashboard, activated users (second)' },
  { id: '20778', label: 'Dashboard, users not yet activated (first)' },
  { id: '20779', label: 'Dashboard, users not yet activated (second)' },
  { id: '21639', label: 'Search page, above the results' },
  { id: '21635', label: 'Search page, filter column' },
  { id: '21640', label: 'Search page, below the results' },
  { id: '21636', label: 'Search page, below the results (second)' },
] as const;

export type AdZoneId = (typeof adZones)[number]['id'];
export const adZoneIds = adZones.map((zone) => zone.id) as unknown as readonly [AdZoneId, ...AdZoneId[]];

export const isAdZoneId = (value: string): value is AdZoneId =>
  (adZoneIds as readonly string[]).includes(value);

const requiredLink = (message: string) =>
  requiredTextSchema(message)
    .max(2000, { error: 'Limit the link to 2000 characters' })
    .refine((value) => value === '' || isLinkTarget(value), { error: linkInvalidMessage });

/** A house ad as admins write it: image, link, zone and active dates. */
export const houseAdSchema = z
  .object({
    name: requiredTextSchema('Enter a name for this ad').max(120, { error: 'Limit name to 120 characters' }),
    zoneId: z.enum(adZoneIds, { error: 'Choose a zone for this ad' }),
    imageUrl: requiredLink('Enter an image URL for this ad'),
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
    linkUrl: z.string(),
    altText: z.string(),
  })
  .meta({ id: 'ZoneAd' });
export type ZoneAd = z.infer<typeof zoneAdSchema>;

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
