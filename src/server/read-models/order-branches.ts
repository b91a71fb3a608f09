// Read model: Orders read with their supplier branch: supplier order history and the staff's branch choices.

import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../core/database';
import { queryRows } from '../db/client';
import type { OrderRow, SupplierHistoryRow } from '../modules/orders/orders.repository';
import { branches } from '../modules/organizations/organizations.tables';

/** A supplier branch with its organisation, for moving an order to it; null when there is none. */
export async function findBranch(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: branches.id,
      name: branches.name,
      organizationId: branches.organizationId,
      sellsOnline: branches.sellsOnline,
      honorsPurchaseDiscount: branches.honorsPurchaseDiscount,
    })
    .from(branches)
    .where(eq(branches.id, id));
  return row ?? null;
}

/**
 * A buyer organisation's orders with one supplier organisation (optionally one branch), newest
 * submitted first, one page and the number of matches; deactivated orders are left out.
 */
export async function listSupplierHistory(
  db: Executor,
  filter: {
    buyerOrganizationId: number;
    supplierOrganizationId: number | null;
    branchId: number | null;
    page: number;
    perPage: number;
  },
) {
  const conditions = [
    sql`o.buyer_organization_id = ${filter.buyerOrganizationId}`,
    sql`o.deactivated_at is null`,
    sql`o.state <> 'draft'`,
  ];
  if (filter.supplierOrganizationId !== null)
    conditions.push(sql`o.supplier_organization_id = ${filter.supplierOrganizationId}`);
  if (filter.branchId !== null) conditions.push(sql`o.branch_id = ${filter.branchId}`);
  const where = sql.join(conditions, sql` and `);
  return queryRows<SupplierHistoryRow>(
    db,
    sql`select page.*, matches.total_count
          from (select count(*)::int as total_count from orders o where ${where}) matches
          left join lateral (
            select o.id::int, o.order_number, o.name, o.state, o.submitted_at, o.fulfilled_on::text,
                   o.total::int as total, o.branch_id::int, b.name as branch_name,
                   (select count(*)::int from order_items oi where oi.order_id = o.id) as items_count
              from orders o
              join branches b on b.id = o.branch_id
             where ${where}
             order by o.submitted_at desc, o.id desc
             limit ${filter.perPage} offset ${(filter.page - 1) * filter.perPage}
          ) page on true`,
  );
}

export type BranchOptionRow = {
  id: number;
  name: string;
  organization_id: number;
  organization_name: string;
  listed_items: number;
  total_count: number;
};

/**
 * Branches an order could move to, with how many of its item sizes each lists, most first; the
 * order's own branch and the buyer's organisation's branches are left out.
 */
export async function listBranchOptions(
  db: Executor,
  order: OrderRow,
  query: string | undefined,
  limit: number,
) {
  const pattern = query ? `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return queryRows<BranchOptionRow>(
    db,
    sql`select b.id::int, b.name, b.organization_id::int, g.name as organization_name,
               (select count(distinct oi.product_variant_id)::int
                  from order_items oi
                  join availabilities a on a.product_variant_id = oi.product_variant_id and a.branch_id = b.id
                 where oi.order_id = ${order.id}) as listed_items,
               count(*) over ()::int as total_count
          from branches b
          join organizations g on g.id = b.organization_id
         where b.id <> ${order.branchId} and b.organization_id <> ${order.buyerOrganizationId}
           ${pattern ? sql`and (b.name ilike ${pattern} or g.name ilike ${pattern})` : sql``}
         order by listed_items desc, g.name, b.name, b.id
         limit ${limit}`,
  );
}
