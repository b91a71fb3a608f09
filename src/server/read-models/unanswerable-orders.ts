// Read model: open orders whose supplier organisation has nobody who can receive them (no user able to
// sign in), for Beehive's queue 'Orders nobody can answer'. Reads orders, branches, organisations and
// users. Computed live, so an order leaves the queue as soon as the supplier has someone to answer it.

import { sql } from 'drizzle-orm';
import type { Executor } from '../core/database';
import { queryRows } from '../db/client';

export type UnanswerableOrderRow = {
  id: number;
  orderNumber: string;
  name: string;
  state: string;
  submittedAt: string;
  total: number;
  buyerOrganizationName: string;
  branchName: string;
  supplierOrganizationId: number;
  supplierOrganizationName: string;
};

const closedStates = ['cancelled', 'fulfilled', 'to_invoice', 'invoiced', 'paid'];

export async function listUnanswerableOrders(db: Executor, page: number, perPage: number) {
  const closed = closedStates.join(',');
  const where = sql`o.deactivated_at is null
      and not (o.state = any(string_to_array(${closed}, ',')))
      and not exists (select 1 from users u where u.organization_id = o.supplier_organization_id
                        and u.status <> 'login_prohibited')`;
  const rows = await queryRows<UnanswerableOrderRow>(
    db,
    sql`select o.id::int as "id", o.order_number as "orderNumber", o.name, o.state,
               to_char(o.submitted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "submittedAt",
               o.total::int as "total", bo.name as "buyerOrganizationName", b.name as "branchName",
               o.supplier_organization_id::int as "supplierOrganizationId", so.name as "supplierOrganizationName"
          from orders o
          join organizations bo on bo.id = o.buyer_organization_id
          join organizations so on so.id = o.supplier_organization_id
          join branches b on b.id = o.branch_id
         where ${where}
         order by o.submitted_at asc, o.id asc
         limit ${perPage} offset ${(page - 1) * perPage}`,
  );
  const [{ count }] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from orders o where ${where}`,
  );
  return { rows, total: count };
}
