import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../core/database';
import { organizations } from '../../modules/organizations/organizations.tables';
import * as marketManagers from '../../modules/users/market-managers.service';
import { users } from '../../modules/users/users.tables';

/** The demo buyer's company is looked after by the demo market manager, so its dashboard card shows them. */
export async function seedDemoMarketManagers(db: Db) {
  const [company] = await db
    .select()
    .from(organizations)
    .where(eq(organizations.slug, 'greenline-landscaping'));
  const [manager] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = 'manager@demo.hedgerow.test'`);
  const [admin] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = 'admin@demo.hedgerow.test'`);
  if (!company || !manager) return;
  const current = await marketManagers.getOrganizationMarketManager(db, company.id);
  if (current.marketManager) return;
  await marketManagers.assignMarketManager(db, { userId: admin?.id ?? null }, company.id, manager.id);
}
