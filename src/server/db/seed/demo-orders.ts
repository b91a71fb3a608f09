import { sql } from 'drizzle-orm';
import type { Caller } from '../../core/caller';
import type { Db } from '../../core/database';
import type { SessionRow } from '../../modules/auth/auth.repository';
import { addItem } from '../../modules/carts/cart-items.service';
import { createCart } from '../../modules/carts/carts.service';
import { findUserByEmail } from '../../modules/users/users.service';
import { findUserProfile } from '../../read-models/user-profiles';
import { submitCartInTransaction } from '../../workflows/submit-cart';
import { queryRows } from '../client';

const dayMs = 86_400_000;

/** The demo buyer's submitted carts: name, job number, which of the chosen branches, days ago. */
const demoCarts = [
  { name: 'Riverside Park Phase 2', job: 'GL-2041', branches: [0, 1, 2], daysAgo: 29 },
  { name: 'Maple Court Townhomes', job: 'GL-2043', branches: [0, 3], daysAgo: 27 },
  { name: 'Cedar Hills Office Park', job: 'GL-2050', branches: [1], daysAgo: 24 },
  { name: 'Hawthorne Residence', job: null, branches: [0, 4], daysAgo: 21 },
  { name: 'Lakeview Elementary', job: 'GL-2058', branches: [2, 3], daysAgo: 18 },
  { name: 'Oak Street Streetscape', job: 'GL-2061', branches: [0, 1], daysAgo: 15 },
  { name: 'Summit Medical Center', job: 'GL-2066', branches: [1, 4], daysAgo: 12 },
  { name: 'Willow Creek HOA', job: null, branches: [0], daysAgo: 9 },
  { name: 'Briarwood Apartments', job: 'GL-2072', branches: [3], daysAgo: 7 },
  { name: 'Founders Plaza Refresh', job: 'GL-2075', branches: [0, 2], daysAgo: 4 },
  { name: 'Pine Ridge Clubhouse', job: 'GL-2079', branches: [1, 3], daysAgo: 2 },
  { name: 'Greenway Trail Planting', job: 'GL-2081', branches: [0, 1, 4], daysAgo: 0 },
] as const;

/**
 * Where some orders went after submission, by position among all demo orders; the rest stay with
 * the supplier (purchase_order_sent, "Needs Response"). Each step is [event, from, to].
 */
const laterSteps: Record<number, [string, string, string][]> = {
  0: [
    ['confirm', 'purchase_order_sent', 'confirmed'],
    ['fulfill', 'confirmed', 'fulfilled'],
  ],
  1: [
    ['confirm', 'purchase_order_sent', 'confirmed'],
    ['fulfill', 'confirmed', 'fulfilled'],
  ],
  2: [['cancel', 'purchase_order_sent', 'cancelled']],
  3: [
    ['confirm', 'purchase_order_sent', 'confirmed'],
    ['fulfill', 'confirmed', 'fulfilled'],
  ],
  4: [['confirm', 'purchase_order_sent', 'confirmed']],
  6: [['propose_changes', 'purchase_order_sent', 'needs_buyer_review']],
  7: [
    ['confirm', 'purchase_order_sent', 'confirmed'],
    ['fulfill', 'confirmed', 'fulfilled'],
  ],
  9: [['confirm', 'purchase_order_sent', 'confirmed']],
  11: [['propose_changes', 'purchase_order_sent', 'needs_buyer_review']],
  12: [['confirm', 'purchase_order_sent', 'confirmed']],
  14: [['cancel', 'purchase_order_sent', 'cancelled']],
  16: [['propose_changes', 'purchase_order_sent', 'needs_buyer_review']],
  18: [['confirm', 'purchase_order_sent', 'confirmed']],
};

/**
 * Demo orders: about a dozen carts of buyer@demo (Greenline Landscaping) submitted through the real
 * cart services, from the two Blue Ridge Growers branches and three other suppliers, then spread over
 * the last 30 days and moved along. Does nothing when any order exists or the demo buyer is missing.
 */
