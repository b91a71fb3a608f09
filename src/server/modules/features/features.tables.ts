import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { baseColumns } from '../../db/columns';
import { organizations } from '../organizations/organizations.tables';
import { users } from '../users/users.tables';

/** Feature flags by name; an inactive feature is off for everyone. */
export const features = pgTable(
  'features',
  {
    ...baseColumns(),
    name: text('name').notNull(),
    description: text('description'),
    active: boolean('active').notNull().default(true),
    enabledGlobally: boolean('enabled_globally').notNull().default(false),
  },
  (t) => [uniqueIndex('features_name_idx').on(t.name)],
);

/** Who a feature is turned on for: one organisation, one user, or a group flag (see src/domain/features). */
export const featureEnablements = pgTable(
  'feature_enablements',
  {
    ...baseColumns(),
    featureId: bigint('feature_id', { mode: 'number' })
      .notNull()
      .references(() => features.id, { onDelete: 'cascade' }),
    organizationId: bigint('organization_id', { mode: 'number' }).references(() => organizations.id, {
      onDelete: 'cascade',
    }),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    flag: text('flag'),
  },
  (t) => [
    index('feature_enablements_feature_idx').on(t.featureId),
    uniqueIndex('feature_enablements_target_idx').on(
      t.featureId,
      sql`coalesce(${t.organizationId}, 0)`,
      sql`coalesce(${t.userId}, 0)`,
      sql`coalesce(${t.flag}, '')`,
    ),
    check(
      'feature_enablements_one_target',
      sql`num_nonnulls(${t.organizationId}, ${t.userId}, ${t.flag}) = 1`,
    ),
  ],
);
