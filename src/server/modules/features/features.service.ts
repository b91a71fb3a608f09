import {
  type FeatureName,
  type FeatureSubject,
  type FeatureView,
  featureFlagLabel,
  featureNames,
  isFeatureOn,
} from '../../../domain/features';
import type { Executor } from '../../core/database';
import { AppError } from '../../core/errors';
import * as repo from './features.repository';

type FeatureWithEnablements = Awaited<ReturnType<typeof repo.listFeatures>>[number];

/**
 * Features are read on every signed-in request, so the app keeps them in memory (one cache per app,
 * built by the composition root) and reloads them after any change made through this service, or
 * after a minute for changes made elsewhere (another process, the seed).
 */
export class FeatureCache {
  private loaded: { at: number; features: Promise<FeatureWithEnablements[]> } | null = null;

  constructor(
    readonly db: Executor,
    private readonly ttlMs = 60_000,
  ) {}

  all(): Promise<FeatureWithEnablements[]> {
    if (this.loaded && Date.now() - this.loaded.at < this.ttlMs) return this.loaded.features;
    const features = repo.listFeatures(this.db);
    const loaded = { at: Date.now(), features };
    this.loaded = loaded;
    features.catch(() => {
      if (this.loaded === loaded) this.loaded = null;
    });
    return features;
  }

  invalidate() {
    this.loaded = null;
  }
}

/** Every feature with its enablements. */
export function allFeatures(cache: FeatureCache): Promise<FeatureWithEnablements[]> {
  return cache.all();
}

/** Names of the features that are on for a subject (user, organisation and flags). */
export async function enabledFeatureNames(cache: FeatureCache, subject: FeatureSubject): Promise<string[]> {
  return (await cache.all()).filter((feature) => isFeatureOn(feature, subject)).map((f) => f.name);
}

/** Features on through the organisation alone, and through the user alone (the User's two lists). */
export async function featureListsFor(cache: FeatureCache, userId: number, organizationId: number | null) {
  const features = await cache.all();
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

export async function isEnabled(
  cache: FeatureCache,
  name: FeatureName,
  subject: FeatureSubject,
): Promise<boolean> {
  return (await enabledFeatureNames(cache, subject)).includes(name);
}

/** Makes sure every feature the product knows by name exists (off unless enabled). */
export async function ensureKnownFeatures(db: Executor, cache?: FeatureCache) {
  await repo.insertMissingFeatures(db, featureNames);
  cache?.invalidate();
}

export async function getFeatureOrThrow(db: Executor, id: number) {
  const feature = (await repo.listFeatures(db)).find((f) => f.id === id);
  if (!feature) throw new AppError('not_found', 'Feature not found');
  return feature;
}

export async function updateFeature(
  cache: FeatureCache,
  id: number,
  values: { active?: boolean; enabledGlobally?: boolean; description?: string | null },
) {
  const { db } = cache;
  await getFeatureOrThrow(db, id);
  await repo.updateFeature(db, id, values);
  cache.invalidate();
  return getFeatureOrThrow(db, id);
}

/** The names of the organisations and users features are enabled for; the caller looks them up. */
export type EnablementNames = {
  organizations: ReadonlyMap<number, string>;
  users: ReadonlyMap<number, string>;
};

/** The organisations and users a list of features is enabled for, to look their names up. */
export function enablementTargets(list: readonly FeatureWithEnablements[]) {
  const enablements = list.flatMap((feature) => feature.enablements);
  return {
    organizationIds: [
      ...new Set(enablements.flatMap((row) => (row.organizationId ? [row.organizationId] : []))),
    ],
    userIds: [...new Set(enablements.flatMap((row) => (row.userId ? [row.userId] : [])))],
  };
}

/**
 * A feature as Beehive shows it, timestamps as the wire carries them, each enablement with the name a
 * person reads (an organisation or user that has gone keeps its number).
 */
export function featureView(feature: FeatureWithEnablements, names: EnablementNames): FeatureView {
  return {
    ...feature,
    createdAt: feature.createdAt.toISOString(),
    updatedAt: feature.updatedAt.toISOString(),
    enablements: feature.enablements.map((enablement) => ({
      ...enablement,
      targetName: enablement.organizationId
        ? (names.organizations.get(enablement.organizationId) ?? `Organization #${enablement.organizationId}`)
        : enablement.userId
          ? (names.users.get(enablement.userId) ?? `User #${enablement.userId}`)
          : featureFlagLabel(enablement.flag ?? ''),
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

export async function setEnablement(
  cache: FeatureCache,
  id: number,
  target: EnablementTarget,
  enabled: boolean,
) {
  const { db } = cache;
  await getFeatureOrThrow(db, id);
  if (enabled) await repo.insertEnablement(db, id, target);
  else await repo.deleteEnablement(db, id, target);
  cache.invalidate();
  return getFeatureOrThrow(db, id);
}
