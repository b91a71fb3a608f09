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

/**
 * Issue 18: cardinal@demo's company has no payment method, so the cart it submits goes through the
 * real submit workflow into an order held in needs_payment_info, with the missing-payment-method
 * message in its inbox. Only while the company has no order.
 */
export async function seedDemoHeldOrder(db: Db) {
  const user = await findUserByEmail(db, 'cardinal@demo.hedgerow.test');
  const profile = user && (await findUserProfile(db, user.id));
  if (!user || !profile || !user.organizationId) return;
  const [{ count }] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from orders where buyer_organization_id = ${user.organizationId}`,
  );
  if (count > 0) return;
  const caller: Caller = { user, profile, session: { id: 0 } as SessionRow, impersonatorUserId: null };

  // Two lines from the demo supplier's first branch.
  const listings = await queryRows<{ branch_id: number; product_variant_id: number }>(
    db,
    sql`select a.branch_id::int, a.product_variant_id::int
          from availabilities a
          join products p on p.id = a.product_id
          join branches b on b.id = a.branch_id
          join organizations o on o.id = b.organization_id
         where o.slug = 'blue-ridge-growers' and a.in_stock and a.base_price is not null and not p.restricted
         order by b.id, a.id desc limit 2`,
  );
  if (listings.length === 0) return;
  const cart = await createCart(db, caller, {
    name: 'Lakeside Townhomes',
    jobData: { externalJobNumber: 'CO-114', externalPhase: null, postalCode: null },
  });
  for (const [line, listing] of listings.entries()) {
    await addItem(db, caller, {
      cartId: cart.id,
      branchId: listing.branch_id,
      productVariantId: listing.product_variant_id,
      quantity: 10 + line * 15,
      nonCatalog: false,
      unit: 'each',
    });
  }
  await db.transaction((tx) => submitCartInTransaction(tx, caller, cart.id));
}
