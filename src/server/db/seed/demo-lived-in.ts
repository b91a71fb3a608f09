import { sql } from 'drizzle-orm';
import { addListItemSchema, createHubsheetSchema } from '../../../domain/hubsheets/hubsheet-schemas';
import type { Caller } from '../../core/caller';
import type { Db } from '../../core/database';
import type { JobSender } from '../../jobs/job-queue';
import type { SessionRow } from '../../modules/auth/auth.repository';
import { addItem } from '../../modules/carts/cart-items.service';
import { createCart } from '../../modules/carts/carts.service';
import { addListItem, createHubsheet } from '../../modules/hubsheets/hubsheets.service';
import { findUserByEmail } from '../../modules/users/users.service';
import { findUserProfile } from '../../read-models/user-profiles';
import { queryRows } from '../client';

/** The demo buyer's work in progress: open carts for coming jobs. */
const openCarts = [
  { name: 'Magnolia Park Entrance', job: 'GL-2084', lines: 3 },
  { name: 'Hillcrest Library Courtyard', job: 'GL-2086', lines: 2 },
];

/** The demo buyer's plant lists, matched line by line as if typed in. */
const hubsheets = [
  {
    name: 'Westfield Retail Center',
    postalCode: '28202',
    lines: [
      ['Acer rubrum', '2" cal B&B', 6],
      ['Quercus phellos', '3" cal', 4],
      ['Ilex glabra', '#3', 40],
      ['Carex pensylvanica', '1 gal', 120],
    ],
  },
  {
    name: 'Cedar Hills Office Park - Phase 2',
    postalCode: '28203',
    lines: [
      ['Cornus florida', '6-7 ft', 3],
      ['Viburnum dentatum', '#5', 12],
      ['Panicum virgatum', '#1', 60],
    ],
  },
] as const;

// Lists this short are matched at once; nothing goes to the job queue.
const noJobs: JobSender = {
  send: async () => null,
} as unknown as JobSender;

/**
 * Makes the demo buyer's account look lived in: open carts with items and two HubSheets with
 * matched lines, through the same services the app uses. Each part is added only while the buyer
 * has none of it, so a restart adds nothing.
 */
export async function seedDemoLivedIn(db: Db) {
  const user = await findUserByEmail(db, 'buyer@demo.hedgerow.test');
  const profile = user && (await findUserProfile(db, user.id));
  if (!user || !profile) return;
  const caller: Caller = { user, profile, session: { id: 0 } as SessionRow, impersonatorUserId: null };

  const [{ open }] = await queryRows<{ open: number }>(
    db,
    sql`select count(*)::int as open from carts where user_id = ${user.id} and state = 'draft'`,
  );
  if (open === 0) {
    const listings = await queryRows<{ branch_id: number; product_variant_id: number }>(
      db,
      sql`select a.branch_id::int, a.product_variant_id::int
            from availabilities a join products p on p.id = a.product_id
           where a.in_stock and a.base_price is not null and not p.restricted
           order by a.id limit 12`,
    );
    let next = 0;
    for (const demo of openCarts) {
      const cart = await createCart(db, caller, {
        name: demo.name,
        jobData: { externalJobNumber: demo.job, externalPhase: null, postalCode: null },
      });
      for (let line = 0; line < demo.lines && next < listings.length; line++, next++) {
        await addItem(db, caller, {
          cartId: cart.id,
          branchId: listings[next].branch_id,
          productVariantId: listings[next].product_variant_id,
          quantity: 5 + line * 10,
          nonCatalog: false,
          unit: 'each',
        });
      }
    }
  }

  const [{ lists }] = await queryRows<{ lists: number }>(
    db,
    sql`select count(*)::int as lists from hubsheets where user_id = ${user.id}`,
  );
  if (lists === 0) {
    for (const demo of hubsheets) {
      const created = await createHubsheet(
        db,
        caller,
        createHubsheetSchema().parse({ name: demo.name, postalCode: demo.postalCode }),
        noJobs,
      );
      for (const [originalText, sizeText, quantity] of demo.lines) {
        await addListItem(
          db,
          caller,
          created.id,
          addListItemSchema.parse({ originalText, sizeText, quantity }),
        );
      }
    }
  }
}
