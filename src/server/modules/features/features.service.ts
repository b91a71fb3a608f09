import {
  type FeatureName,
  type FeatureSubject,
  type FeatureView,
  featureNames,
  isFeatureOn,
} from '../../../domain/features';
import type { Executor } from '../../db/client';
import { AppError } from '../../http/errors';
import * as repo from './features.repository';

type FeatureWithEnablements = Awaited<ReturnType<typeof repo.listFeatures>>[number];

/**
 * Features are read on every signed-in request, so they are cached in the process and reloaded after
 * any change made through this service (or after a minute, for changes made elsewhere).
 */
const cacheTtlMs = 60_000;
const cache = new WeakMap<object, { loadedAt: number; features: Promise<FeatureWithEnablements[]> }>();

function cacheKeyOf(db: Executor): object {
  return db as object;
}

export async function allFeatures(db: Executor): Promise<FeatureWithEnablements[]> {
  const key = cacheKeyOf(db);
  const hit = cache.get(key);
  if (hit && Date.now() - hit.loadedAt < cacheTtlMs) return hit.features;
  const features = repo.listFeatures(db);
  cache.set(key, { loadedAt: Date.now(), features });
  features.catch(() => cache.delete(key));
  return features;
}

function invalidate(db: Executor) {
  cache.delete(cacheKeyOf(db));
}

/** Names of the features that are on for a subject (user, organisation and flags). */
export async function enabledFeatureNames(db: Executor, subject: FeatureSubject): Promise<string[]> {
  return (await allFeatures(db)).filter((feature) => isFeatureOn(feature, subject)).map((f) => f.name);
}

/** Features on through the organisation alone, and through the user alone (the User's two lists). */
export async function featureListsFor(db: Executor, userId: number, organizationId: number | null) {
  const features = await allFeatures(db);
  const forOrganization = features.filter(
    (f) =>
      f.active && organizationId != null && f.enablements.some((e) => e.organizationId === organizationId),
  );
  const forUser = features.filter((f) => f.active && f.enablements.some((e) => e.userId === userId));
  return {
    organizationFeatures: forOrganization.map((f) => f.name),
    userFeatures: forUser.map((f) => f.name),
  };
}

export async function isEnabled(db: Executor, name: FeatureName, subject: FeatureSubject): Promise<boolean> {
  return (await enabledFeatureNames(db, subject)).includes(name);
}

/** Makes sure every feature the product knows by name exists (off unless enabled). */
export async function ensureKnownFeatures(db: Executor) {
  await repo.insertMissingFeatures(db, featureNames);
  invalidate(db);
}

export async function getFeatureOrThrow(db: Executor, id: number) {
  const feature = (await repo.listFeatures(db)).find((f) => f.id === id);
  if (!feature) throw new AppError('not_found', 'Feature not found');
  return feature;
}

export async function updateFeature(
  db: Executor,
  id: number,
  values: { active?: boolean; enabledGlobally?: boolean; description?: string | null },
) {
  await getFeatureOrThrow(db, id);
  await repo.updateFeature(db, id, values);
  invalidate(db);
  return getFeatureOrThrow(db, id);
}

/** A feature as Beehive shows it, timestamps as the wire carries them. */
export function featureView(feature: FeatureWithEnablements): FeatureView {
  return {
    ...feature,
    createdAt: feature.createdAt.toISOString(),
    updatedAt: feature.updatedAt.toISOString(),
    enablements: feature.enablements.map((enablement) => ({
      ...enablement,
      createdAt: enablement.createdAt.toISOString(),
      updatedAt: enablement.updatedAt.toISOString(),
    })),
  };
}

export type EnablementTarget = {
  organizationId?: number | null;
  userId?: number | null;
  flag?: string | null;
};

export async function setEnablement(db: Executor, id: number, target: EnablementTarget, enabled: boolean) {
  await getFeatureOrThrow(db, id);
  if (enabled) await repo.insertEnablement(db, id, target);
  else await repo.deleteEnablement(db, id, target);
  invalidate(db);
  return getFeatureOrThrow(db, id);
}
