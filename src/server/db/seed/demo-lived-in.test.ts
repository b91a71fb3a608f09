import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAvailability, insertProduct, insertVariant } from '../../test/catalog-factories';
import { insertBranch, insertOrganization, insertUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { queryRows } from '../client';
import { seedDemoLivedIn } from './demo-lived-in';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const counts = async (userId: number) => {
  const [row] = await queryRows<{ carts: number; items: number; hubsheets: number; lines: number }>(
    t.database.db,
    sql`select (select count(*)::int from carts where user_id = ${userId} and state = 'draft') as carts,
               (select count(*)::int from cart_items ci join carts c on c.id = ci.cart_id
                 where c.user_id = ${userId}) as items,
               (select count(*)::int from hubsheets where user_id = ${userId}) as hubsheets,
               (select count(*)::int from list_items li join hubsheets h on h.id = li.hubsheet_id
                 where h.user_id = ${userId}) as lines`,
  );
  return row;
};

describe('seedDemoLivedIn', () => {
  it('gives the demo buyer open carts with items and HubSheets with lines, once', async () => {
    const db = t.database.db;
    const buyerOrganization = await insertOrganization(db);
    const buyer = await insertUser(db, {
      email: 'buyer@demo.hedgerow.test',
      organizationId: buyerOrganization.id,
    });
    const supplier = await insertOrganization(db, { isBuyer: false });
    const branch = await insertBranch(db, supplier.id);
    for (let n = 0; n < 6; n++) {
      const product = await insertProduct(db);
      await insertAvailability(db, { branchId: branch.id, variant: await insertVariant(db, product.id) });
    }

    await seedDemoLivedIn(db);
    const first = await counts(buyer.id);
    expect(first).toEqual({ carts: 2, items: 5, hubsheets: 2, lines: 7 });

    // A restart adds nothing.
    await seedDemoLivedIn(db);
    expect(await counts(buyer.id)).toEqual(first);
  });
});
