import { and, asc, eq, isNull } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../core/database';
import { featureEnablements, features } from './features.tables';

export type FeatureRow = typeof features.$inferSelect;
export type FeatureEnablementRow = typeof featureEnablements.$inferSelect;

export async function listFeatures(db: Executor) {
  const rows = await db.select().from(features).orderBy(asc(features.name));
  const enablements = await db.select().from(featureEnablements).orderBy(asc(featureEnablements.id));
  return rows.map((feature) => ({
    ...feature,
    enablements: enablements.filter((enablement) => enablement.featureId === feature.id),
  }));
}

export async function findFeatureByName(db: Executor, name: string) {
  const [row] = await db.select().from(features).where(eq(features.name, name));
  return row ?? null;
}

/** Creates the named features that do not exist yet, off and active. */
export async function insertMissingFeatures(db: Executor, names: readonly string[]) {
  if (names.length === 0) return;
  await db
    .insert(features)
    .values(names.map((name) => ({ name })))
    .onConflictDoNothing();
}

export async function updateFeature(
  db: Executor,
  id: number,
  values: Partial<Pick<FeatureRow, 'active' | 'enabledGlobally' | 'description'>>,
) {
  const [row] = await db.update(features).set(values).where(eq(features.id, id)).returning();
  return row ?? null;
}

type Target = { organizationId?: number | null; userId?: number | null; flag?: string | null };

export async function insertEnablement(db: Executor, featureId: number, target: Target) {
  const [row] = await db
    .insert(featureEnablements)
    .values({ featureId, ...target })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function deleteEnablement(db: Executor, featureId: number, target: Target) {
  const matches = (column: AnyPgColumn, value: unknown) =>
    value == null ? isNull(column) : eq(column, value);
  await db
    .delete(featureEnablements)
    .where(
      and(
        eq(featureEnablements.featureId, featureId),
        matches(featureEnablements.organizationId, target.organizationId),
        matches(featureEnablements.userId, target.userId),
        matches(featureEnablements.flag, target.flag),
      ),
    );
}
