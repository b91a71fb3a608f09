// Read model: The discounts a buyer organisation gets, with the supplier organisations' names.

import { sql } from 'drizzle-orm';
import type { Executor } from '../core/database';
import { queryRows } from '../db/client';
import { discounts } from '../modules/catalog/catalog.tables';
import { organizations } from '../modules/organizations/organizations.tables';

export type DiscountListRow = {
  id: number;
  name: string;
  kind: 'purchase' | 'platform';
  operator: 'PERCENTAGE' | 'FLAT_RATE';
  value: number;
  startsAt: Date | null;
  endsAt: Date | null;
  supplierOrganizationId: number | null;
  supplierName: string | null;
};

/**
 * The purchase discounts of a buyer organisation at each supplier and the platform discounts open
 * to it (for every buyer, or for it alone), leaving out those that ended.
 */
export async function listBuyerDiscounts(db: Executor, buyerOrganizationId: number | null, now: Date) {
  const buyer = buyerOrganizationId ?? -1;
  return queryRows<DiscountListRow>(
    db,
    sql`select d.id::int as "id", d.name, d.kind, d.operator, d.value,
               d.starts_at as "startsAt", d.ends_at as "endsAt",
               d.supplier_organization_id::int as "supplierOrganizationId", s.name as "supplierName"
          from ${discounts} d
          left join ${organizations} s on s.id = d.supplier_organization_id
         where (d.ends_at is null or d.ends_at > ${now.toISOString()})
           and ((d.kind = 'purchase' and d.buyer_organization_id = ${buyer})
                or (d.kind = 'platform' and (d.buyer_organization_id is null or d.buyer_organization_id = ${buyer})))
         order by d.kind desc, lower(coalesce(s.name, '')), d.id`,
  );
}
