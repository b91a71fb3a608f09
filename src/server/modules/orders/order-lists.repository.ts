import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRowsPrepared } from '../../db/client';

export type OrderListTab = 'buyer' | 'supplier';
export const orderListSortFields = ['submittedAt', 'orderNumber', 'name', 'total', 'requestedOn'] as const;
export type OrderListSortField = (typeof orderListSortFields)[number];

export type OrderListFilter = {
  tab: OrderListTab;
  organizationId: number;
  /** Only these states; null for all. */
  states: readonly string[] | null;
  /** submitted_at ≥ from and < until (the day after the end date). */
  submittedFrom: Date | null;
  submittedUntil: Date | null;
  query: string | null;
  sort: { field: OrderListSortField; direction: 'asc' | 'desc' };
  page: number;
  perPage: number;
};

export type OrderListRow = {
  id: number;
  order_number: string;
  name: string;
  state: string;
  fulfillment: string;
  requested_on: string | null;
  submitted_at: Date | string;
  total: number;
  items_count: number;
  branch_id: number;
  branch_name: string;
  branch_slug: string;
  buyer_organization_id: number;
  buyer_organization_name: string;
  user_id: number;
  user_full_name: string;
  job_number: string | null;
  total_count: number;
};

const likePattern = (query: string) => `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The side of the order the caller's organisation is on: each is served by its (org, submitted_at) index. */
const sideColumn = (tab: OrderListTab) =>
  sql.raw(tab === 'supplier' ? 'o.supplier_organization_id' : 'o.buyer_organization_id');

// Whitelisted sort expressions; the total is what that side sees.
const sortExpressions = (tab: OrderListTab): Record<OrderListSortField, string> => ({
  submittedAt: 'o.submitted_at',
  orderNumber: 'o.order_number',
  name: 'o.name',
  total: tab === 'supplier' ? 'o.supplier_subtotal' : 'o.total',
  requestedOn: 'o.requested_on',
});

/**
 * One page of a tab's orders and the number of matches, in one statement: the matching orders are
 * numbered and paged first (only orders, plus branch and buyer names when searching), and the names,
 * buyer and item counts are joined to the page's rows only. Each combination of filters is one SQL
 * shape, prepared under its own name.
 */
export async function listOrders(db: Executor, filter: OrderListFilter): Promise<OrderListRow[]> {
  const conditions: SQL[] = [sql`${sideColumn(filter.tab)} = ${filter.organizationId}`];
  const shape: string[] = [filter.tab];
  if (filter.states) {
    conditions.push(sql`o.state = any(string_to_array(${filter.states.join(',')}, ','))`);
    shape.push('s');
  }
  if (filter.submittedFrom) {
    conditions.push(sql`o.submitted_at >= ${filter.submittedFrom.toISOString()}::timestamptz`);
    shape.push('f');
  }
  if (filter.submittedUntil) {
    conditions.push(sql`o.submitted_at < ${filter.submittedUntil.toISOString()}::timestamptz`);
    shape.push('u');
  }
  if (filter.query) {
    const pattern = likePattern(filter.query);
    conditions.push(sql`(o.order_number ilike ${pattern} or o.name ilike ${pattern}
      or o.job_number ilike ${pattern}
      or exists (select 1 from branches sb where sb.id = o.branch_id and sb.name ilike ${pattern})
      or exists (select 1 from organizations sbo where sbo.id = o.buyer_organization_id and sbo.name ilike ${pattern}))`);
    shape.push('q');
  }
  const direction = filter.sort.direction === 'asc' ? 'asc' : 'desc';
  const column = sortExpressions(filter.tab)[filter.sort.field];
  const nulls = direction === 'asc' ? 'nulls last' : 'nulls first';
  const orderBy = sql.raw(`${column} ${direction} ${nulls}, o.id ${direction}`);
  const pageOrder = sql.raw(`m.position`);
  shape.push(filter.sort.field, direction);
  const total = sql.raw(filter.tab === 'supplier' ? 'o.supplier_subtotal' : 'o.total');
  return queryRowsPrepared<OrderListRow>(
    db,
    `order_list_${shape.join('_')}`,
    sql`with matched as (
          select o.id, row_number() over (order by ${orderBy}) as position, count(*) over () as total_count
            from orders o
           where ${sql.join(conditions, sql` and `)}
           order by ${orderBy}
           limit ${filter.perPage} offset ${(filter.page - 1) * filter.perPage}
        )
        select o.id::int, o.order_number, o.name, o.state, o.fulfillment, o.requested_on::text as requested_on,
               o.submitted_at, ${total}::int as total,
               (select count(*)::int from order_items oi where oi.order_id = o.id) as items_count,
               b.id::int as branch_id, b.name as branch_name, b.slug as branch_slug,
               bo.id::int as buyer_organization_id, bo.name as buyer_organization_name,
               u.id::int as user_id, trim(u.first_name || ' ' || u.last_name) as user_full_name,
               o.job_number, m.total_count::int as total_count
          from matched m
          join orders o on o.id = m.id
          join branches b on b.id = o.branch_id
          join organizations bo on bo.id = o.buyer_organization_id
          join users u on u.id = o.user_id
         order by ${pageOrder}`,
  );
}

/** How many orders wait for the organisation as buyer and as supplier. */
export async function countNeedsResponse(
  db: Executor,
  organizationId: number,
  buyerStates: readonly string[],
  supplierStates: readonly string[],
) {
  const [row] = await queryRowsPrepared<{ buyer: number; supplier: number }>(
    db,
    'order_needs_response_counts',
    sql`select (select count(*)::int from orders o
                 where o.buyer_organization_id = ${organizationId}
                   and o.state = any(string_to_array(${buyerStates.join(',')}, ','))) as buyer,
               (select count(*)::int from orders o
                 where o.supplier_organization_id = ${organizationId}
                   and o.state = any(string_to_array(${supplierStates.join(',')}, ','))) as supplier`,
  );
  return row;
}

/** Distinct order names on one side, alphabetically, optionally containing `query`. */
export async function listOrderNames(
  db: Executor,
  tab: OrderListTab,
  organizationId: number,
  query: string | null,
) {
  const rows = await queryRowsPrepared<{ name: string }>(
    db,
    `order_names_${tab}_${query ? 'q' : 'all'}`,
    sql`select distinct o.name from orders o
         where ${sideColumn(tab)} = ${organizationId}
           ${query ? sql`and o.name ilike ${likePattern(query)}` : sql``}
         order by o.name
         limit 50`,
  );
  return rows.map((row) => row.name);
}

/** The buyer organisations that ordered from the supplier organisation's branches. */
export async function listBuyerOrganizations(db: Executor, supplierOrganizationId: number) {
  return queryRowsPrepared<{ id: number; name: string }>(
    db,
    'order_buyer_organizations',
    sql`select bo.id::int, bo.name from organizations bo
         where bo.id in (select o.buyer_organization_id from orders o
                          where o.supplier_organization_id = ${supplierOrganizationId})
         order by bo.name, bo.id`,
  );
}
