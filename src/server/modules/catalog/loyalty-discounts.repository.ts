import { sql } from 'drizzle-orm';
import type { Executor } from '../../core/database';
import { queryRows } from '../../db/client';

export type LoyaltyDiscountRow = {
  id: number;
  organization_id: number;
  name: string;
  value: number;
  starts_at: Date | string | null;
  ends_at: Date | string | null;
};

const columns = sql`id::int, buyer_organization_id::int as organization_id, name, value, starts_at, ends_at`;

/** An organisation's loyalty discounts: platform discounts for it alone, at every supplier. */
export async function listForOrganization(db: Executor, organizationId: number) {
  return queryRows<LoyaltyDiscountRow>(
    db,
    sql`select ${columns} from discounts
         where kind = 'platform' and buyer_organization_id = ${organizationId} and supplier_organization_id is null
         order by coalesce(starts_at, created_at) desc, id desc`,
  );
}

export async function findLoyaltyDiscount(db: Executor, id: number) {
  const [row] = await queryRows<LoyaltyDiscountRow>(
    db,
    sql`select ${columns} from discounts
         where id = ${id} and kind = 'platform' and buyer_organization_id is not null
           and supplier_organization_id is null`,
  );
  return row ?? null;
}

export async function buyerOrganizationExists(db: Executor, organizationId: number) {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id::int from organizations where id = ${organizationId}`,
  );
  return rows.length > 0;
}

type Values = { name: string; value: number; startsAt: string | null; endsAt: string | null };

export async function insertLoyaltyDiscount(db: Executor, organizationId: number, values: Values) {
  const [row] = await queryRows<LoyaltyDiscountRow>(
    db,
    sql`insert into discounts (name, kind, operator, value, buyer_organization_id, starts_at, ends_at)
        values (${values.name}, 'platform', 'PERCENTAGE', ${values.value}, ${organizationId},
                ${values.startsAt}, ${values.endsAt})
        returning ${columns}`,
  );
  return row;
}

export async function updateLoyaltyDiscount(db: Executor, id: number, values: Values) {
  const [row] = await queryRows<LoyaltyDiscountRow>(
    db,
    sql`update discounts set name = ${values.name}, value = ${values.value}, starts_at = ${values.startsAt},
               ends_at = ${values.endsAt}, updated_at = now()
         where id = ${id} returning ${columns}`,
  );
  return row;
}

export async function endLoyaltyDiscount(db: Executor, id: number, at: Date) {
  const [row] = await queryRows<LoyaltyDiscountRow>(
    db,
    sql`update discounts set ends_at = ${at.toISOString()}, updated_at = now() where id = ${id} returning ${columns}`,
  );
  return row;
}
