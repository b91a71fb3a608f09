import { sql } from 'drizzle-orm';
import type { Db } from '../../core/database';
import { SearchTracker } from '../../modules/search/search.service';
import { queryRows } from '../client';

const dayMs = 86_400_000;
const quietLog = { warn: () => {} } as never;

/**
 * Four weeks of search impressions for the demo supplier's listings, recorded through the search
 * tracker as results pages would (so /reports has them); idempotent: skipped once any exist.
 */
export async function seedDemoSearchImpressions(db: Db, now = new Date()) {
  const [existing] = await queryRows<{ any: boolean }>(
    db,
    sql`select exists (select 1 from search_impressions) as any`,
  );
  if (existing?.any) return;
  const products = await queryRows<{ id: number }>(
    db,
    sql`select distinct av.product_id::int as id
          from availabilities av join branches b on b.id = av.branch_id
          join users u on u.organization_id = b.organization_id
         where u.email = 'supplier@demo.hedgerow.test' and (av.quantity > 0 or av.ignore_quantity)
         order by 1 limit 40`,
  );
  if (products.length === 0) return;
  for (let daysAgo = 27; daysAgo >= 0; daysAgo--) {
    const at = new Date(now.getTime() - daysAgo * dayMs);
    const tracker = new SearchTracker(db, quietLog, { delayMs: 60_000, maxBatch: 10_000, now: () => at });
    // Weekdays are busier; each page shows a handful of the supplier's products.
    const pages = [1, 2, 3, 4, 5].includes(at.getUTCDay()) ? 12 + (daysAgo % 5) : 4;
    for (let page = 0; page < pages; page++) {
      const start = (page * 7 + daysAgo) % products.length;
      tracker.recordImpressions(products.slice(start, start + 6).map((product) => product.id));
    }
    await tracker.flush();
  }
}
