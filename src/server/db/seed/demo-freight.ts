import { sql } from 'drizzle-orm';
import type { Caller } from '../../core/caller';
import type { Db } from '../../core/database';
import type { SessionRow } from '../../modules/auth/auth.repository';
import {
  allFeatures,
  ensureKnownFeatures,
  FeatureCache,
  updateFeature,
} from '../../modules/features/features.service';
import { createTruck, requestFreightForCart } from '../../modules/logistics/logistics.service';
import { findUserByEmail } from '../../modules/users/users.service';
import { findUserProfile } from '../../read-models/user-profiles';
import { queryRows } from '../client';

async function callerFor(db: Db, email: string): Promise<Caller | null> {
  const user = await findUserByEmail(db, email);
  const profile = user && (await findUserProfile(db, user.id));
  if (!user || !profile) return null;
  return { user, profile, session: { id: 0 } as SessionRow, impersonatorUserId: null };
}

const demoTrucks = [
  {
    name: 'Flatbed 48 ft',
    palletCapacity: 24,
    weightCapacityLb: 48_000,
    ratePerMile: 385,
    minimumCharge: 45_000,
  },
  {
    name: 'Box truck 26 ft',
    palletCapacity: 12,
    weightCapacityLb: 10_000,
    ratePerMile: 265,
    minimumCharge: 25_000,
  },
  {
    name: 'Hotshot 40 ft',
    palletCapacity: 10,
    weightCapacityLb: 16_500,
    ratePerMile: 310,
    minimumCharge: 30_000,
  },
];

/**
 * Freight in the demo (issue 16): FREIGHT_REQUEST and PHOTO_REQUEST on, the logistics team's trucks,
 * and one open freight request from the demo buyer's open cart, made through the same service the
 * cart's 'Request Freight Estimate' calls. Idempotent: does nothing once a freight request exists.
 */
export async function seedDemoFreight(db: Db) {
  const cache = new FeatureCache(db, 0);
  await ensureKnownFeatures(db, cache);
  for (const feature of await allFeatures(cache)) {
    if (
      (feature.name === 'FREIGHT_REQUEST' || feature.name === 'PHOTO_REQUEST') &&
      !(feature.active && feature.enabledGlobally)
    )
      await updateFeature(cache, feature.id, { active: true, enabledGlobally: true });
  }
  const [{ count }] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from freight_requests`,
  );
  if (count > 0) return;
  const admin = await callerFor(db, 'admin@demo.hedgerow.test');
  const buyer = await callerFor(db, 'buyer@demo.hedgerow.test');
  if (!admin || !buyer) return;
  const [{ trucks }] = await queryRows<{ trucks: number }>(
    db,
    sql`select count(*)::int as trucks from trucks`,
  );
  if (trucks === 0) for (const truck of demoTrucks) await createTruck(db, admin, truck);

  const [cart] = await queryRows<{ id: number }>(
    db,
    sql`select c.id::int from carts c where c.user_id = ${buyer.user.id} and c.state = 'draft'
           and exists (select 1 from cart_items i where i.cart_id = c.id)
         order by c.id limit 1`,
  );
  if (!cart) return;
  const shipDate = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const request = await requestFreightForCart(db, { features: cache }, buyer, cart.id, {
    destinationCity: 'Raleigh',
    destinationState: 'NC',
    destinationPostalCode: '27601',
    expectedShipDate: shipDate,
    fulfillmentHours: '7am – 3pm, Monday to Friday',
    needsDeliveryAssist: true,
    notes: 'Tight site entrance off Fayetteville St; the crew can unload with a skid steer.',
  });
  // Dated like the other demo messages: the request came in yesterday morning.
  const askedAt = new Date(Date.now() - 26 * 3_600_000);
  await db.execute(sql`update freight_requests set created_at = ${askedAt} where id = ${request.id}`);
  await db.execute(sql`update messages set created_at = ${askedAt} where thread_id = ${request.threadId}`);
  await db.execute(
    sql`update thread_mailboxes set last_received_at = ${askedAt} where thread_id = ${request.threadId} and last_received_at is not null`,
  );
  await db.execute(
    sql`update thread_mailboxes set last_sent_at = ${askedAt} where thread_id = ${request.threadId} and last_sent_at is not null`,
  );
}
