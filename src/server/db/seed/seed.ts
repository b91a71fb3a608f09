import { type Clock, systemClock } from '../../core/clock';
import type { Db } from '../../core/database';
import { ensureKnownFeatures } from '../../modules/features/features.service';
import type { FileStorage } from '../../storage/file-storage';
import { seedCatalog } from './catalog/seed-catalog';
import { seedDemoAccounts } from './demo-accounts';
import { seedDemoCartStaff } from './demo-cart-staff';
import { seedDemoCatalogCare } from './demo-catalog-care';
import { seedDemoConverter } from './demo-converter';
import { seedDemoFreight } from './demo-freight';
import { seedDemoHeldOrder } from './demo-held-order';
import { seedDemoImports } from './demo-imports';
import { seedDemoInventory } from './demo-inventory';
import { seedDemoInvoices } from './demo-invoices';
import { seedDemoLivedIn } from './demo-lived-in';
import { seedDemoLoyalty } from './demo-loyalty';
import { seedDemoMarketManagers } from './demo-market-managers';
import { seedDemoMarketing } from './demo-marketing';
import { seedDemoMessages } from './demo-messages';
import { seedDemoNotifications } from './demo-notifications';
import { seedDemoOrders } from './demo-orders';
import { seedDemoOrganizations } from './demo-organizations';
import { seedDemoPhotoRequests } from './demo-photo-requests';
import { seedDemoSearchImpressions } from './demo-search-impressions';
import { seedDemoSupportRequests } from './demo-support';
import { seedDemoTestimonials } from './demo-testimonials';

export type SeedOptions = {
  password: string;
  scale: 'demo' | 'large';
  /** Where demo photos are stored (the answered photo request); without it they are left out. */
  storage?: FileStorage;
  /** "Now" for the demo's dated records (ads' days, the loyalty discount's start). */
  clock?: Clock;
};

/** Fills an empty or partly seeded database with the demo marketplace; idempotent. */
export async function seedDemo(db: Db, options: SeedOptions) {
  await ensureKnownFeatures(db);
  await seedDemoAccounts(db, options.password);
  await seedCatalog(db, { scale: options.scale });
  await seedDemoOrders(db);
  await seedDemoInvoices(db);
  await seedDemoInventory(db);
  await seedDemoMessages(db);
  await seedDemoOrganizations(db, options.password);
  await seedDemoLivedIn(db);
  await seedDemoCatalogCare(db);
  await seedDemoConverter(db);
  await seedDemoSearchImpressions(db);
  await seedDemoNotifications(db);
  await seedDemoFreight(db);
  await seedDemoCartStaff(db);
  if (options.storage) await seedDemoPhotoRequests(db, options.storage);
  await seedDemoSupportRequests(db);
  await seedDemoImports(db);
  await seedDemoMarketManagers(db);
  await seedDemoTestimonials(db);
  const now = (options.clock ?? systemClock).now();
  await seedDemoMarketing(db, now.toISOString().slice(0, 10));
  await seedDemoHeldOrder(db);
  // Last: the demo's carts and orders above keep the prices they were made with.
  await seedDemoLoyalty(db, now);
}

/** Runs on every start, demo or not: the data the product cannot work without. */
export async function seedEssentials(db: Db) {
  await ensureKnownFeatures(db);
}
