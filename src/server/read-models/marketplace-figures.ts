// Read model: The marketplace's figures the landing page shows: suppliers, branches, products in
// stock and the states the branches are in.

import { sql } from 'drizzle-orm';
import type { Executor } from '../core/database';
import { queryRows } from '../db/client';
import { availabilities, products } from '../modules/catalog/catalog.tables';
import { addresses, branches } from '../modules/organizations/organizations.tables';

export type MarketplaceFiguresRow = {
  suppliers: number;
  branches: number;
  products: number;
  states: number;
};

/**
 * Counts what a visitor can find today: branches with at least one listing in stock, their
 * organisations, the public (unrestricted) products those listings offer and the branches' states.
 */
export async function countMarketplaceFigures(db: Executor): Promise<MarketplaceFiguresRow> {
  const [row] = await queryRows<MarketplaceFiguresRow>(
    db,
    sql`with stocked as (
          select distinct av.branch_id from ${availabilities} av where av.in_stock
        )
        select count(distinct b.organization_id)::int as suppliers,
               count(*)::int as branches,
               (select count(distinct av.product_id)
                  from ${availabilities} av join ${products} p on p.id = av.product_id
                 where av.in_stock and not p.restricted)::int as products,
               count(distinct upper(coalesce(b.state_code, a.state)))::int as states
          from stocked s
          join ${branches} b on b.id = s.branch_id
          left join ${addresses} a on a.id = b.address_id`,
  );
  return row;
}
