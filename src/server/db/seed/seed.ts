import type { Db } from '../../core/database';
import { ensureKnownFeatures } from '../../modules/features/features.service';
import { seedCatalog } from './catalog/seed-catalog';
import { seedDemoAccounts } from './demo-accounts';
import { seedDemoConverter } from './demo-converter';
import { seedDemoInventory } from './demo-inventory';
import { seedDemoLivedIn } from './demo-lived-in';
import { seedDemoMessages } from './demo-messages';
import { seedDemoOrders } from './demo-orders';
import { seedDemoOrganizations } from './demo-organizations';
import { seedDemoSupportRequests } from './demo-support';

export type SeedOptions = { password: string; scale: 'demo' | 'large' };

/** Fills an empty or partly seeded database with the demo marketplace; idempotent. */
export async function seedDemo(db: Db, options: SeedOptions) {
  await ensureKnownFeatures(db);
  await seedDemoAccounts(db, options.password);
  await seedCatalog(db, { scale: options.scale });
  await seedDemoOrders(db);
  await seedDemoInventory(db);
  await seedDemoMessages(db);
  await seedDemoOrganizations(db, options.password);
  await seedDemoLivedIn(db);
  await seedDemoConverter(db);
  await seedDemoSupportRequests(db);
}

/** Runs on every start, demo or not: the data the product cannot work without. */
export async function seedEssentials(db: Db) {
  await ensureKnownFeatures(db);
}
