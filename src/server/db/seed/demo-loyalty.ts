import type { Caller } from '../../core/caller';
import type { Db } from '../../core/database';
import type { SessionRow } from '../../modules/auth/auth.repository';
import * as loyalty from '../../modules/catalog/loyalty-discounts.service';
import * as organizations from '../../modules/organizations/organizations.service';
import { findUserByEmail } from '../../modules/users/users.service';
import { findUserProfile } from '../../read-models/user-profiles';

/**
 * The demo buyer's company has a loyalty discount in force (2% off every supplier's price, so its
 * dashboard shows the loyalty banner), given by the demo admin as Beehive does. Only while it has none.
 */
export async function seedDemoLoyalty(db: Db, now: Date) {
  const greenline = await organizations.findOrganizationBySlug(db, 'greenline-landscaping');
  const admin = await findUserByEmail(db, 'admin@demo.hedgerow.test');
  const profile = admin && (await findUserProfile(db, admin.id));
  if (!greenline || !admin || !profile) return;
  if ((await loyalty.listLoyaltyDiscounts(db, greenline.id, now)).length > 0) return;
  const caller: Caller = { user: admin, profile, session: { id: 0 } as SessionRow, impersonatorUserId: null };
  const startsAt = new Date(now.getTime() - 30 * 86_400_000).toISOString();
  await loyalty.createLoyaltyDiscount(
    db,
    caller,
    greenline.id,
    { name: 'Loyalty: Greenline Landscaping', percent: 2, startsAt, endsAt: null },
    now,
  );
}
