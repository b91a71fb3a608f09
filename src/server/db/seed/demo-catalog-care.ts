import { sql } from 'drizzle-orm';
import type { Caller } from '../../core/caller';
import type { Db } from '../../core/database';
import type { SessionRow } from '../../modules/auth/auth.repository';
import { updateAdminProduct } from '../../modules/catalog/admin-products.service';
import { findUserByEmail } from '../../modules/users/users.service';
import { findUserProfile } from '../../read-models/user-profiles';
import { queryRows } from '../client';

/** Plants of the demo buyer's lists that staff gave selling points to (when they have none). */
const plantAdvantages: [name: string, slugs: string[]][] = [
  ['Ilex glabra', ['native', 'salt-tolerant']],
  ['Carex pensylvanica', ['native', 'deer-resistant']],
  ['Viburnum dentatum', ['native', 'pollinator-friendly']],
  ['Panicum virgatum', ['native', 'drought-tolerant', 'salt-tolerant']],
];

/** Bulk hard goods sold from the yard's pile: new listings of them do not count stock. */
const uncountedGoods = ['Double-Shredded Hardwood Mulch', 'Screened Topsoil', '#57 Stone'];

/**
 * Beehive's catalogue care, done by the demo admin through the product page's service: advantages on
 * a few plants that had none, and the ignore-quantity default on bulk hard goods. Each product is
 * touched only while it still lacks them, so a restart changes nothing.
 */
export async function seedDemoCatalogCare(db: Db) {
  const user = await findUserByEmail(db, 'admin@demo.hedgerow.test');
  const profile = user && (await findUserProfile(db, user.id));
  if (!user || !profile) return;
  const caller: Caller = { user, profile, session: { id: 0 } as SessionRow, impersonatorUserId: null };
  const advantages = new Map(
    (await queryRows<{ id: number; slug: string }>(db, sql`select id::int, slug from advantages`)).map(
      (row) => [row.slug, row.id],
    ),
  );
  const names = [...plantAdvantages.map(([name]) => name), ...uncountedGoods];
  const products = await queryRows<{ id: number; name: string; advantages: number; flag: boolean }>(
    db,
    sql`select distinct on (p.primary_name) p.id::int, p.primary_name as name, p.ignore_quantity_default as flag,
               (select count(*)::int from product_advantages pa where pa.product_id = p.id) as advantages
          from products p
         where p.primary_name = any(string_to_array(${names.join('\u0001')}, ${'\u0001'}))
         order by p.primary_name, p.id`,
  );
  const byName = new Map(products.map((row) => [row.name, row]));
  for (const [name, slugs] of plantAdvantages) {
    const product = byName.get(name);
    const advantageIds = slugs.flatMap((slug) => advantages.get(slug) ?? []);
    if (product && product.advantages === 0 && advantageIds.length > 0) {
      await updateAdminProduct(db, caller, product.id, { advantageIds });
    }
  }
  for (const name of uncountedGoods) {
    const product = byName.get(name);
    if (product && !product.flag) {
      await updateAdminProduct(db, caller, product.id, { ignoreQuantityDefault: true });
    }
  }
}
