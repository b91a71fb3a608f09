import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advantages, products } from '../../modules/catalog/catalog.tables';
import { insertProduct } from '../../test/catalog-factories';
import { insertUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { queryRows } from '../client';
import { seedDemoCatalogCare } from './demo-catalog-care';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('seedDemoCatalogCare', () => {
  it('gives plants without advantages a few and bulk hard goods the ignore-quantity default, once', async () => {
    const db = t.database.db;
    await insertUser(db, { email: 'admin@demo.hedgerow.test', roles: ['admin'] });
    await db
      .insert(advantages)
      .values([
        { slug: 'native', name: 'Native' },
        { slug: 'salt-tolerant', name: 'Salt Tolerant' },
      ])
      .onConflictDoNothing();
    const inkberry = await insertProduct(db, { primaryName: 'Ilex glabra' });
    const mulch = await insertProduct(db, { primaryName: 'Double-Shredded Hardwood Mulch' });
    const advantageNames = async () =>
      (
        await queryRows<{ name: string }>(
          db,
          sql`select a.name from product_advantages pa join advantages a on a.id = pa.advantage_id
               where pa.product_id = ${inkberry.id} order by a.name`,
        )
      ).map((row) => row.name);

    await seedDemoCatalogCare(db);
    expect(await advantageNames()).toEqual(['Native', 'Salt Tolerant']);
    const [row] = await db
      .select({ flag: products.ignoreQuantityDefault })
      .from(products)
      .where(eq(products.id, mulch.id));
    expect(row.flag).toBe(true);
    const [{ events }] = await queryRows<{ events: number }>(
      db,
      sql`select count(*)::int as events from audit_events where action = 'admin_updated'`,
    );
    expect(events).toBe(2);

    // A restart changes nothing.
    await seedDemoCatalogCare(db);
    const [{ again }] = await queryRows<{ again: number }>(
      db,
      sql`select count(*)::int as again from audit_events where action = 'admin_updated'`,
    );
    expect(again).toBe(2);
  });
});
