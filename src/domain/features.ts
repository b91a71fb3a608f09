import { z } from 'zod';

/** The feature names of spec part 1 §6. */
export const featureNames = [
  'LAND_ONE',
  'RESOURCES_LINK',
  'checkout',
  'dashboardAccess',
  'saas_subscription',
  'IMAGE_CONVERTER',
  'QUICK_ORDER',
  'FREIGHT_REQUEST',
  'PHOTO_REQUEST',
  'ORDER_MESSAGES',
  'SITE_ADS',
  'DELIVERY_INSTRUCTIONS',
  'CART_TOOLS_ADD_ITEM',
  'CAN_REMOVE_FROM_ORDER',
] as const;
export type FeatureName = (typeof featureNames)[number];

/**
 * Group flags a feature can be enabled by, besides globally, per organisation and per user. A user
 * carries every flag that describes them.
 */
export const featureFlags = ['admins', 'suppliers', 'buyers', 'activated', 'non_activated'] as const;
export type FeatureFlag = (typeof featureFlags)[number];

/** How Beehive names the group flags. */
export const featureFlagLabels: Record<FeatureFlag, string> = {
  admins: 'Admins',
  suppliers: 'Suppliers',
  buyers: 'Buyers',
  activated: 'Activated users',
  non_activated: 'Users not yet activated',
};

/** The label of a flag, or the flag itself for one this build does not know. */
export const featureFlagLabel = (flag: string) =>
  (featureFlagLabels as Record<string, string | undefined>)[flag] ?? flag;

export type FeatureState = {
  name: string;
  active: boolean;
  enabledGlobally: boolean;
  enablements: readonly { organizationId?: number | null; userId?: number | null; flag?: string | null }[];
};

export type FeatureSubject = {
  userId: number | null;
  organizationId: number | null;
  flags: readonly FeatureFlag[];
};

/**
 * A feature is on if it is active and enabled globally, for the subject's organisation, for the subject,
 * or by one of the subject's flags. A feature that exists but is inactive is off.
 */
export function isFeatureOn(feature: FeatureState, subject: FeatureSubject): boolean {
  if (!feature.active) return false;
  if (feature.enabledGlobally) return true;
  return feature.enablements.some(
    (target) =>
      (target.organizationId != null && target.organizationId === subject.organizationId) ||
      (target.userId != null && target.userId === subject.userId) ||
      (target.flag != null && subject.flags.includes(target.flag as FeatureFlag)),
  );
}

/** The flags that describe a user, for feature enablement by flag. */
export function flagsForUser(user: { admin: boolean; supplier: boolean; activated: boolean }): FeatureFlag[] {
  const flags: FeatureFlag[] = [
    user.supplier ? 'suppliers' : 'buyers',
    user.activated ? 'activated' : 'non_activated',
  ];
  if (user.admin) flags.push('admins');
  return flags;
}

/** `GET /api/v1/features`: the names of the features on for the caller. */
export const enabledFeaturesSchema = z
  .object({ results: z.array(z.object({ name: z.string(), enabled: z.literal(true) })) })
  .meta({ id: 'EnabledFeatures' });

/** Who a feature is turned on for, as Beehive shows it: one organisation, one user or one flag. */
export const featureEnablementViewSchema = z
  .object({
    id: z.number(),
    featureId: z.number(),
    organizationId: z.number().nullable(),
    userId: z.number().nullable(),
    flag: z.string().nullable(),
    /** Who it is, as a person reads it: the organisation's name, the user's full name, or the flag's label. */
    targetName: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'FeatureEnablement' });

/** A feature with everyone it is enabled for (Beehive's feature page). */
export const featureViewSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    description: z.string().nullable(),
    active: z.boolean(),
    enabledGlobally: z.boolean(),
    enablements: z.array(featureEnablementViewSchema),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Feature' });
export type FeatureView = z.infer<typeof featureViewSchema>;