export async function seedDemoOrders(db: Db) {
  const [{ count }] = await queryRows<{ count: number }>(db, sql`select count(*)::int as count from orders`);
  if (count > 0) return;
  const user = await findUserByEmail(db, 'buyer@demo.hedgerow.test');
  const profile = user && (await findUserProfile(db, user.id));
  if (!user || !profile) return;
  // The services only read the user and profile; no session is opened for the seed.
  const caller: Caller = { user, profile, session: { id: 0 } as SessionRow, impersonatorUserId: null };

  const branchRows = await queryRows<{ id: number }>(
    db,
    sql`(select b.id::int from branches b join organizations o on o.id = b.organization_id
          where o.slug = 'blue-ridge-growers' order by b.id)
        union all
        (select b.id::int from branches b join organizations o on o.id = b.organization_id
          where o.slug <> 'blue-ridge-growers'
            and exists (select 1 from availabilities a where a.branch_id = b.id)
          order by b.id limit 3)`,
  );
  if (branchRows.length < 5) return;
  const listingsOf = async (branchId: number, offset: number) =>
    queryRows<{ product_variant_id: number }>(
      db,
      sql`select a.product_variant_id::int from availabilities a join products p on p.id = a.product_id
           where a.branch_id = ${branchId} and a.in_stock and a.base_price is not null and not p.restricted
           order by a.id limit 2 offset ${offset}`,
    );

  const now = Date.now();
  const orderIds: number[] = [];
  for (const [index, demo] of demoCarts.entries()) {
    const cart = await createCart(db, caller, {
      name: demo.name,
      jobData: demo.job ? { externalJobNumber: demo.job, externalPhase: null, postalCode: null } : undefined,
    });
    for (const [position, branchIndex] of demo.branches.entries()) {
      const branchId = branchRows[branchIndex].id;
      for (const [line, listing] of (await listingsOf(branchId, index * 2 + position)).entries()) {
        await addItem(db, caller, {
          cartId: cart.id,
          branchId,
          productVariantId: listing.product_variant_id,
          quantity: 3 + ((index + line * 7) % 10) * 5,
          nonCatalog: false,
          unit: 'each',
        });
      }
    }
    const submitted = await db.transaction((tx) => submitCartInTransaction(tx, caller, cart.id));
    // Spread the submissions over the last 30 days (mid-morning UTC), pickups a week later.
    const submittedAt = new Date(Math.floor((now - demo.daysAgo * dayMs) / dayMs) * dayMs + 14 * 3_600_000);
    const ids = submitted.orders.map((order) => order.id).join(',');
    await db.execute(
      sql`update carts set submitted_at = ${submittedAt.toISOString()}::timestamptz where id = ${cart.id}`,
    );
    await db.execute(sql`update orders set submitted_at = ${submittedAt.toISOString()}::timestamptz,
                              requested_on = (${submittedAt.toISOString()}::timestamptz + interval '7 days')::date
                          where id = any(string_to_array(${ids}, ',')::bigint[])`);
    await db.execute(sql`update order_events set created_at = ${submittedAt.toISOString()}::timestamptz
                          where order_id = any(string_to_array(${ids}, ',')::bigint[])`);
    orderIds.push(...submitted.orders.map((order) => order.id));
  }

  // Later steps, written directly for now: the orders module's transition service will replace this.
  for (const [position, steps] of Object.entries(laterSteps)) {
    const orderId = orderIds[Number(position)];
    if (orderId === undefined) continue;
    for (const [step, [event, fromState, toState]] of steps.entries()) {
      await db.execute(sql`update orders set state = ${toState}, version = version + 1, updated_at = now()
                            where id = ${orderId}`);
      await db.execute(sql`insert into order_events (order_id, name, from_state, to_state, created_at, updated_at)
        select o.id, ${event}, ${fromState}, ${toState},
               least(now(), o.submitted_at + ${`${step + 1} days`}::interval),
               least(now(), o.submitted_at + ${`${step + 1} days`}::interval)
          from orders o where o.id = ${orderId}`);
    }
  }
}
