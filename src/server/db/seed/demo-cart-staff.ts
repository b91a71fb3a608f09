import { sql } from 'drizzle-orm';
import type { Caller } from '../../core/caller';
import type { Db } from '../../core/database';
import type { SessionRow } from '../../modules/auth/auth.repository';
import { addInternalNote, setStaffPrices } from '../../modules/carts/cart-staff.service';
import { findUserByEmail } from '../../modules/users/users.service';
import { findUserProfile } from '../../read-models/user-profiles';
import { queryRows } from '../client';

/**
 * Beehive's cart tools in the demo (issue 20): on the demo buyer's open cart, a staff note and a price
 * staff agreed for its first line, made through the services the admin cart page calls. Idempotent:
 * does nothing once any cart has a staff note.
 */
export async function seedDemoCartStaff(db: Db) {
  const [{ count }] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from cart_notes where internal`,
  );
  if (count > 0) return;
  const user = await findUserByEmail(db, 'admin@demo.hedgerow.test');
  const profile = user && (await findUserProfile(db, user.id));
  const buyer = await findUserByEmail(db, 'buyer@demo.hedgerow.test');
  if (!user || !profile || !buyer) return;
  const admin: Caller = { user, profile, session: { id: 0 } as SessionRow, impersonatorUserId: null };
  const [line] = await queryRows<{ cart_id: number; item_id: number }>(
    db,
    sql`select c.id::int as cart_id, i.id::int as item_id
          from carts c join cart_items i on i.cart_id = c.id and not i.non_catalog
         where c.user_id = ${buyer.id} and c.state = 'draft'
         order by c.id, i.sort_position limit 1`,
  );
  if (!line) return;
  await addInternalNote(
    db,
    admin,
    line.cart_id,
    'Called the buyer: they will order the full job if the first line comes down 10%. Agreed with the supplier.',
  );
  const [priced] = await queryRows<{ price: number | null }>(
    db,
    sql`select (a.price_tiers->0->>'price')::int as price
          from cart_items i join availabilities a
            on a.branch_id = i.branch_id and a.product_variant_id = i.product_variant_id
         where i.id = ${line.item_id}`,
  );
  if (!priced?.price) return;
  await setStaffPrices(db, admin, line.item_id, {
    bookPrice: null,
    buyerPrice: Math.round(priced.price * 0.9),
    supplierPrice: Math.round(priced.price * 0.92),
  });
}
