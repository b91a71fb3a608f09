import type { Db } from '../../core/database';
import { seedDemoSupplierExtras } from '../../modules/catalog/inventory.service';

/** Issue 19 demo data: supplier logos, and a notice and order requirements on one branch. */
export async function seedDemoInventory(db: Db) {
  await seedDemoSupplierExtras(db, 'blue-ridge-growers-greenville');
}
