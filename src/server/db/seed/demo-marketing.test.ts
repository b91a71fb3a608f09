import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adZones } from '../../../domain/marketing/ad-zones';
import { insertAvailability, insertProduct, insertVariant } from '../../test/catalog-factories';
import { bearer, tokenFor } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { queryRows } from '../client';
import { seedDemoAccounts } from './demo-accounts';
import { seedDemoHeldOrder } from './demo-held-order';
import { seedDemoLoyalty } from './demo-loyalty';
import { seedDemoMarketing } from './demo-marketing';

// Issues 22 and 18: the demo's marketing for every audience, its loyalty discount, its held order.
let t: TestApp;
const publicDir = path.resolve(import.meta.dirname, '../../../../public');
const now = new Date('2026-05-04T12:00:00Z');
beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await seedDemoAccounts(db, 'hedgerow-demo');
  const [branch] = await queryRows<{ id: number }>(
    db,
    sql`select b.id::int from branches b join organizations o on o.id = b.organization_id
         where o.slug = 'blue-ridge-growers' order by b.id limit 1`,
  );
  for (let n = 0; n < 2; n++) {
    const product = await insertProduct(db);
    await insertAvailability(db, { branchId: branch.id, variant: await insertVariant(db, product.id) });
  }
  for (let run = 0; run < 2; run++) {
    // A restart adds nothing (checked by the counts below).
    await seedDemoMarketing(db, now.toISOString().slice(0, 10));
    await seedDemoHeldOrder(db);
    await seedDemoLoyalty(db, now);
  }
});
afterAll(async () => t.close());

const headersOf = async (email: string) => {
  const [user] = await queryRows<{ id: number }>(
    t.database.db,
    sql`select id::int from users where email = ${email}`,
  );
  return bearer(await tokenFor(t.database.db, user.id));
};
const get = async (headers: Record<string, string>, url: string) => {
  const response = await t.app.inject({ method: 'GET', url, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const audiencesSeenBy = async (email: string) =>
  new Set(
    ((await get(await headersOf(email), '/api/v1/marketing_messages')).results as { audience: string }[]).map(
      (message) => message.audience,
    ),
  );

describe('the demo marketing', () => {
  it('fills every ad zone once, with a phone banner where the zone has a phone shape', async () => {
    for (const zone of adZones) {
      const response = await t.app.inject({ method: 'GET', url: `/api/v1/ad_zones/${zone.id}` });
      expect(response.statusCode, zone.id).toBe(200);
      expect(response.json()).toMatchObject({
        zoneId: zone.id,
        imageUrl: expect.stringMatching(/^\/ads\/.+\.svg$/),
        phoneImageUrl: zone.phone ? expect.stringMatching(/^\/ads\/.+-phone\.svg$/) : null,
      });
      for (const url of [response.json().imageUrl, response.json().phoneImageUrl].filter(Boolean)) {
        expect(fs.existsSync(path.join(publicDir, url)), url).toBe(true);
      }
    }
    const [{ count }] = await queryRows<{ count: number }>(
      t.database.db,
      sql`select count(*)::int from house_ads`,
    );
    expect(count).toBe(adZones.length);
  });

  it('shows each demo sign-in the messages of its audiences', async () => {
    expect(await audiencesSeenBy('buyer@demo.hedgerow.test')).toEqual(
      new Set(['all_users', 'activated', 'buyers']),
    );
    expect(await audiencesSeenBy('newbuyer@demo.hedgerow.test')).toEqual(
      new Set(['all_users', 'non_activated', 'buyers']),
    );
    expect(await audiencesSeenBy('supplier@demo.hedgerow.test')).toEqual(
      new Set(['all_users', 'activated', 'suppliers']),
    );
    const [{ count }] = await queryRows<{ count: number }>(
      t.database.db,
      sql`select count(*)::int from marketing_messages`,
    );
    expect(count).toBe(5);
  });
});

describe('the demo loyalty discount', () => {
  it("puts the loyalty banner on the demo buyer's dashboard, and not on another company's", async () => {
    const buyer = await get(await headersOf('buyer@demo.hedgerow.test'), '/api/v1/dashboard/notices');
    expect(buyer.discountBanner).toBe(true);
    const other = await get(await headersOf('cardinal@demo.hedgerow.test'), '/api/v1/dashboard/notices');
    expect(other.discountBanner).toBe(false);
    const [{ count }] = await queryRows<{ count: number }>(
      t.database.db,
      sql`select count(*)::int from discounts where kind = 'platform' and buyer_organization_id is not null`,
    );
    expect(count).toBe(1);
  });
});

describe('the demo held order', () => {
  it('holds the no-card buyer company’s order in needs_payment_info, with the missing-payment message', async () => {
    const orders = await queryRows<{ state: string }>(
      t.database.db,
      sql`select o.state from orders o join organizations g on g.id = o.buyer_organization_id
           where g.slug = 'cardinal-outdoor-living'`,
    );
    expect(orders.map((order) => order.state)).toEqual(['needs_payment_info']);
    const inbox = await get(await headersOf('cardinal@demo.hedgerow.test'), '/api/v1/messages');
    expect(inbox.results.map((row: { messageType: string }) => row.messageType)).toContain(
      'missing_payment_method',
    );
  });
});
