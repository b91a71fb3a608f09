import { z } from 'zod';
import { searchSorts } from '../search/search-params';
import { postalCodeSchema } from './address-schema';

/** The e-mails a user may switch off; order communications are always sent and are not listed. */
export const emailPreferenceOptions = [
  {
    key: 'emailMessages',
    label: 'New messages',
    description: 'When a supplier or our team writes to you',
  },
  {
    key: 'emailPhotoRequests',
    label: 'Photo requests',
    description: 'When photos you asked for arrive, or a buyer asks you for photos',
  },
  {
    key: 'emailScheduleReminders',
    label: 'Weekly schedule reminders',
    description: 'A summary of the orders due in the coming week',
  },
  {
    key: 'emailProductNews',
    label: 'Product news and offers',
    description: 'New features, market reports and seasonal offers',
  },
] as const;

export type EmailPreferenceKey = (typeof emailPreferenceOptions)[number]['key'];

/** The signed-in user's preferences as the API answers them. */
export const userPreferencesSchema = z
  .object({
    defaultPostalCode: z.string().nullable(),
    searchSort: z.enum(searchSorts).nullable(),
    emailMessages: z.boolean(),
    emailPhotoRequests: z.boolean(),
    emailScheduleReminders: z.boolean(),
    emailProductNews: z.boolean(),
  })
  .meta({ id: 'UserPreferences' });
export type UserPreferences = z.infer<typeof userPreferencesSchema>;

/** A change to the preferences; every field is optional and a null postal code clears it. */
export const preferencesPatchSchema = z
  .object({
    defaultPostalCode: postalCodeSchema.nullable(),
    searchSort: z.enum(searchSorts, { error: 'Choose one of the sort orders' }).nullable(),
    emailMessages: z.boolean(),
    emailPhotoRequests: z.boolean(),
    emailScheduleReminders: z.boolean(),
    emailProductNews: z.boolean(),
  })
  .partial();

export type PreferencesPatch = z.input<typeof preferencesPatchSchema>;
